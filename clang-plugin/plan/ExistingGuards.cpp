// Finding the guards a function's body already has (see the header).
#include "plan/ExistingGuards.h"

#include "ClangCompat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

namespace hotpath::plan {
namespace {

/// True for the types of the guards that measure a call (hotpath::ScopeGuard and
/// its kin, hotpath::MainGuard).
bool isGuardType(clang::QualType Type) {
  const auto* Record = Type->getAsCXXRecordDecl();
  if (Record == nullptr || Record->getIdentifier() == nullptr) return false;
  const auto* Namespace = llvm::dyn_cast<clang::NamespaceDecl>(Record->getDeclContext());
  if (Namespace == nullptr || Namespace->getName() != "hotpath" ||
      !Namespace->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  return llvm::StringSwitch<bool>(Record->getName())
      .Cases("ScopeGuard", "ConstexprScopeGuard", "CoroutineGuard", "MainGuard", true)
      .Default(false);
}

/// True when `Location` comes from an expansion of the macro `Name`, directly or
/// through the macros it expands to.
bool expandedFrom(clang::SourceLocation Location, llvm::StringRef Name,
                  const clang::ASTContext& Ctx) {
  const clang::SourceManager& SM = Ctx.getSourceManager();
  while (Location.isMacroID()) {
    if (clang::Lexer::getImmediateMacroName(Location, SM, Ctx.getLangOpts()) == Name) return true;
    Location = SM.getImmediateMacroCallerLoc(Location);
  }
  return false;
}

ExistingGuard guardDeclaredBy(const clang::VarDecl& Variable, const clang::ASTContext& Ctx) {
  if (!isGuardType(Variable.getType())) return ExistingGuard::None;
  if (compat::startsWith(Variable.getName(), "__hotpath_guard")) return ExistingGuard::Rewriter;
  if (expandedFrom(Variable.getLocation(), "HOTPATH_MEASURE", Ctx)) return ExistingGuard::Macro;
  return ExistingGuard::None;
}

}  // namespace

const clang::CompoundStmt* writtenBody(const clang::FunctionDecl& Function) {
  const clang::Stmt* Body = Function.getBody();
  if (const auto* Try = llvm::dyn_cast_or_null<clang::CXXTryStmt>(Body)) Body = Try->getTryBlock();
  if (const auto* Coroutine = llvm::dyn_cast_or_null<clang::CoroutineBodyStmt>(Body))
    Body = Coroutine->getBody();
  return llvm::dyn_cast_or_null<clang::CompoundStmt>(Body);
}

ExistingGuard existingFunctionGuard(const clang::FunctionDecl& Function) {
  const clang::CompoundStmt* Body = writtenBody(Function);
  if (Body == nullptr) return ExistingGuard::None;
  for (const clang::Stmt* Statement : Body->body()) {
    const auto* Declaration = llvm::dyn_cast<clang::DeclStmt>(Statement);
    if (Declaration == nullptr) continue;
    for (const clang::Decl* Declared : Declaration->decls()) {
      const auto* Variable = llvm::dyn_cast<clang::VarDecl>(Declared);
      if (Variable == nullptr) continue;
      const ExistingGuard Found = guardDeclaredBy(*Variable, Function.getASTContext());
      if (Found != ExistingGuard::None) return Found;
    }
  }
  return ExistingGuard::None;
}

}  // namespace hotpath::plan
