// Numbering of lambdas as g++ numbers them.
#include "plan/LambdaNumbers.h"

#include "canonical.hpp"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace hotpath::plan {
namespace {

/// The lambdas written in one function's body, in order, not those inside them
/// or inside its local classes (which number their own).
class BodyLambdas : public clang::RecursiveASTVisitor<BodyLambdas> {
 public:
  bool TraverseLambdaExpr(clang::LambdaExpr* Lambda) {
    Found.push_back(Lambda);
    if (ConstexprIfDepth > 0) InConstexprIf = true;
    return true;  // its body is another function's
  }
  bool TraverseCXXRecordDecl(clang::CXXRecordDecl*) { return true; }
  bool TraverseIfStmt(clang::IfStmt* If) {
    ConstexprIfDepth += If->isConstexpr() ? 1 : 0;
    const bool Result = RecursiveASTVisitor::TraverseIfStmt(If);
    ConstexprIfDepth -= If->isConstexpr() ? 1 : 0;
    return Result;
  }

  std::vector<const clang::LambdaExpr*> Found;
  bool InConstexprIf = false;  ///< a lambda is in an `if constexpr`

 private:
  unsigned ConstexprIfDepth = 0;
};

class FunctionsWithLambdas : public clang::RecursiveASTVisitor<FunctionsWithLambdas> {
 public:
  FunctionsWithLambdas(clang::ASTContext& Ctx,
                       llvm::function_ref<bool(clang::SourceLocation)> InScope)
      : Ctx(Ctx), InScope(InScope) {}

  /// Declarations of other files hold no function in scope: not walked.
  bool TraverseDecl(clang::Decl* Decl) {
    if (Decl != nullptr && !llvm::isa<clang::TranslationUnitDecl>(Decl) &&
        Decl->getLocation().isValid() &&
        !InScope(Ctx.getSourceManager().getExpansionLoc(Decl->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(Decl);
  }

  bool VisitFunctionDecl(clang::FunctionDecl* Function) {
    const auto* Method = llvm::dyn_cast<clang::CXXMethodDecl>(Function);
    // TraverseDecl has left out the functions of other files.
    if (!Function->doesThisDeclarationHaveABody() || (Method && Method->getParent()->isLambda()))
      return true;
    // In an enclosing lambda's scope: g++ numbers it in that lambda's.
    for (const clang::DeclContext* Context = Function->getParent(); Context != nullptr;
         Context = Context->getParent()) {
      const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(Context);
      if (Record != nullptr && Record->isLambda()) return true;
    }
    BodyLambdas Lambdas;
    if (const auto* Constructor = llvm::dyn_cast<clang::CXXConstructorDecl>(Function)) {
      for (const clang::CXXCtorInitializer* Init : Constructor->inits()) {
        if (Init->isWritten()) Lambdas.TraverseStmt(Init->getInit());
      }
    }
    Lambdas.TraverseStmt(Function->getBody());
    if (Lambdas.Found.empty() || (Lambdas.InConstexprIf && Function->isTemplated())) return true;
    std::string Context;
    llvm::raw_string_ostream Out(Context);
    // As g++'s demangler writes the function: with inline namespaces, and with
    // its parameters, unless it is `main` or `extern "C"` (whose local names
    // have none: `main::{lambda()#1}`).
    clang::PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressInlineNamespace = false;
    Function->printQualifiedName(Out, Policy);
    if (!Function->isMain() && !Function->isExternC()) {
      Out << "(";
      for (unsigned I = 0; I < Function->getNumParams(); ++I)
        Out << (I > 0 ? ", " : "") << Function->getParamDecl(I)->getType().getAsString(Policy);
      Out << ")";
    }
    unsigned Number = 0;
    for (const clang::LambdaExpr* Lambda : Lambdas.Found)
      Result.push_back({Context, ++Number, location(*Lambda)});
    return true;
  }

  std::vector<NumberedLambda> Result;

 private:
  /// `(lambda at a.cpp:12)`, as the plugin names it (names/canonical.hpp).
  std::string location(const clang::LambdaExpr& Lambda) const {
    const clang::SourceManager& SM = Ctx.getSourceManager();
    const clang::PresumedLoc Where = SM.getPresumedLoc(Lambda.getLambdaClass()->getLocation());
    if (Where.isInvalid()) return "";
    return names::canonical_spelling("(lambda at " + std::string(Where.getFilename()) + ":" +
                                     std::to_string(Where.getLine()) + ":" +
                                     std::to_string(Where.getColumn()) + ")");
  }

  clang::ASTContext& Ctx;
  llvm::function_ref<bool(clang::SourceLocation)> InScope;
};

}  // namespace

std::vector<NumberedLambda> numberedLambdas(
    clang::ASTContext& Ctx, llvm::function_ref<bool(clang::SourceLocation)> InScope) {
  FunctionsWithLambdas Visitor(Ctx, InScope);
  Visitor.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Visitor.Result);
}

}  // namespace hotpath::plan
