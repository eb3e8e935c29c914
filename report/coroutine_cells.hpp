// The coroutines section as a table, for the reporters that draw one (table,
// Markdown): a coroutine's instances, how many completed, its resumes, and its
// running and suspended time, in all and per instance that ended (the suspended
// percentiles are in the JSON report). Destroyed instances get a column only when a
// row shown has some: most coroutines run to their end.
#ifndef HOTPATH_REPORT_COROUTINE_CELLS_HPP
#define HOTPATH_REPORT_COROUTINE_CELLS_HPP

#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// The columns a table shows beyond the fixed ones.
struct CoroutineColumns {
  bool destroyed = false;           ///< a row shown has instances destroyed while suspended
  std::vector<double> percentiles;  ///< the report's: a running time column each
};

/// The columns of the first `report.visible_coroutine_row_count()` rows.
CoroutineColumns coroutine_columns(const Report& report);

/// The column titles, "Function" first.
std::vector<std::string> coroutine_column_titles(const CoroutineColumns& columns);

/// One coroutine's cells, in the order of the titles; the name as it is.
std::vector<std::string> coroutine_cells(const CoroutineColumns& columns, const CoroutineRow& row);

/// The section's first line: "[hotpath] coroutines - ...".
std::string coroutine_section_title();

/// What the section's rows add up to, and what the averages are of: "main: 12
/// instances, 1.20 ms running and 5.00 s suspended; Avg and P95 per instance that
/// ended" (the session's name as it is).
std::string coroutine_summary(const Report& report);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_COROUTINE_CELLS_HPP
