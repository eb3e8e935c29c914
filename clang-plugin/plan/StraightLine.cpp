// Finding straight-line functions (see the header): one walk of the body that stops
// at the first construct that can loop, call or allocate.
#include "plan/StraightLine.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

namespace hotpath::plan {
namespace {

/// How deep calls of straight-line functions are followed as written: a forwarding
/// function calls a straight-line one, which is cheap; further, the answer is "a
/// call".
constexpr unsigned kCalleeDepth = 3;

/// How deep they are followed as instantiated: a template's accessor reaches its
/// data through members of other templates, the standard library's smart pointers
/// and tuples, each a one-line call of the next (`std::unique_ptr<T[]>::get()` is
/// five calls deep).
constexpr unsigned kInstantiatedCalleeDepth = 8;

/// How a body is seen. While the translation unit is parsed, as written: a
/// template's instance by its template, a callee only when defined before the call.
/// At its end, as instantiated: an instance by its own body, whose every callee is
/// defined by then.
enum class View { AsWritten, AsInstantiated };

/// One judgement of a function and the callees it follows.
struct Judgement {
  Judgement(clang::ASTContext& Ctx, View Seen) : Ctx(Ctx), Seen(Seen) {}

  clang::ASTContext& Ctx;
  View Seen;
  /// Answers already given as instantiated, by function and depth left: a function
  /// calling several others that call the same ones is judged in linear time.
  llvm::DenseMap<std::pair<const clang::FunctionDecl*, unsigned>, bool> Known;
};

bool isStraightLineAt(const clang::FunctionDecl& Instance, Judgement& Judged, unsigned Depth);

class StraightLineChecker : public clang::RecursiveASTVisitor<StraightLineChecker> {
 public:
  StraightLineChecker(Judgement& Judged, unsigned Depth)
      : Judged(Judged), Ctx(Judged.Ctx), Depth(Depth) {}

  bool Found = false;  ///< something that can take long

  bool VisitStmt(clang::Stmt* Statement) {
    if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::CXXForRangeStmt, clang::GotoStmt,
                  clang::IndirectGotoStmt, clang::CXXTryStmt, clang::CoroutineBodyStmt,
                  clang::CoreturnStmt>(Statement))
      return found();
    if (const auto* Do = llvm::dyn_cast<clang::DoStmt>(Statement)) {
      if (!runsOnce(*Do)) return found();
    }
    return true;
  }

  bool VisitExpr(clang::Expr* Expression) {
    // Until it is instantiated, an operator or a copy of a dependent type may call.
    // An expression of a known type whose value alone depends on the template's
    // arguments (`N + 1`, a bool parameter tested) is resolved as written: any call
    // in it is in the tree and judged as a call.
    if (Expression->isTypeDependent()) return cannotCallOnceInstantiated(*Expression) || found();
    if (llvm::isa<clang::CXXNewExpr, clang::CXXDeleteExpr, clang::CXXThrowExpr,
                  clang::CXXBindTemporaryExpr, clang::CoawaitExpr, clang::CoyieldExpr,
                  clang::CXXInheritedCtorInitExpr, clang::CXXUnresolvedConstructExpr>(Expression))
      return found();
    if (const auto* Construct = llvm::dyn_cast<clang::CXXConstructExpr>(Expression)) {
      if (!Construct->getConstructor()->isTrivial()) return found();
    }
    if (const auto* Call = llvm::dyn_cast<clang::CallExpr>(Expression)) {
      if (!isCheapBuiltin(*Call) && !callsStraightLine(*Call)) return found();
    }
    return true;
  }

  bool VisitVarDecl(clang::VarDecl* Variable) {
    if (const clang::CXXRecordDecl* Record = Variable->getType()->getAsCXXRecordDecl()) {
      if (Record->hasDefinition() && !Record->hasTrivialDestructor()) return found();
    }
    return true;
  }

  // A lambda's body runs when it is called (a call), but its captures are copied here.
  bool TraverseLambdaExpr(clang::LambdaExpr*) { return found(); }

  // A branch the code marks unlikely is the exception, not the function's common
  // path (a buffer that must grow, a stream that must refill): what it calls is
  // measured on its own.
  bool TraverseIfStmt(clang::IfStmt* If) {
    const clang::Stmt* Cold = coldBranch(*If);
    if (Cold == nullptr) return RecursiveASTVisitor::TraverseIfStmt(If);
    for (clang::Stmt* Part :
         {If->getInit(), static_cast<clang::Stmt*>(If->getConditionVariableDeclStmt()),
          static_cast<clang::Stmt*>(If->getCond()), If->getThen(), If->getElse()}) {
      if (Part != nullptr && Part != Cold && !TraverseStmt(Part)) return false;
    }
    return true;
  }

 private:
  /// `do { ... } while (0)`: the statement macros expand to (assertions, the
  /// standard library's among them), no loop.
  bool runsOnce(const clang::DoStmt& Do) const {
    const clang::Expr* Condition = Do.getCond();
    if (Condition->isValueDependent()) return false;
    const auto Value = Condition->getIntegerConstantExpr(Ctx);
    return Value && Value->isZero();
  }

  /// The branch of `If` marked unlikely: by `__builtin_expect` of its condition
  /// (the then-branch when expected false, the else-branch when expected true),
  /// or by `[[unlikely]]` on it; null when none is.
  const clang::Stmt* coldBranch(const clang::IfStmt& If) const {
    if (If.isConstexpr()) return nullptr;
    for (const clang::Stmt* Branch : {If.getThen(), If.getElse()}) {
      const auto* Marked = llvm::dyn_cast_or_null<clang::AttributedStmt>(Branch);
      if (Marked != nullptr && llvm::any_of(Marked->getAttrs(), [](const clang::Attr* Attribute) {
            return llvm::isa<clang::UnlikelyAttr>(Attribute);
          }))
        return Branch;
    }
    const auto* Expect = llvm::dyn_cast<clang::CallExpr>(If.getCond()->IgnoreParenImpCasts());
    if (Expect == nullptr || Expect->getBuiltinCallee() != clang::Builtin::BI__builtin_expect ||
        Expect->getNumArgs() != 2 || Expect->getArg(1)->isValueDependent())
      return nullptr;
    // llvm::Optional before Clang 16, std::optional since.
    const auto Expected = Expect->getArg(1)->getIntegerConstantExpr(Ctx);
    if (!Expected) return nullptr;
    return Expected->isZero() ? If.getThen() : If.getElse();
  }

  bool found() {
    Found = true;
    return false;  // stops the walk
  }

  /// Type-dependent expressions that call nothing whatever the template's arguments:
  /// what a failed assert expands to in a template (`cond ? void(0) :
  /// __assert_fail(..., __PRETTY_FUNCTION__)`, whose function name has a dependent
  /// type). A name or parentheses call nothing; a conditional with a void branch
  /// copies nothing; a call whose every candidate never returns ends the run.
  static bool cannotCallOnceInstantiated(const clang::Expr& Expression) {
    if (llvm::isa<clang::PredefinedExpr, clang::UnresolvedLookupExpr, clang::ParenExpr>(Expression))
      return true;
    if (const auto* Unary = llvm::dyn_cast<clang::UnaryOperator>(&Expression))
      return Unary->getOpcode() == clang::UO_Extension;
    if (const auto* Conditional = llvm::dyn_cast<clang::ConditionalOperator>(&Expression))
      return Conditional->getTrueExpr()->getType()->isVoidType() ||
             Conditional->getFalseExpr()->getType()->isVoidType();
    if (const auto* Call = llvm::dyn_cast<clang::CallExpr>(&Expression)) {
      const auto* Candidates =
          llvm::dyn_cast<clang::UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts());
      if (Candidates == nullptr || Candidates->getNumDecls() == 0) return false;
      return llvm::all_of(Candidates->decls(), [](const clang::NamedDecl* Candidate) {
        const auto* Function = llvm::dyn_cast<clang::FunctionDecl>(Candidate->getUnderlyingDecl());
        return Function != nullptr && Function->isNoReturn();
      });
    }
    return false;
  }

  /// A builtin the compiler expands in place: not a library function, or
  /// memcpy-like with a constant size (a few moves).
  bool isCheapBuiltin(const clang::CallExpr& Call) const {
    const unsigned Builtin = Call.getBuiltinCallee();
    if (Builtin == 0) return false;
    if (!Ctx.BuiltinInfo.isLibFunction(Builtin) &&
        !Ctx.BuiltinInfo.isPredefinedLibFunction(Builtin))
      return true;
    switch (Builtin) {
      case clang::Builtin::BImemcpy:
      case clang::Builtin::BImemmove:
      case clang::Builtin::BImemset:
      case clang::Builtin::BI__builtin_memcpy:
      case clang::Builtin::BI__builtin_memmove:
      case clang::Builtin::BI__builtin_memset:
        // A size that depends on template arguments is no constant of the template.
        return Call.getNumArgs() == 3 && !Call.getArg(2)->isValueDependent() &&
               Call.getArg(2)->isIntegerConstantExpr(Ctx);
      default:
        return false;
    }
  }

  /// A direct call of a function that never returns, or a direct, non-virtual call
  /// of a straight-line function. As written, one defined before the call in the
  /// translation unit: the definitions the plugin and the rewriter both see when
  /// they decide, whatever the order they decide in.
  bool callsStraightLine(const clang::CallExpr& Call) const {
    const clang::FunctionDecl* Callee = Call.getDirectCallee();
    if (Callee == nullptr) return false;
    // A call that never returns (a failed assert's) ends the run, not a loop of it.
    if (Callee->isNoReturn()) return true;
    if (Depth == 0) return false;
    if (const auto* Method = llvm::dyn_cast<clang::CXXMethodDecl>(Callee)) {
      if (Method->isVirtual()) return false;
    }
    const clang::FunctionDecl* Definition = nullptr;
    if (!Callee->hasBody(Definition) || Definition == nullptr) return false;
    if (Judged.Seen == View::AsWritten) {
      const clang::SourceManager& SM = Ctx.getSourceManager();
      const clang::SourceLocation Defined = SM.getExpansionLoc(Definition->getEndLoc());
      const clang::SourceLocation Called = SM.getExpansionLoc(Call.getBeginLoc());
      if (Defined.isInvalid() || Called.isInvalid() ||
          !SM.isBeforeInTranslationUnit(Defined, Called))
        return false;
    }
    return isStraightLineAt(*Definition, Judged, Depth - 1);
  }

  Judgement& Judged;
  clang::ASTContext& Ctx;
  unsigned Depth;
};

bool judgeBody(const clang::FunctionDecl& Function, Judgement& Judged, unsigned Depth) {
  if (llvm::isa<clang::CXXDestructorDecl>(Function)) return false;
  const clang::Stmt* Body = Function.getBody();
  if (Body == nullptr) return false;
  StraightLineChecker Checker(Judged, Depth);
  if (const auto* Constructor = llvm::dyn_cast<clang::CXXConstructorDecl>(&Function)) {
    for (const clang::CXXCtorInitializer* Init : Constructor->inits()) {
      if (Init->getInit() != nullptr)
        Checker.TraverseStmt(const_cast<clang::Expr*>(Init->getInit()));
      if (Checker.Found) return false;
    }
  }
  Checker.TraverseStmt(const_cast<clang::Stmt*>(Body));
  return !Checker.Found;
}

bool isStraightLineAt(const clang::FunctionDecl& Instance, Judgement& Judged, unsigned Depth) {
  if (Judged.Seen == View::AsWritten) {
    // A template is judged as written, whatever its arguments: every instantiation
    // gets the same answer.
    const clang::FunctionDecl* Pattern = Instance.getTemplateInstantiationPattern();
    return judgeBody(Pattern != nullptr ? *Pattern : Instance, Judged, Depth);
  }
  // (Recursion needs no mark of its own: each callee is judged one level deeper,
  // and at the depth limit a call is a call.)
  const auto Key = std::make_pair(&Instance, Depth);
  if (const auto Found = Judged.Known.find(Key); Found != Judged.Known.end()) return Found->second;
  const bool StraightLine = judgeBody(Instance, Judged, Depth);
  Judged.Known[Key] = StraightLine;
  return StraightLine;
}

}  // namespace

bool isStraightLine(const clang::FunctionDecl& Function, clang::ASTContext& Ctx) {
  Judgement Judged(Ctx, View::AsWritten);
  return isStraightLineAt(Function, Judged, kCalleeDepth);
}

bool isImplicitInstance(const clang::FunctionDecl& Function) {
  return Function.getTemplateSpecializationKind() == clang::TSK_ImplicitInstantiation;
}

bool isStraightLineAsInstantiated(const clang::FunctionDecl& Instance, clang::ASTContext& Ctx) {
  Judgement Judged(Ctx, View::AsInstantiated);
  return isStraightLineAt(Instance, Judged, kInstantiatedCalleeDepth);
}

}  // namespace hotpath::plan
