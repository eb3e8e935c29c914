// Which rows of a saved report to show, and in which order: `hotpath report`'s
// --sort, --limit and --focus, applied to a SavedReport before any reporter sees it.
// The view also words the notes a reader needs: rows the saved report never had,
// rows --focus or --limit left out.
#ifndef HOTPATH_REPORT_REPORT_VIEW_HPP
#define HOTPATH_REPORT_REPORT_VIEW_HPP

#include <cstddef>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "hotpath/report.hpp"
#include "report_reader.hpp"

namespace hotpath {

/// A value of a timing row that rows can be sorted by, largest first.
struct RowOrder {
  enum class Key { Total, Average, Calls, Percentile };
  Key key = Key::Total;
  double percentile = 0;  ///< for Key::Percentile: which one, e.g. 99.9
};

/// Parses a --sort value: "total", "avg", "calls" or "p<N>" ("p95", "p99.9").
std::optional<RowOrder> parse_row_order(const std::string& text);

/// The spelling parse_row_order reads: "total", "avg", "calls", "p95".
std::string row_order_name(const RowOrder& order);

/// What to show of a saved report.
struct ViewOptions {
  std::optional<std::size_t> limit;  ///< rows per section; unset: the saved report's limit
  RowOrder order;                    ///< of the timing rows; the other sections keep theirs
  std::optional<std::regex> focus;   ///< keep the rows whose name it matches (anywhere)
  std::string focus_pattern;         ///< `focus` as the user wrote it, for the notes
};

/// A saved report as it should be shown.
struct ReportView {
  /// The rows that pass --focus (timing rows in the asked order), `limit` set to the
  /// rows to show; the call tree cut to the focused functions, their callers and
  /// their callees. `show_call_tree` is set when there is a tree.
  Report report;
  /// Sentences (no final period) about rows that are not shown, e.g. "15 of 40
  /// functions in the saved report; record with HOTPATH_LIMIT=0 for all".
  std::vector<std::string> notes;
  /// How many functions each section has: its rows in `report`, plus those the
  /// saved report never had (whether they would match --focus is not known).
  std::size_t timing_functions = 0;
  std::size_t alloc_functions = 0;      ///< the same for the allocation rows
  std::size_t cpu_functions = 0;        ///< the same for the CPU rows
  std::size_t wait_functions = 0;       ///< the same for the wait rows
  std::size_t coroutine_functions = 0;  ///< the same for the coroutine rows
};

/// Applies `options` to `saved`. False with `error` when the order names a
/// percentile the report does not have.
bool make_report_view(const SavedReport& saved, const ViewOptions& options, ReportView& view,
                      std::string& error);

/// `report` with every function section cut to the rows its limit shows, for a
/// reporter whose own note about hidden rows would be wrong here. The limit stays:
/// the reporters apply it to the call tree as the report at exit does.
Report shown_rows_only(const Report& report);

/// The nodes of `tree` whose name `focus` matches, with their callers and callees,
/// parents renumbered; the order stays depth first.
std::vector<CallTreeNode> focus_call_tree(const std::vector<CallTreeNode>& tree,
                                          const std::regex& focus);

}  // namespace hotpath

#endif  // HOTPATH_REPORT_REPORT_VIEW_HPP
