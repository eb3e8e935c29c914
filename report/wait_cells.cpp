#include "wait_cells.hpp"

#include <fmt/format.h>

#include "units.hpp"

namespace hotpath::detail {
namespace {

constexpr const char* kCauseTitles[kWaitCauseCount] = {"Lock", "Condvar", "I/O", "Sleep", "Other"};

}  // namespace

WaitColumns wait_columns(const std::vector<WaitRow>& rows, std::size_t visible) {
  bool shown[kWaitCauseCount] = {};
  for (std::size_t row = 0; row < visible && row < rows.size(); ++row) {
    for (std::size_t cause = 0; cause < kWaitCauseCount; ++cause)
      shown[cause] = shown[cause] || rows[row].causes[cause].count != 0;
  }
  WaitColumns columns;
  for (std::size_t cause = 0; cause < kWaitCauseCount; ++cause)
    if (shown[cause]) columns.push_back(cause);
  return columns;
}

std::vector<std::string> wait_column_titles(const WaitColumns& columns) {
  std::vector<std::string> titles{"Function", "Waits", "Blocked", "Self", "% Wall"};
  for (std::size_t cause : columns) titles.push_back(kCauseTitles[cause]);
  titles.push_back("I/O bytes");
  return titles;
}

std::vector<std::string> wait_cells(const WaitColumns& columns, const WaitRow& row) {
  std::vector<std::string> cells{row.name, fmt::format("{}", row.count),
                                 format_duration(row.total_ns), format_duration(row.self_ns),
                                 format_percent(row.percent_wall)};
  for (std::size_t cause : columns) {
    const WaitCauseRow& figures = row.causes[cause];
    cells.push_back(figures.count == 0 ? "-" : format_duration(figures.total_ns));
  }
  cells.push_back(row.io_bytes == 0 ? "-" : format_bytes(row.io_bytes));
  return cells;
}

std::string wait_summary(const Report& report) {
  std::uint64_t self_ns = 0;
  for (const WaitRow& row : report.wait_rows) self_ns += row.self_ns;
  return fmt::format("{}: {} blocked inside measured calls, against {} of wall time",
                     report.session_name, format_duration(self_ns),
                     format_duration(report.wall_ns));
}

}  // namespace hotpath::detail
