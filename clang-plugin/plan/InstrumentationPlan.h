// The instrumentation plan: for one function definition, whether hotpath measures
// it, with which guard, under which name, and where. The Clang plugin and
// clang-hotpath-rewrite both ask this library, so the two can never disagree about
// what is instrumented or what it is called.
//
//   attributes (annotations) => selection => diagnostics => PlannedFunction
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_INSTRUMENTATIONPLAN_H
#define HOTPATH_CLANG_PLUGIN_PLAN_INSTRUMENTATIONPLAN_H

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Regex.h"
#include "plan/FunctionFilter.h"
#include "plan/SignaturePatterns.h"

namespace clang {
class AnnotateAttr;
}  // namespace clang

namespace hotpath::plan {

/// Which guard type measures the function.
enum class GuardKind {
  Scope,      ///< hotpath::ScopeGuard
  Constexpr,  ///< hotpath::ConstexprScopeGuard (C++20 constexpr functions)
  Coroutine,  ///< hotpath::CoroutineGuard (from first resume to completion)
  Main,       ///< hotpath::MainGuard (opens the report session)
};

/// What to inject into one function.
struct PlannedFunction {
  const clang::FunctionDecl* Function = nullptr;
  GuardKind Guard = GuardKind::Scope;
  std::string Name;  ///< the function's name in diagnostics, or the user's row name
  /// The signature pattern the row is identified by (SignaturePatterns.h); empty
  /// for rows named by the user (same name = same row).
  SignaturePattern Signature;
  std::string MainOptions;  ///< [[hotpath::main]] options joined with ';'
  std::string File;         ///< presumed file name, as __FILE__ would give
  unsigned Line = 0;
};

/// Tokens of a function's body under which measure-all (files matched by pattern,
/// or the rewriter's --measure-all) leaves it out: a guard (about 20 ns) would cost
/// more than a getter, a setter or a forwarding one-liner, and keep it from being
/// inlined. `{ return size_; }` is 5 tokens, `{ return a.size() + b.size(); }` 14.
inline constexpr unsigned kDefaultMinimumTokens = 12;

/// Settings of a plan (plugin arguments or rewriter options).
struct PlanOptions {
  /// Measure every function defined in a file whose path matches (empty: none).
  std::string MeasureAllFilesPattern;
  /// When set, a pattern that starts with neither `/` nor `^/` is matched against
  /// the path relative to this directory, and never matches a file outside it.
  std::string MeasureAllRoot;
  /// Also measure every function whose definition (its expansion location) this
  /// accepts; unset: none. The rewriter measures all of the files it rewrites.
  std::function<bool(clang::SourceLocation)> MeasureAllAt;
  /// Functions measure-all would take whose body has fewer tokens are left out,
  /// and so are straight-line functions (no loop, no call: see StraightLine.h),
  /// unless marked ([[hotpath::measure]] always wins); 0 takes every function.
  unsigned MinimumTokens = kDefaultMinimumTokens;
  /// Told of each function left out for its size, with its size in tokens.
  std::function<void(const clang::FunctionDecl&, unsigned Tokens)> OnTooSmall;
  /// Told of each function left out as straight-line.
  std::function<void(const clang::FunctionDecl&)> OnStraightLine;
  /// Functions measure-all (file patterns, [[hotpath::measure_all]]) leaves out;
  /// functions marked [[hotpath::measure]] or [[hotpath::main]] are measured still.
  std::shared_ptr<const FunctionFilter> Filter;
  /// Told of each function left out because the filter lists it.
  std::function<void(const clang::FunctionDecl&, const FunctionFilter::Entry&)> OnFiltered;
};

class InstrumentationPlanner {
 public:
  InstrumentationPlanner(clang::ASTContext& Ctx, PlanOptions Options);

  /// Decides for one function; diagnoses functions that were asked for but cannot
  /// be measured (consteval; constexpr before C++20). Each function is decided once:
  /// later calls for the same function return nothing.
  std::optional<PlannedFunction> plan(const clang::FunctionDecl& Function);

  /// At the end of the translation unit, when every instance has its body: the
  /// template instances measure-all took, of which plan() could not tell whether they
  /// are straight-line (their template, as written, may call), judged as
  /// instantiated. Before finishTranslationUnit().
  std::vector<PlannedFunction> planInstances();

  /// At the end of the translation unit: warns about the pure virtual functions
  /// marked to be measured that got no definition (nothing to measure).
  void finishTranslationUnit();

  /// The complete signature of a planned function (template arguments filled in).
  std::string completeSignature(const clang::FunctionDecl& Function) {
    return Signatures.complete(Function);
  }

  /// True when `Pattern` is a valid regular expression; otherwise sets `Error`.
  static bool isValidFilePattern(const std::string& Pattern, std::string& Error);

  /// True when a file pattern is matched against absolute paths, with or without a
  /// MeasureAllRoot, whatever path the source was named by: it starts with `/` or `^/`.
  static bool isAbsoluteFilePattern(llvm::StringRef Pattern);

 private:
  /// Implied by an attribute on a scope (measure_all), or by the file only.
  enum class Selection { None, Explicit, Implied, ImpliedByFile };
  Selection select(const clang::FunctionDecl& Function) const;
  /// The plan of a function that is to be measured, or nothing when it cannot be.
  std::optional<PlannedFunction> planMeasured(const clang::FunctionDecl& Function,
                                              Selection Selected, const clang::AnnotateAttr* Main,
                                              const clang::AnnotateAttr* Measure);
  bool fileMatches(const clang::FunctionDecl& Function) const;
  /// The filter's entry that lists the function, or null.
  const FunctionFilter::Entry* filterEntry(const clang::FunctionDecl& Function);
  /// The tokens of the function's body, as written (with its constructor
  /// initializers); a body split over several files counts as large.
  unsigned bodyTokens(const clang::FunctionDecl& Function) const;
  void stripAnnotations(const clang::FunctionDecl& Function);
  /// A warning that follows -w and -Werror.
  void warn(clang::SourceLocation Where, llvm::StringRef Message);

  clang::ASTContext& Ctx;
  clang::DiagnosticsEngine& Diags;
  std::optional<llvm::Regex> FilePattern;
  bool FilePatternIsAbsolute = false;  ///< it sees absolute paths, whatever the root
  std::string MeasureAllRoot;          ///< empty: a relative pattern sees paths as they are
  std::function<bool(clang::SourceLocation)> MeasureAllAt;
  unsigned MinimumTokens;
  std::function<void(const clang::FunctionDecl&, unsigned)> OnTooSmall;
  std::function<void(const clang::FunctionDecl&)> OnStraightLine;
  std::shared_ptr<const FunctionFilter> Filter;
  std::function<void(const clang::FunctionDecl&, const FunctionFilter::Entry&)> OnFiltered;
  llvm::DenseSet<const clang::FunctionDecl*> Decided;
  /// Marked pure virtual functions without a body yet: one may be defined later.
  std::vector<const clang::FunctionDecl*> MarkedPureVirtual;
  /// Instances left for planInstances().
  std::vector<const clang::FunctionDecl*> Instances;
  SignaturePrinter Signatures;
};

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_INSTRUMENTATIONPLAN_H
