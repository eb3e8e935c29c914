// The command line of `hotpath diff`: the two saved reports (or, with --flamegraph,
// any two profiles), how to compare them, how to show the comparison, with the
// one-line error for each mistake.
#ifndef HOTPATH_CLI_DIFF_OPTIONS_HPP
#define HOTPATH_CLI_DIFF_OPTIONS_HPP

#include <string>
#include <vector>

#include "report_diff.hpp"

namespace hotpath::cli {

/// The outputs of `hotpath diff`.
enum class DiffFormat { Table, Markdown, Json };

/// Everything `hotpath diff` was asked to do.
struct DiffOptions {
  std::string base;                       ///< the saved report before the change
  std::string head;                       ///< the saved report after it
  DiffSettings settings;                  ///< --metric, --threshold, --min-calls
  DiffFormat format = DiffFormat::Table;  ///< --format
  bool fail_on_regression = false;        ///< --fail-on-regression: exit status 1
  std::string output;                     ///< --output; empty for stdout
  /// --flamegraph: a differential flame graph (SVG) of two profiles in any format
  /// (folded stacks, pprof, JSON report) instead of the table of functions.
  bool flamegraph = false;
  std::string sample_type;  ///< --sample-type; empty for the default
  bool normalize = true;    ///< cleared by --no-normalize
  bool negate = false;      ///< --negate: draw base instead of head
  std::string title;        ///< --title; empty for the default
};

/// The result of parsing: options to run with, a help request, or an error.
struct ParsedDiffCommand {
  bool help = false;
  DiffOptions options;
  std::string error;  ///< a sentence naming the option or operand; empty when fine
};

/// Parses the arguments that follow `hotpath diff`.
ParsedDiffCommand parse_diff_command(const std::vector<std::string>& arguments);

/// The text of `hotpath diff --help`.
std::string diff_help();

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_DIFF_OPTIONS_HPP
