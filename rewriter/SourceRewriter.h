// The front end of clang-hotpath-rewrite: parses one translation unit, asks the
// plugin's instrumentation plan what to measure, and returns the guards to
// insert into the source and into the headers it may rewrite.
//
//   source => AST => planned functions => insertions after `{`, per file
#ifndef HOTPATH_REWRITER_SOURCEREWRITER_H
#define HOTPATH_REWRITER_SOURCEREWRITER_H

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "FileEdits.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "plan/InstrumentationPlan.h"

namespace hotpath::rewrite {

/// What is rewritten, from the command line.
struct RewriteSettings {
  /// Headers whose absolute path matches are rewritten too (empty: none).
  std::string HeaderFilter;
  /// Measure every function defined in a rewritten file...
  bool MeasureAll = false;
  /// ...whose name (as __FILE__ gives it) matches this, when it is not empty...
  std::string MeasureAllPattern;
  /// ...and whose body has at least this many tokens (0: every one).
  unsigned MinimumTokens = hotpath::plan::kDefaultMinimumTokens;
  /// The directory a relative MeasureAllPattern is matched from (PlanOptions).
  std::string MeasureAllRoot;
  /// Functions measure-all leaves out (null: none).
  std::shared_ptr<const hotpath::plan::FunctionFilter> Filter;
  /// Added to every compile command (after the database's own adjusters).
  clang::tooling::ArgumentsAdjuster Adjuster;
};

/// The outcome for one translation unit.
struct TranslationUnitResult {
  std::string Source;  ///< as given on the command line
  std::string Path;    ///< absolute
  bool Compiled = false;
  std::string FirstError;   ///< "file:line:col: message" of the first error
  std::string Diagnostics;  ///< everything the compiler printed, as clang prints it
  /// The source's edits (always present when it compiled) and those of the
  /// headers that get a guard, by absolute path.
  std::map<std::string, FileEdits> Files;
  /// Every file the translation unit read (for a depfile).
  std::vector<std::string> Inputs;
  /// The files of `Inputs` that are not system headers.
  std::vector<std::string> UserInputs;
};

/// Parses and plans `Source` with its command from `Compilations`. Safe to call
/// from several threads at once.
TranslationUnitResult rewriteTranslationUnit(
    const clang::tooling::CompilationDatabase& Compilations, const std::string& Source,
    const RewriteSettings& Settings);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_SOURCEREWRITER_H
