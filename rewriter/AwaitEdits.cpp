// Finding a coroutine's co_awaits for clang-hotpath-rewrite (AwaitEdits.h).
#include "AwaitEdits.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace hotpath::rewrite {
namespace {

/// True when `Record` or one of its bases declares a member named `Name`.
bool hasMember(const clang::CXXRecordDecl* Record, llvm::StringRef Name) {
  if (Record == nullptr || !Record->hasDefinition()) return false;
  Record = Record->getDefinition();
  for (const clang::Decl* Member : Record->decls()) {
    if (const auto* Named = llvm::dyn_cast<clang::NamedDecl>(Member)) {
      if (Named->getDeclName().isIdentifier() && Named->getName() == Name) return true;
    }
  }
  for (const clang::CXXBaseSpecifier& Base : Record->bases()) {
    if (hasMember(Base.getType()->getAsCXXRecordDecl(), Name)) return true;
  }
  return false;
}

/// Collects the co_awaits of a body, and says whether every suspension point
/// can be wrapped as text.
class AwaitFinder {
 public:
  AwaitFinder(const clang::SourceManager& SM, const clang::LangOptions& LangOpts,
              llvm::function_ref<bool(clang::SourceLocation)> Writable)
      : SM(SM), LangOpts(LangOpts), Writable(Writable) {}

  void visit(const clang::Stmt* Node) {
    if (Node == nullptr || !Wrappable) return;
    // A lambda's body is another function's; a co_await in its captures is this one's.
    if (const auto* Lambda = llvm::dyn_cast<clang::LambdaExpr>(Node)) {
      for (const clang::Expr* Init : Lambda->capture_inits()) visit(Init);
      return;
    }
    if (llvm::isa<clang::BlockExpr>(Node)) return;
    // Shared subexpressions (`a ?: b`) are reached through their opaque values too.
    if (const auto* Opaque = llvm::dyn_cast<clang::OpaqueValueExpr>(Node)) {
      visit(Opaque->getSourceExpr());
      return;
    }
    if (llvm::isa<clang::CoyieldExpr>(Node)) {
      Wrappable = false;
      return;
    }
    if (const auto* Await = llvm::dyn_cast<clang::CoawaitExpr>(Node)) {
      if (!Await->isImplicit()) add(*Await);
      return;
    }
    if (llvm::isa<clang::DependentCoawaitExpr>(Node)) {
      Wrappable = false;
      return;
    }
    for (const clang::Stmt* Child : Node->children()) visit(Child);
  }

  bool wrappable() const { return Wrappable; }
  std::vector<AwaitOperand> takeOperands() { return std::move(Operands); }

 private:
  void add(const clang::CoawaitExpr& Await) {
    if (!Seen.insert(&Await).second) return;
    const clang::Expr* Operand = Await.getOperand();
    const clang::SourceLocation Begin = Operand->getBeginLoc();
    const clang::SourceLocation Last = Operand->getEndLoc();
    if (Begin.isInvalid() || Last.isInvalid() || Begin.isMacroID() || Last.isMacroID() ||
        !Writable(Begin) || SM.getFileID(Begin) != SM.getFileID(Last)) {
      Wrappable = false;
      return;
    }
    // A co_await in the operand of another would need two wraps at one place.
    AwaitFinder Inner(SM, LangOpts, Writable);
    for (const clang::Stmt* Child : Operand->children()) Inner.visit(Child);
    if (!Inner.Operands.empty() || !Inner.Wrappable) {
      Wrappable = false;
      return;
    }
    Operands.push_back(
        AwaitOperand{Begin, clang::Lexer::getLocForEndOfToken(Last, 0, SM, LangOpts)});
  }

  const clang::SourceManager& SM;
  const clang::LangOptions& LangOpts;
  llvm::function_ref<bool(clang::SourceLocation)> Writable;
  llvm::SmallPtrSet<const clang::Stmt*, 8> Seen;
  std::vector<AwaitOperand> Operands;
  bool Wrappable = true;
};

}  // namespace

std::optional<std::vector<AwaitOperand>> wrappableAwaits(
    const clang::FunctionDecl& Function, const clang::SourceManager& SM,
    const clang::LangOptions& LangOpts, llvm::function_ref<bool(clang::SourceLocation)> Writable) {
  const auto* Coroutine = llvm::dyn_cast_or_null<clang::CoroutineBodyStmt>(Function.getBody());
  if (Coroutine == nullptr || Coroutine->getPromiseDecl() == nullptr) return std::nullopt;
  const clang::CXXRecordDecl* Promise =
      Coroutine->getPromiseDecl()->getType()->getAsCXXRecordDecl();
  if (Promise == nullptr || hasMember(Promise, "await_transform")) return std::nullopt;
  AwaitFinder Finder(SM, LangOpts, Writable);
  Finder.visit(Coroutine->getBody());
  if (!Finder.wrappable()) return std::nullopt;
  return Finder.takeOperands();
}

std::string watchOperandPrefix(const std::string& GuardName) {
  return "::hotpath::detail::watch_operand(" + GuardName + ", ";
}

}  // namespace hotpath::rewrite
