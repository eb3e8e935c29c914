// The threads section as a table, for the reporters that draw one (table,
// Markdown): the threads monitor's columns and the allocations', each when the
// report has them.
#ifndef HOTPATH_REPORT_THREAD_CELLS_HPP
#define HOTPATH_REPORT_THREAD_CELLS_HPP

#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// The column titles, "Thread" first.
std::vector<std::string> thread_column_titles(const Report& report);

/// One thread's cells, in the order of the titles; the name as it is.
std::vector<std::string> thread_cells(const Report& report, const ThreadAllocRow& row);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_THREAD_CELLS_HPP
