// The rule of `hotpath filter`, on reports already read.
#include "filter_rule.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "units.hpp"

namespace hotpath::cli {
namespace {

/// 22500000 -> "22,500,000".
std::string grouped(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

/// A ratio for people: "15x", "2.5x", "0.25x".
std::string times(double ratio) {
  if (ratio >= 10) return fmt::format("{:.0f}x", ratio);
  if (ratio >= 1) return fmt::format("{:.1f}x", ratio);
  return fmt::format("{:.2f}x", ratio);
}

}  // namespace

double guard_cost_per_call(const Report& report, const FilterRule& rule) {
  if (!rule.guard_ns_given && report.compensation.enabled &&
      report.compensation.per_nested_call_ns > 0)
    return report.compensation.per_nested_call_ns;
  return rule.default_guard_ns;
}

void merge_report(const Report& report, const FilterRule& rule, MergedRuns& runs) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < runs.functions.size(); ++i) index[runs.functions[i].signature] = i;
  const double per_call = guard_cost_per_call(report, rule);
  for (const FunctionRow& row : report.rows) {
    const std::string& signature = row.signature.empty() ? row.name : row.signature;
    auto [found, added] = index.try_emplace(signature, runs.functions.size());
    if (added) runs.functions.push_back({signature, 0, 0, 0});
    FilterCandidate& function = runs.functions[found->second];
    function.calls += row.calls;
    function.total_ns += row.total_ns;
    function.guard_ns += per_call * static_cast<double>(row.calls);
  }
  runs.wall_ns += report.wall_ns;
}

std::vector<FilterCandidate> select_filtered(const MergedRuns& runs, const FilterRule& rule) {
  std::vector<FilterCandidate> listed;
  const double wall = static_cast<double>(runs.wall_ns);
  for (const FilterCandidate& function : runs.functions) {
    if (function.calls < rule.min_calls) continue;
    if (function.guard_ns < wall * rule.min_share_percent / 100) continue;
    if (function.guard_ns < rule.min_ratio * static_cast<double>(function.total_ns)) continue;
    listed.push_back(function);
  }
  // Equal costs in signature order, so that the file does not depend on the reports' order.
  std::sort(listed.begin(), listed.end(), [](const FilterCandidate& a, const FilterCandidate& b) {
    if (a.guard_ns != b.guard_ns) return a.guard_ns > b.guard_ns;
    return a.signature < b.signature;
  });
  return listed;
}

std::string describe_candidate(const FilterCandidate& function, std::uint64_t wall_ns) {
  const auto guards = static_cast<std::uint64_t>(std::llround(function.guard_ns));
  const double share = wall_ns == 0 ? 0 : 100 * function.guard_ns / static_cast<double>(wall_ns);
  // A share under 0.1% keeps two significant digits rather than reading "0.0%".
  const std::string percent =
      share >= 0.1 || share == 0 ? fmt::format("{:.1f}%", share) : fmt::format("{:.2g}%", share);
  // Compensation can leave a function with no time of its own: no ratio then.
  const std::string against = function.total_ns == 0 ? "more than its own time (0 ns)"
                                                     : times(function.ratio()) + " its own time";
  return fmt::format("# {} calls, {} average, guards ~{} = {}, {} of the run",
                     grouped(function.calls), detail::format_duration(function.avg_ns()),
                     detail::format_duration(guards), against, percent);
}

}  // namespace hotpath::cli
