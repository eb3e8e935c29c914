// Explicit specializations as Clang's __PRETTY_FUNCTION__ spells them.
#include "SpecializationSpellings.h"

#include <functional>

#include "canonical.hpp"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/StringSet.h"
#include "syntax.hpp"
#include "template_defaults.hpp"

namespace hotpath::rewrite {
namespace {

/// `text` in the runtime's canonical spelling (`std::string` for
/// `std::basic_string<char>`), so that entries equal in the report are left out.
names::Nodes canonicalNodes(const std::string& Text) {
  names::Nodes Nodes = names::parse(Text);
  names::canonicalize(Nodes);
  return Nodes;
}

/// True when a name reserved to the implementation is among `Nodes`
/// (`std::__is_fast_hash`, `_Identity`): the standard library's internals, which
/// the names of rows do not show.
bool hasReservedName(const names::Nodes& Nodes) {
  for (const names::Node& Node : Nodes) {
    const std::string& Text = Node.text;
    if (Node.kind == names::Node::Kind::Word && Text.size() > 1 && Text[0] == '_' &&
        (Text[1] == '_' || (Text[1] >= 'A' && Text[1] <= 'Z')))
      return true;
    if (hasReservedName(Node.children)) return true;
  }
  return false;
}

/// The number of arguments of `name<...>`.
std::size_t argumentCount(const names::Nodes& Nodes) {
  return Nodes.empty() ? 0 : names::split(Nodes.back().children, ",").size();
}

}  // namespace

std::vector<std::string> specializationSpellings(const clang::ASTContext& Ctx,
                                                 const std::vector<std::string>& DefaultArguments) {
  names::TemplateDefaults Defaults;
  for (const std::string& Entry : DefaultArguments) Defaults.add(Entry);
  // As the pretty function prints a type: the language's policy.
  const clang::PrintingPolicy Pretty(Ctx.getLangOpts());
  clang::PrintingPolicy Canonical = Pretty;
  Canonical.PrintCanonicalTypes = true;
  std::vector<std::string> Entries;
  llvm::StringSet<> Seen;
  const auto Add = [&](const clang::ClassTemplateSpecializationDecl& Specialization) {
    const clang::TemplateSpecializationKind Kind = Specialization.getSpecializationKind();
    if (Kind == clang::TSK_Undeclared || Kind == clang::TSK_ImplicitInstantiation) return;
    const clang::QualType Type = Ctx.getRecordType(&Specialization);
    const names::Nodes Written = canonicalNodes(Type.getAsString(Pretty));
    // Canonical printing keeps the default arguments: the report leaves out those
    // of the templates DefaultArguments has. One that stays (a template without an
    // entry, a default that depends on another argument) would be added to names.
    names::Nodes Own = canonicalNodes(Type.getAsString(Canonical));
    Defaults.apply(Own);
    if (hasReservedName(Own) || argumentCount(Written) != argumentCount(Own)) return;
    const std::string WrittenText = names::print(Written);
    const std::string OwnText = names::print(Own);
    if (WrittenText != OwnText && Seen.insert(WrittenText).second)
      Entries.push_back(WrittenText + " = " + OwnText);
  };
  const std::function<void(const clang::DeclContext&)> Visit =
      [&](const clang::DeclContext& Scope) {
        for (const clang::Decl* Decl : Scope.decls()) {
          if (llvm::isa<clang::NamespaceDecl>(Decl) || llvm::isa<clang::LinkageSpecDecl>(Decl) ||
              llvm::isa<clang::ExportDecl>(Decl)) {
            Visit(*llvm::cast<clang::DeclContext>(Decl));
          } else if (const auto* Template = llvm::dyn_cast<clang::ClassTemplateDecl>(Decl)) {
            if (!Template->isCanonicalDecl()) continue;  // all declarations share the list
            for (const clang::ClassTemplateSpecializationDecl* Specialization :
                 Template->specializations())
              Add(*Specialization);
          }
        }
      };
  Visit(*Ctx.getTranslationUnitDecl());
  return Entries;
}

}  // namespace hotpath::rewrite
