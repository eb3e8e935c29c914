// The text clang-hotpath-rewrite writes into a source file: the guard after a
// body's `{` (the same guard the plugin injects into the AST) and the prologue
// that includes the runtime and keeps line numbers and file names.
#ifndef HOTPATH_REWRITER_GUARDTEXT_H
#define HOTPATH_REWRITER_GUARDTEXT_H

#include <optional>
#include <string>
#include <vector>

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringRef.h"
#include "plan/InstrumentationPlan.h"
#include "plan/LambdaNumbers.h"

namespace hotpath::rewrite {

/// A C string literal with `Text` in it.
std::string quoted(llvm::StringRef Text);

/// A lambda inside a template: Clang's __PRETTY_FUNCTION__ of a lambda lacks
/// the template arguments of the function it is written in, so that function
/// declares its own (`__hotpath_enclosing`) for the lambda's site.
struct LambdaInTemplate {
  /// The outermost function around it, as written (the template's definition).
  const clang::FunctionDecl* Enclosing = nullptr;
};

/// The LambdaInTemplate of a planned lambda whose text several instantiations
/// share; nothing for other functions.
std::optional<LambdaInTemplate> lambdaInTemplate(const plan::PlannedFunction& Planned);

/// The name written into the declaration of an unnamed type template parameter
/// that a guard passes to `hotpath::TypeArguments` (`__hotpath_t1_2`).
std::string writtenParameterName(const plan::TypeParameter& Parameter);

/// The guard text written after the `{` (starts with a space, one line). A
/// coroutine's guard is told that every suspension point reports to it when
/// `AwaitsWatched` (AwaitEdits.h).
std::string guardText(const plan::PlannedFunction& Planned,
                      const LambdaInTemplate* Lambda = nullptr, bool AwaitsWatched = false);

/// The name of the guard variable in `Function`'s body.
std::string guardName(const clang::FunctionDecl& Function);

/// The declaration written after the `{` of a LambdaInTemplate's enclosing
/// function, which its lambdas' guards refer to.
std::string enclosingSignatureText(const clang::FunctionDecl& Enclosing);

/// The declarations written at the end of an instrumented source that register
/// what the names of rows need from its translation unit: the default template
/// arguments (plan::defaultTemplateArgumentEntries) and the lambdas as g++
/// numbers them (plan::numberedLambdas). Their names are made from `Path`, so that
/// a source that includes another still compiles. Empty when both are empty.
std::string translationUnitNamesText(const std::vector<std::string>& DefaultArguments,
                                     const std::vector<plan::NumberedLambda>& Lambdas,
                                     llvm::StringRef Path);

/// True when a source already ends with them (a re-run).
bool hasTranslationUnitNames(llvm::StringRef Source);

/// The number of guards in an inserted text.
unsigned guardsIn(llvm::StringRef Inserted);

/// True when an inserted text declares an enclosing function's signature, which a
/// lambda's guard names.
bool declaresEnclosingName(llvm::StringRef Inserted);

/// True when the text after a `{` already starts with the declaration of an
/// enclosing function's signature (enclosingSignatureText, from an earlier run).
bool declaresEnclosingSignature(llvm::StringRef After);

/// "#include <hotpath/hotpath.hpp>" and "#line 1", two lines: the file's own lines
/// keep their numbers.
std::string prologue();
/// True when `Source` already starts with a prologue (after its byte order mark).
bool hasPrologue(llvm::StringRef Source);

/// The UTF-8 byte order mark `Source` starts with, or "": the prologue goes after it.
llvm::StringRef byteOrderMark(llvm::StringRef Source);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_GUARDTEXT_H
