// The threads section's cells (see the header).
#include "thread_cells.hpp"

#include <fmt/format.h>

#include "units.hpp"

namespace hotpath::detail {

std::vector<std::string> thread_column_titles(const Report& report) {
  std::vector<std::string> titles{"Thread"};
  if (report.threads_monitored) {
    for (const char* title : {"TID", "Status", "CPU max", "CPU avg", "CPU time"})
      titles.emplace_back(title);
  }
  if (report.alloc_tracked) {
    for (const char* title : {"Allocated", "Allocs", "Freed", "Frees", "Difference"})
      titles.emplace_back(title);
  }
  return titles;
}

std::vector<std::string> thread_cells(const Report& report, const ThreadAllocRow& row) {
  std::vector<std::string> cells{row.name};
  if (report.threads_monitored) {
    cells.push_back(fmt::format("{}", row.tid));
    cells.push_back(row.status.empty() ? "-" : row.status);
    cells.push_back(format_percent(row.cpu_percent_max));
    cells.push_back(format_percent(row.cpu_percent_avg));
    cells.push_back(format_duration(row.cpu_ns));
  }
  if (report.alloc_tracked) {
    cells.push_back(format_bytes(row.alloc_bytes));
    cells.push_back(fmt::format("{}", row.alloc_count));
    cells.push_back(format_bytes(row.dealloc_bytes));
    cells.push_back(fmt::format("{}", row.dealloc_count));
    cells.push_back(format_byte_difference(row.alloc_bytes, row.dealloc_bytes));
  }
  return cells;
}

}  // namespace hotpath::detail
