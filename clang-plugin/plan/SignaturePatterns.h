// The signatures report rows are identified and named by, written by the plugin
// and clang-hotpath-rewrite alike. A function that is not a template gets its
// complete canonical signature; one whose text is shared by instantiations (a
// template, a member of one, a lambda in one) gets a pattern whose template
// parameters are placeholders, completed from __PRETTY_FUNCTION__ where the
// function is compiled (see names/pattern.hpp):
//   app::Map<${K}, ${V=std::string}>::find(const ${K} &) const
// Both front ends print from the definition as written, so both write the same
// text, and every compiler's __PRETTY_FUNCTION__ completes it the same way.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_SIGNATUREPATTERNS_H
#define HOTPATH_CLANG_PLUGIN_PLAN_SIGNATUREPATTERNS_H

#include <optional>
#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

namespace hotpath::plan {

/// What a pattern's `${types=...}` field lists: a type template parameter, a type
/// member of a class template the function belongs to (`char_type` in
/// `map(const char_type *)`), which has a value for each instantiation too, a
/// template template parameter whose own parameters are all types, or a named
/// non-type template parameter (passed as `hotpath::Value<decltype(N), N>`: Clang's
/// pretty function leaves some of them out).
struct TypeParameter {
  /// The parameter's name, or `#1-2` (depth 1, position 2) for an unnamed one; a
  /// pack's ends in "..."; the member type's name.
  std::string Name;
  const clang::TemplateTypeParmDecl* Declaration = nullptr;   ///< null unless a type parameter
  const clang::TypedefNameDecl* MemberType = nullptr;         ///< null unless a member type
  const clang::TemplateTemplateParmDecl* Template = nullptr;  ///< null unless a template
  const clang::NonTypeTemplateParmDecl* Value = nullptr;      ///< null unless a non-type one

  bool unnamed() const { return Declaration != nullptr && Declaration->getName().empty(); }
  bool pack() const {
    if (Declaration != nullptr) return Declaration->isParameterPack();
    if (Template != nullptr) return Template->isParameterPack();
    return Value != nullptr && Value->isParameterPack();
  }
};

/// The placeholder name of an unnamed template parameter: `#1-2` for the second
/// parameter of the outermost list, as GCC's `<template-parameter-1-2>`.
std::string unnamedParameterName(unsigned Depth, unsigned Index);

struct SignaturePattern {
  std::string Text;        ///< canonical signature; placeholders when Dependent
  bool Dependent = false;  ///< completed at build time from __PRETTY_FUNCTION__
  bool Internal = false;   ///< internal linkage: the translation unit is part of it
  /// The type template parameters of the pattern that are in scope in the
  /// function's body, as its `${types=...}` field lists them. An unnamed one can
  /// be named there only once a name is written into its declaration.
  std::vector<TypeParameter> TypeParameters;
};

class SignaturePrinter {
 public:
  explicit SignaturePrinter(clang::ASTContext& Ctx) : Ctx(Ctx) {}

  /// The pattern of a function as written (for an instantiation, its template's).
  SignaturePattern pattern(const clang::FunctionDecl& Function);

  /// The complete signature of a function as the runtime would complete its
  /// pattern (template arguments from Clang's own __PRETTY_FUNCTION__, default
  /// ones left out), with ` [file]` for internal linkage.
  std::string complete(const clang::FunctionDecl& Function);

 private:
  const std::vector<std::string>& inlineNamespaces();
  /// The DefaultTemplateArguments entry of a class template ("" for none).
  const std::string& defaultTemplateArgumentEntry(const clang::ClassTemplateDecl& Template);

  clang::ASTContext& Ctx;
  std::optional<std::vector<std::string>> InlineNamespaces;
  llvm::DenseMap<const clang::ClassTemplateDecl*, std::string> TemplateEntries;
};

/// The entries of hotpath::DefaultTemplateArguments for the class templates
/// the translation unit specializes that have default arguments, members of
/// namespaces other than `std` (`app::Map<${K}, ${V=std::string}>`).
std::vector<std::string> defaultTemplateArgumentEntries(const clang::ASTContext& Ctx);

/// `<Scope>TypeArguments<A, <Scope>TypeArguments<B, void>>` for the arguments
/// `A, B` (`void` for none): the list include/hotpath/site.hpp describes.
std::string nestedTypeArguments(llvm::ArrayRef<std::string> Arguments, llvm::StringRef Scope);

/// One argument of that list: a type as it is, a pack's (`Ts...`, `int, long`) in
/// `<Scope>TypePack<...>`, a template template parameter's in
/// `<Scope>TemplateNames<...>`.
std::string typeArgumentsItem(llvm::StringRef Argument, bool Pack, bool Template,
                              llvm::StringRef Scope);

/// For a lambda, the outermost function around it that is not a lambda: its
/// __PRETTY_FUNCTION__ has the template arguments a lambda's own may lack.
/// Null for other functions.
const clang::FunctionDecl* enclosingFunctionOfLambda(const clang::FunctionDecl& Function);

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_SIGNATUREPATTERNS_H
