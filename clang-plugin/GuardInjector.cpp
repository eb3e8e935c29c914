// Construction of the guard declarations and the rebuilt function body.
#include "GuardInjector.h"

#include "AwaitWatching.h"
#include "ClangCompat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/ScopeInfo.h"

namespace hotpath {
namespace {

const char* guardClassName(plan::GuardKind Kind) {
  switch (Kind) {
    case plan::GuardKind::Scope:
      return "ScopeGuard";
    case plan::GuardKind::Constexpr:
      return "ConstexprScopeGuard";
    case plan::GuardKind::Coroutine:
      return "CoroutineGuard";
    case plan::GuardKind::Main:
      return "MainGuard";
  }
  return "ScopeGuard";
}

/// The compound statement that holds the user's code: the body itself, the try
/// block of a function-try-block, or the body of a coroutine.
clang::Stmt** userBlock(clang::Stmt*& Body) {
  if (auto* Try = llvm::dyn_cast<clang::CXXTryStmt>(Body)) return &*Try->child_begin();
  if (auto* Coroutine = llvm::dyn_cast<clang::CoroutineBodyStmt>(Body))
    return &*Coroutine->child_begin();
  return &Body;
}

}  // namespace

clang::CXXRecordDecl* GuardInjector::findRuntimeClass(llvm::StringRef Name,
                                                      clang::SourceLocation Where) {
  clang::ASTContext& Ctx = S.getASTContext();
  if (HotpathNamespace == nullptr) {
    clang::LookupResult Found(S, &Ctx.Idents.get("hotpath"), Where,
                              clang::Sema::LookupNamespaceName);
    if (S.LookupQualifiedName(Found, Ctx.getTranslationUnitDecl()))
      HotpathNamespace = Found.getAsSingle<clang::NamespaceDecl>();
  }
  clang::CXXRecordDecl* Class = nullptr;
  if (HotpathNamespace != nullptr) {
    clang::LookupResult Found(S, &Ctx.Idents.get(Name), Where, clang::Sema::LookupTagName);
    if (S.LookupQualifiedName(Found, HotpathNamespace))
      Class = Found.getAsSingle<clang::CXXRecordDecl>();
  }
  if ((Class == nullptr || !Class->hasDefinition()) && !ReportedMissingRuntime) {
    ReportedMissingRuntime = true;
    S.Diag(Where, S.getDiagnostics().getCustomDiagID(
                      clang::DiagnosticsEngine::Error,
                      "hotpath cannot instrument this function: 'hotpath::%0' is not declared; "
                      "include <hotpath/hotpath.hpp> (the flags of 'pkg-config --cflags "
                      "hotpath' include it for every file)"))
        << Name;
  }
  return Class != nullptr && Class->hasDefinition() ? Class->getDefinition() : nullptr;
}

clang::VarDecl* GuardInjector::makeVariable(clang::FunctionDecl& Function, llvm::StringRef Name,
                                            clang::CXXRecordDecl& Type, clang::StorageClass Storage,
                                            bool Constexpr, llvm::ArrayRef<clang::Expr*> Args,
                                            clang::SourceLocation Where) {
  clang::ASTContext& Ctx = S.getASTContext();
  clang::QualType VarType = Ctx.getRecordType(&Type);
  if (Constexpr) VarType.addConst();
  auto* Var = clang::VarDecl::Create(Ctx, &Function, Where, Where, &Ctx.Idents.get(Name), VarType,
                                     Ctx.getTrivialTypeSourceInfo(VarType, Where), Storage);
  Var->setImplicit();  // no unused-variable or shadowing warnings
  // A constexpr function may only pass through a static local that is constexpr
  // itself during constant evaluation.
  if (Constexpr) Var->setConstexpr(true);
  Var->setReferenced();
  clang::Expr* Init = clang::ParenListExpr::Create(Ctx, Where, Args, Where);
  S.AddInitializerToDecl(Var, Init, /*DirectInit=*/true);
  return Var->isInvalidDecl() ? nullptr : Var;
}

clang::VarDecl* GuardInjector::makeCoroutineGuard(clang::FunctionDecl& Function,
                                                  clang::CompoundStmt& Statements,
                                                  clang::VarDecl& Site,
                                                  clang::CXXRecordDecl& GuardClass) {
  clang::ASTContext& Ctx = S.getASTContext();
  const clang::SourceLocation Where = Statements.getLBracLoc();
  auto Guard = [&](bool AwaitsWatched) {
    llvm::SmallVector<clang::Expr*, 2> Args{clang::DeclRefExpr::Create(
        Ctx, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), &Site,
        /*RefersToEnclosingVariableOrCapture=*/false, Where, Site.getType(), clang::VK_LValue)};
    if (AwaitsWatched) Args.push_back(new (Ctx) clang::CXXBoolLiteralExpr(true, Ctx.BoolTy, Where));
    return makeVariable(Function, "__hotpath_guard", GuardClass, clang::SC_None, false, Args,
                        Where);
  };
  clang::VarDecl* Watching = Guard(true);
  auto* Coroutine = llvm::dyn_cast<clang::CoroutineBodyStmt>(Function.getBody());
  clang::Stmt* Body = &Statements;
  if (Watching != nullptr && Coroutine != nullptr && HotpathNamespace != nullptr &&
      watchAwaits(S, *Coroutine, Body, *Watching, *HotpathNamespace))
    return Watching;
  // Some suspension point cannot report to the guard: it measures the logical life only.
  return Guard(false);
}

bool GuardInjector::inject(const plan::PlannedFunction& Planned, const std::string& Signature) {
  auto& Function = const_cast<clang::FunctionDecl&>(*Planned.Function);
  clang::Stmt* Body = Function.getBody();
  if (Body == nullptr) return false;
  clang::Stmt** Block = userBlock(Body);
  auto* Compound = llvm::dyn_cast<clang::CompoundStmt>(*Block);
  if (Compound == nullptr) return false;
  const clang::SourceLocation Where = Compound->getLBracLoc();

  clang::CXXRecordDecl* GuardClass = findRuntimeClass(guardClassName(Planned.Guard), Where);
  clang::CXXRecordDecl* SiteClass = findRuntimeClass("Site", Where);
  if (GuardClass == nullptr || SiteClass == nullptr) return false;

  clang::ASTContext& Ctx = S.getASTContext();
  clang::Sema::ContextRAII FunctionContext(S, &Function);
  S.PushFunctionScope();
  llvm::SmallVector<clang::Stmt*, 8> Statements;
  auto Declare = [&](clang::VarDecl* Var) {
    Statements.push_back(new (Ctx) clang::DeclStmt(clang::DeclGroupRef(Var), Where, Where));
  };
  auto String = [&](llvm::StringRef Text) { return compat::makeStringLiteral(Ctx, Text, Where); };
  auto Unsigned = [&](unsigned Value) {
    return clang::IntegerLiteral::Create(Ctx, llvm::APInt(32, Value), Ctx.UnsignedIntTy, Where);
  };

  bool Ok = true;
  if (Planned.Guard == plan::GuardKind::Main) {
    clang::Expr* Args[] = {String(Planned.Name), String(Planned.MainOptions), String(Planned.File),
                           Unsigned(Planned.Line)};
    clang::VarDecl* Guard =
        makeVariable(Function, "__hotpath_guard", *GuardClass, clang::SC_None, false, Args, Where);
    Ok = Guard != nullptr;
    if (Ok) Declare(Guard);
  } else {
    auto Null = [&] {
      return static_cast<clang::Expr*>(new (Ctx)
                                           clang::CXXNullPtrLiteralExpr(Ctx.NullPtrTy, Where));
    };
    // A user's row name, or the function's complete signature.
    const bool Named = Planned.Signature.Text.empty();
    clang::Expr* SiteArgs[] = {Named ? String(Planned.Name) : Null(),
                               Named ? Null() : String(Signature), String(Planned.File),
                               Unsigned(Planned.Line)};
    clang::VarDecl* Site =
        makeVariable(Function, "__hotpath_site", *SiteClass, clang::SC_Static,
                     Planned.Guard == plan::GuardKind::Constexpr, SiteArgs, Where);
    auto Reference = [&](clang::VarDecl* Var) -> clang::Expr* {
      return clang::DeclRefExpr::Create(
          Ctx, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), Var,
          /*RefersToEnclosingVariableOrCapture=*/false, Where, Var->getType(), clang::VK_LValue);
    };
    clang::VarDecl* Guard = nullptr;
    if (Site != nullptr && Planned.Guard == plan::GuardKind::Constexpr) {
      // Constant evaluation must not reach the site's definition (Clang 15 refuses
      // any static variable's there):
      //   const Site* __hotpath_site_address = nullptr;
      //   if (!__builtin_is_constant_evaluated()) {
      //     static constexpr const Site __hotpath_site(...);
      //     __hotpath_site_address = &__hotpath_site;
      //   }
      //   ConstexprScopeGuard __hotpath_guard(__hotpath_site_address);
      const clang::QualType AddressType = Ctx.getPointerType(Site->getType());
      auto* Address = clang::VarDecl::Create(
          Ctx, &Function, Where, Where, &Ctx.Idents.get("__hotpath_site_address"), AddressType,
          Ctx.getTrivialTypeSourceInfo(AddressType, Where), clang::SC_None);
      Address->setImplicit();
      Address->setReferenced();
      S.AddInitializerToDecl(Address, Null(), /*DirectInit=*/false);
      clang::ExprResult AtRunTime = S.BuildUnaryOp(
          nullptr, Where, clang::UO_LNot,
          S.BuildBuiltinCallExpr(Where, clang::Builtin::BI__builtin_is_constant_evaluated, {}));
      clang::ExprResult SiteAddress =
          S.BuildUnaryOp(nullptr, Where, clang::UO_AddrOf, Reference(Site));
      clang::ExprResult Store = SiteAddress.isInvalid()
                                    ? clang::ExprError()
                                    : S.BuildBinOp(nullptr, Where, clang::BO_Assign,
                                                   Reference(Address), SiteAddress.get());
      if (!Address->isInvalidDecl() && !AtRunTime.isInvalid() && !Store.isInvalid()) {
        clang::Expr* GuardArgs[] = {Reference(Address)};
        Guard = makeVariable(Function, "__hotpath_guard", *GuardClass, clang::SC_None, false,
                             GuardArgs, Where);
      }
      if (Guard != nullptr) {
        Declare(Address);
        clang::Stmt* Definition =
            new (Ctx) clang::DeclStmt(clang::DeclGroupRef(Site), Where, Where);
        clang::Stmt* Then = compat::makeCompoundStmt(Ctx, {Definition, Store.get()}, Where, Where);
        Statements.push_back(clang::IfStmt::Create(Ctx, Where, clang::IfStatementKind::Ordinary,
                                                   nullptr, nullptr, AtRunTime.get(), Where, Where,
                                                   Then));
        Declare(Guard);
      }
      Ok = Guard != nullptr;
    } else {
      if (Site != nullptr && Planned.Guard == plan::GuardKind::Coroutine) {
        Guard = makeCoroutineGuard(Function, *Compound, *Site, *GuardClass);
      } else if (Site != nullptr) {
        clang::Expr* GuardArgs[] = {Reference(Site)};
        Guard = makeVariable(Function, "__hotpath_guard", *GuardClass, clang::SC_None, false,
                             GuardArgs, Where);
      }
      Ok = Site != nullptr && Guard != nullptr;
      if (Ok) {
        Declare(Site);
        Declare(Guard);
      }
    }
  }
  S.PopFunctionScopeInfo();
  if (!Ok) return false;

  Statements.append(Compound->body_begin(), Compound->body_end());
  *Block =
      compat::makeCompoundStmt(Ctx, Statements, Compound->getLBracLoc(), Compound->getRBracLoc());
  if (Block == &Body) Function.setBody(Body);
  return true;
}

}  // namespace hotpath
