#include "wait_cells.hpp"

#include <fmt/format.h>

#include "units.hpp"

namespace hotpath::detail {
namespace {

constexpr const char* kCauseTitles[kWaitCauseCount] = {"Lock", "Condvar", "I/O", "Sleep", "Other"};

/// A cause's time and count ("12.0 ms (3)"), or "-" when it never happened.
std::string cause_cell(const WaitCauseRow& cause) {
  if (cause.count == 0) return "-";
  return fmt::format("{} ({})", format_duration(cause.total_ns), cause.count);
}

}  // namespace

std::vector<std::string> wait_column_titles() {
  std::vector<std::string> titles{"Function", "Waits", "Blocked", "Self", "% Wall"};
  for (const char* title : kCauseTitles) titles.push_back(title);
  titles.push_back("I/O bytes");
  return titles;
}

std::vector<std::string> wait_cells(const WaitRow& row) {
  std::vector<std::string> cells{row.name, fmt::format("{}", row.count),
                                 format_duration(row.total_ns), format_duration(row.self_ns),
                                 format_percent(row.percent_wall)};
  for (const WaitCauseRow& cause : row.causes) cells.push_back(cause_cell(cause));
  cells.push_back(row.causes[2].count == 0 ? "-" : format_bytes(row.io_bytes));
  return cells;
}

std::string wait_section_heading(const Report& report) {
  std::uint64_t self_ns = 0;
  for (const WaitRow& row : report.wait_rows) self_ns += row.self_ns;
  return fmt::format(
      "\n[hotpath] waits - time blocked in functions, by cause (inclusive; Self: innermost).\n"
      "{}: {} blocked inside measured calls, against {} of wall time\n",
      report.session_name, format_duration(self_ns), format_duration(report.wall_ns));
}

}  // namespace hotpath::detail
