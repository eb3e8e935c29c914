// How a row's calls were timed.
#include "row_timing.hpp"

#include <fmt/format.h>

namespace hotpath::detail {

const char* timing_name(const Report& report, const FunctionRow& row) noexcept {
  if (row.adaptive) return "adaptive";
  return report.time_sampling_rate > 1 ? "sampled" : "every call";
}

const char* estimated_mark(const FunctionRow& row) noexcept { return row.adaptive ? "~" : ""; }

std::string adaptive_timing_legend(const Report& report) {
  const AdaptiveTiming& adaptive = report.adaptive_timing;
  if (!adaptive.enabled) return {};
  return fmt::format(
      "~ adaptive timing: a function whose calls on a thread average under {:.0f} ns over {} "
      "calls is timed 1 call in {} there; calls exact, times estimated (HOTPATH_ADAPTIVE=0 "
      "times every call)",
      adaptive.threshold_ns, adaptive.review_calls, adaptive.period);
}

}  // namespace hotpath::detail
