// Declaration and body walking for the plugin and the rewriter.
#include "plan/DefinitionWalker.h"

#include "ClangCompat.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"

namespace hotpath::plan {
namespace {

/// Lambdas in `Code`; nested ones are found when their enclosing lambda's body
/// is walked in turn.
void collectLambdas(clang::Stmt* Code, llvm::SmallVectorImpl<clang::FunctionDecl*>& Out) {
  if (Code == nullptr) return;
  if (auto* Lambda = llvm::dyn_cast<clang::LambdaExpr>(Code)) {
    Out.push_back(Lambda->getCallOperator());
    for (clang::Expr* Capture : Lambda->capture_inits()) collectLambdas(Capture, Out);
    return;
  }
  for (clang::Stmt* Child : Code->children()) collectLambdas(Child, Out);
}

}  // namespace

void DefinitionWalker::walkDecl(clang::Decl* D) {
  if (D == nullptr) return;
  if (auto* Function = llvm::dyn_cast<clang::FunctionDecl>(D)) {
    walkFunction(Function);
  } else if (auto* Context = llvm::dyn_cast<clang::DeclContext>(D);
             Context != nullptr && llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl,
                                             clang::ExportDecl, clang::CXXRecordDecl>(D)) {
    for (clang::Decl* Member : Context->decls()) walkDecl(Member);
  } else if (auto* Var = llvm::dyn_cast<clang::VarDecl>(D)) {
    if (Var->hasInit() && !Var->isTemplated()) walkLambdasIn(Var->getInit());
  }
  // Class and function templates are patterns: their instantiations arrive on
  // their own.
}

void DefinitionWalker::walkFunction(clang::FunctionDecl* Function) {
  if (Function == nullptr) return;
  if (!Function->doesThisDeclarationHaveABody()) {
    // No body to measure, but an attribute on one is diagnosed by the plan.
    if (Function->isDefaulted() || Function->isDeleted() || compat::isPureVirtual(*Function))
      Visit(*Function);
    return;
  }
  Visit(*Function);
  if (!Function->isDependentContext()) walkLambdasIn(Function->getBody());
}

void DefinitionWalker::walkLambdasIn(clang::Stmt* Code) {
  llvm::SmallVector<clang::FunctionDecl*, 4> Lambdas;
  collectLambdas(Code, Lambdas);
  for (clang::FunctionDecl* CallOperator : Lambdas) walkFunction(CallOperator);
}

}  // namespace hotpath::plan
