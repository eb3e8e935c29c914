// The outputs of `hotpath diff`: a box-drawn table for a terminal, Markdown to paste
// into a pull request comment, and JSON for scripts (described in
// docs/report-command.md). Each one is the whole output, notes included.
#ifndef HOTPATH_REPORT_DIFF_OUTPUT_HPP
#define HOTPATH_REPORT_DIFF_OUTPUT_HPP

#include <string>

#include "report_diff.hpp"

namespace hotpath {

/// The comparison for a terminal: what was compared, the summary, one table of every
/// function with a status column, then the notes.
std::string render_diff_table(const ReportDiff& diff);

/// The comparison as a pull request comment: a heading, the summary line ("1
/// regression, 0 improvements"), a table of the functions that changed (or were
/// added, removed or are unknown), the unchanged ones folded away, then the notes.
std::string render_diff_markdown(const ReportDiff& diff);

/// The comparison as an indented JSON document.
std::string render_diff_json(const ReportDiff& diff);

namespace detail {

/// The cells of a function that the table and Markdown share: its calls ("24", or
/// "24 → 30" when they differ), base and head values ("-" when missing), change.
struct FunctionChangeCells {
  std::string calls;
  std::string base;
  std::string head;
  std::string change;
};

/// The shared cells of `change` under `metric`.
FunctionChangeCells function_change_cells(const DiffMetric& metric, const FunctionChange& change);

/// The title of the calls column: "Calls", or "Instances" for a coroutine metric.
const char* calls_title(const DiffMetric& metric);

}  // namespace detail

}  // namespace hotpath

#endif  // HOTPATH_REPORT_DIFF_OUTPUT_HPP
