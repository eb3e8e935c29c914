// Every gauge and counter of the process, by name: created on first use, never
// freed (handles stay valid while the program exits), read by reports.
#ifndef HOTPATH_RUNTIME_GAUGE_REGISTRY_HPP
#define HOTPATH_RUNTIME_GAUGE_REGISTRY_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// One gauge's or counter's values at the moment it was read.
struct GaugeReading {
  std::string name;
  GaugeKind kind = GaugeKind::Gauge;
  std::int64_t value = 0;   ///< a gauge's last value
  std::uint64_t total = 0;  ///< a counter's total
  std::int64_t min = 0;     ///< a gauge's least value (its value before any update)
  std::int64_t max = 0;     ///< a gauge's greatest value (likewise)
  std::uint64_t updates = 0;
};

/// Every gauge and counter created so far, in the order of creation.
std::vector<GaugeReading> read_gauges();

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_GAUGE_REGISTRY_HPP
