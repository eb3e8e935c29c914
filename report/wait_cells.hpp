// The wait section as a table, for the reporters that draw one (table, Markdown):
// a function's waits and time blocked in all, its own part, and the time of each
// cause that any row shown has (the counts of each cause are in the JSON report).
// A column per cause that happened, not per cause that could: a table of every
// cause is too wide for a terminal to show the functions' names.
#ifndef HOTPATH_REPORT_WAIT_CELLS_HPP
#define HOTPATH_REPORT_WAIT_CELLS_HPP

#include <cstddef>
#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// The causes a table shows: indices into WaitRow::causes, in their order.
using WaitColumns = std::vector<std::size_t>;

/// The causes any of the first `visible` rows has.
WaitColumns wait_columns(const std::vector<WaitRow>& rows, std::size_t visible);

/// The column titles, "Function" first.
std::vector<std::string> wait_column_titles(const WaitColumns& columns);

/// One function's cells, in the order of the titles; the name as it is.
std::vector<std::string> wait_cells(const WaitColumns& columns, const WaitRow& row);

/// What the section's rows add up to: "main: 1.20 s blocked inside measured calls,
/// against 2.00 s of wall time" (the session's name as it is).
std::string wait_summary(const Report& report);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_WAIT_CELLS_HPP
