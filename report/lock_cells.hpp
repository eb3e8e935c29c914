// The locks table, for the reporters that draw one (table, Markdown): a lock's
// name, its waits and their total and longest, where it was first waited for, and
// the functions that held it meanwhile (the JSON report has every holder).
#ifndef HOTPATH_REPORT_LOCK_CELLS_HPP
#define HOTPATH_REPORT_LOCK_CELLS_HPP

#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// The column titles, "Lock" first.
std::vector<std::string> lock_column_titles();

/// One lock's cells, in the order of the titles; the name as it is.
std::vector<std::string> lock_cells(const LockRow& row);

/// The section's first line: "[hotpath] locks - ...".
std::string lock_section_title();

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_LOCK_CELLS_HPP
