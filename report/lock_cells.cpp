// Cells of the locks table. "Held by" names the two holders that kept others
// waiting longest, with their share of the lock's wait: enough to tell one
// function holding a lock too long from many sharing it.
#include "lock_cells.hpp"

#include <fmt/format.h>

#include "units.hpp"

namespace hotpath::detail {
namespace {

constexpr std::size_t kHoldersShown = 2;

std::string first_contended_cell(const LockRow& row) {
  if (row.first_location.empty()) return row.first_function;
  return row.first_function + " (" + row.first_location + ")";
}

std::string holders_cell(const LockRow& row) {
  std::string cell;
  for (std::size_t i = 0; i < row.holders.size() && i < kHoldersShown; ++i) {
    const LockHolderRow& holder = row.holders[i];
    const double share = row.total_ns == 0 ? 0.0
                                           : 100.0 * static_cast<double>(holder.total_ns) /
                                                 static_cast<double>(row.total_ns);
    if (!cell.empty()) cell += ", ";
    cell += fmt::format("{} {:.0f}%", holder.function, share);
  }
  if (row.holders.size() > kHoldersShown)
    cell += fmt::format(", {} more", row.holders.size() - kHoldersShown);
  return cell.empty() ? "-" : cell;
}

}  // namespace

std::vector<std::string> lock_column_titles() {
  return {"Lock", "Kind", "Waits", "Total", "Max", "First contended", "Held by"};
}

std::vector<std::string> lock_cells(const LockRow& row) {
  return {row.name,
          row.kind,
          fmt::format("{}", row.waits),
          format_duration(row.total_ns),
          format_duration(row.max_ns),
          first_contended_cell(row),
          holders_cell(row)};
}

std::string lock_section_title() {
  return "[hotpath] locks - contended locks: time threads waited for each, and who held it "
         "meanwhile.";
}

}  // namespace hotpath::detail
