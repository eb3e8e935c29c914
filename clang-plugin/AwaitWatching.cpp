// Wrapping a coroutine's suspension points (AwaitWatching.h).
#include "AwaitWatching.h"

#include "ClangCompat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/ScopeInfo.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace hotpath {
namespace {

/// True for the co_awaits of initial_suspend and final_suspend, outside the body.
bool isImplicit(const clang::CoroutineSuspendExpr& Suspend) {
  const auto* Await = llvm::dyn_cast<clang::CoawaitExpr>(&Suspend);
  return Await != nullptr && Await->isImplicit();
}

clang::Expr* operandOf(const clang::CoroutineSuspendExpr& Suspend) {
  if (const auto* Await = llvm::dyn_cast<clang::CoawaitExpr>(&Suspend)) return Await->getOperand();
  return llvm::cast<clang::CoyieldExpr>(Suspend).getOperand();
}

/// `Callee(Args)`, a function of hotpath::detail, or null.
clang::Expr* callDetail(clang::Sema& S, clang::NamespaceDecl& Detail, llvm::StringRef Callee,
                        llvm::ArrayRef<clang::Expr*> Args, clang::SourceLocation Loc) {
  clang::LookupResult Found(S, &S.getASTContext().Idents.get(Callee), Loc,
                            clang::Sema::LookupOrdinaryName);
  if (!S.LookupQualifiedName(Found, &Detail)) return nullptr;
  clang::CXXScopeSpec NoScope;
  clang::ExprResult Function = S.BuildDeclarationNameExpr(NoScope, Found, /*NeedsADL=*/false);
  if (Function.isInvalid()) return nullptr;
  llvm::SmallVector<clang::Expr*, 2> Arguments(Args.begin(), Args.end());
  clang::ExprResult Call = S.BuildCallExpr(nullptr, Function.get(), Loc, Arguments, Loc);
  return Call.isInvalid() ? nullptr : Call.get();
}

/// Replaces the suspension points of a statement tree, post-order (one in the
/// operand of another is wrapped first), remembering each replaced slot so that
/// everything can be put back.
class AwaitWrapper {
 public:
  AwaitWrapper(clang::Sema& S, clang::VarDecl& Guard, clang::NamespaceDecl& Detail)
      : S(S), Guard(Guard), Detail(Detail) {}

  /// Wraps the suspension points under `Node`, and `Node` itself.
  void wrapIn(clang::Stmt*& Node) { wrapIn(Node, /*InTree=*/true); }

  bool failed() const { return Failed; }
  const llvm::SmallPtrSetImpl<const clang::Stmt*>& wrapped() const { return Wrapped; }

  /// Puts every replaced node back, latest first.
  void rollBack() {
    for (auto Slot = Replaced.rbegin(); Slot != Replaced.rend(); ++Slot)
      *Slot->first = Slot->second;
    Replaced.clear();
  }

 private:
  /// `InTree` is false for a local copy of a slot, whose replacement is not the
  /// tree's (the caller uses it to build a new node).
  void wrapIn(clang::Stmt*& Node, bool InTree) {
    if (Node == nullptr || Failed) return;
    // A lambda's or a block's body is another function's; their captures are
    // checked afterwards (everySuspensionWatched).
    if (llvm::isa<clang::LambdaExpr>(Node) || llvm::isa<clang::BlockExpr>(Node)) return;
    auto* Suspend = llvm::dyn_cast<clang::CoroutineSuspendExpr>(Node);
    if (Suspend == nullptr || isImplicit(*Suspend)) {
      for (clang::Stmt*& Child : Node->children()) wrapIn(Child, true);
      return;
    }
    clang::Stmt* Common = Suspend->getCommonExpr();
    wrapIn(Common, false);
    if (Failed) return;
    clang::Expr* Watched = wrap(*Suspend, llvm::cast<clang::Expr>(Common));
    if (Watched == nullptr) {
      Failed = true;
      return;
    }
    Wrapped.insert(Watched);
    if (InTree) Replaced.emplace_back(&Node, Node);
    Node = Watched;
  }

  /// `co_await hotpath::detail::watch_await(Guard, Awaiter)`, or null.
  clang::Expr* wrap(clang::CoroutineSuspendExpr& Suspend, clang::Expr* Awaiter) {
    clang::ASTContext& Ctx = S.getASTContext();
    const clang::SourceLocation Loc = Suspend.getKeywordLoc();
    clang::Expr* GuardReference = clang::DeclRefExpr::Create(
        Ctx, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), &Guard,
        /*RefersToEnclosingVariableOrCapture=*/false, Loc, Guard.getType(), clang::VK_LValue);
    clang::Expr* Call = callDetail(S, Detail, "watch_await", {GuardReference, Awaiter}, Loc);
    if (Call == nullptr) return nullptr;
    clang::ExprResult Await = compat::buildResolvedCoawait(S, Loc, operandOf(Suspend), Call);
    if (Await.isInvalid()) return nullptr;
    // The value the code used must not change: same type, same value category.
    clang::Expr* Result = Await.get();
    if (!Ctx.hasSameType(Result->getType(), Suspend.getType()) ||
        Result->getValueKind() != Suspend.getValueKind())
      return nullptr;
    return Result;
  }

  clang::Sema& S;
  clang::VarDecl& Guard;
  clang::NamespaceDecl& Detail;
  llvm::SmallVector<std::pair<clang::Stmt**, clang::Stmt*>, 8> Replaced;
  llvm::SmallPtrSet<const clang::Stmt*, 8> Wrapped;
  bool Failed = false;
};

/// True when every suspension point under `Node` that the coroutine runs is one
/// of `Wrapped`: also those only reachable through an opaque value's source or a
/// lambda's captures, which the wrapping does not visit.
bool everySuspensionWatched(const clang::Stmt* Node,
                            const llvm::SmallPtrSetImpl<const clang::Stmt*>& Wrapped) {
  if (Node == nullptr || llvm::isa<clang::BlockExpr>(Node)) return true;
  if (const auto* Lambda = llvm::dyn_cast<clang::LambdaExpr>(Node)) {
    for (const clang::Expr* Init : Lambda->capture_inits()) {
      if (!everySuspensionWatched(Init, Wrapped)) return false;
    }
    return true;
  }
  if (const auto* Opaque = llvm::dyn_cast<clang::OpaqueValueExpr>(Node))
    return everySuspensionWatched(Opaque->getSourceExpr(), Wrapped);
  if (const auto* Suspend = llvm::dyn_cast<clang::CoroutineSuspendExpr>(Node)) {
    if (!isImplicit(*Suspend) && Wrapped.count(Suspend) == 0) return false;
    return everySuspensionWatched(Suspend->getCommonExpr(), Wrapped);
  }
  for (const clang::Stmt* Child : Node->children()) {
    if (!everySuspensionWatched(Child, Wrapped)) return false;
  }
  return true;
}

/// Wraps the awaiter of the coroutine's initial suspension with watch_start, so
/// that a coroutine started later is placed under the coroutine that created it.
/// Nothing changes when it cannot be.
void watchStart(clang::Sema& S, clang::CoroutineBodyStmt& Coroutine, clang::NamespaceDecl& Detail) {
  auto* Full = llvm::dyn_cast_or_null<clang::ExprWithCleanups>(Coroutine.getInitSuspendStmt());
  auto* Await = llvm::dyn_cast_or_null<clang::CoawaitExpr>(
      Full != nullptr ? Full->getSubExpr()
                      : llvm::dyn_cast_or_null<clang::Expr>(Coroutine.getInitSuspendStmt()));
  if (Await == nullptr || !Await->isImplicit()) return;
  clang::Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
  const clang::SourceLocation Loc = Await->getKeywordLoc();
  clang::Expr* Call = callDetail(S, Detail, "watch_start", {Await->getCommonExpr()}, Loc);
  if (Call == nullptr) return;
  clang::ExprResult Watched =
      compat::buildResolvedCoawait(S, Loc, Await->getOperand(), Call, /*Implicit=*/true);
  if (Watched.isInvalid() || Trap.hasErrorOccurred() ||
      !S.getASTContext().hasSameType(Watched.get()->getType(), Await->getType()))
    return;
  if (Full != nullptr) {
    Full->setSubExpr(Watched.get());
    return;
  }
  for (clang::Stmt*& Child : Coroutine.children()) {
    if (Child == Await) Child = Watched.get();
  }
}

clang::NamespaceDecl* detailNamespace(clang::Sema& S, clang::NamespaceDecl& Hotpath,
                                      clang::SourceLocation Where) {
  clang::LookupResult Found(S, &S.getASTContext().Idents.get("detail"), Where,
                            clang::Sema::LookupNamespaceName);
  if (!S.LookupQualifiedName(Found, &Hotpath)) return nullptr;
  return Found.getAsSingle<clang::NamespaceDecl>();
}

}  // namespace

bool watchAwaits(clang::Sema& S, clang::CoroutineBodyStmt& Coroutine, clang::Stmt*& Body,
                 clang::VarDecl& Guard, clang::NamespaceDecl& Hotpath) {
  clang::NamespaceDecl* Detail = detailNamespace(S, Hotpath, Guard.getLocation());
  clang::sema::FunctionScopeInfo* Scope = S.getCurFunction();
  if (Detail == nullptr || Scope == nullptr || Coroutine.getPromiseDecl() == nullptr) return false;
  // Sema builds the await_suspend call with a handle to this promise.
  Scope->CoroutinePromise = Coroutine.getPromiseDecl();
  AwaitWrapper Wrapper(S, Guard, *Detail);
  bool Watched = false;
  {
    // Whatever does not compile leaves the coroutine as it was, with no error.
    clang::Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
    Wrapper.wrapIn(Body);
    Watched = !Trap.hasErrorOccurred() && !Wrapper.failed() &&
              everySuspensionWatched(Body, Wrapper.wrapped());
  }
  if (Watched)
    watchStart(S, Coroutine, *Detail);
  else
    Wrapper.rollBack();
  Scope->CoroutinePromise = nullptr;
  return Watched;
}

}  // namespace hotpath
