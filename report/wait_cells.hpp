// The wait section as a table, for the reporters that draw one (table, Markdown):
// a function's time blocked in all, its own part, and each cause's time and count.
#ifndef HOTPATH_REPORT_WAIT_CELLS_HPP
#define HOTPATH_REPORT_WAIT_CELLS_HPP

#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// The column titles, "Function" first.
std::vector<std::string> wait_column_titles();

/// One function's cells, in the order of the titles; the name as it is.
std::vector<std::string> wait_cells(const WaitRow& row);

/// The section's title line and the line under it, each ending in a newline.
std::string wait_section_heading(const Report& report);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_WAIT_CELLS_HPP
