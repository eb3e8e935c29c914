// Cells of the gauges table. Values are the program's own numbers, in no unit
// hotpath knows: written as whole numbers, as recorded.
#include "gauge_cells.hpp"

#include <fmt/format.h>

namespace hotpath::detail {

std::vector<std::string> gauge_column_titles() {
  return {"Name", "Kind", "Last/Total", "Min", "Max", "Updates"};
}

std::vector<std::string> gauge_cells(const GaugeRow& row) {
  if (row.kind == GaugeKind::Counter)
    return {row.name, "counter", fmt::format("{}", row.total),
            "-",      "-",       fmt::format("{}", row.updates)};
  return {row.name,
          "gauge",
          fmt::format("{}", row.value),
          fmt::format("{}", row.min),
          fmt::format("{}", row.max),
          fmt::format("{}", row.updates)};
}

std::string gauge_section_title() {
  return "[hotpath] gauges - values the program recorded: a gauge's last, least and greatest "
         "value, a counter's total.";
}

}  // namespace hotpath::detail
