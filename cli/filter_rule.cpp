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

GuardCosts guard_costs(const Report& report, const FilterRule& rule) {
  const Compensation& measured = report.compensation;
  if (rule.guard_ns_given) return {rule.default_guard_ns, rule.default_guard_ns, "--guard-ns"};
  if (!measured.enabled || measured.per_nested_call_ns <= 0)
    return {rule.default_guard_ns, rule.default_guard_ns, "no compensation figures: default"};
  if (measured.per_untimed_call_ns <= 0)
    return {measured.per_nested_call_ns, measured.per_nested_call_ns,
            "the report's compensation.per_nested_call_ns"};
  return {measured.per_nested_call_ns, measured.per_untimed_call_ns,
          fmt::format("untimed {:.2f} ns: the report's compensation.per_nested_call_ns and "
                      "per_untimed_call_ns",
                      measured.per_untimed_call_ns)};
}

void merge_report(const Report& report, const FilterRule& rule, MergedRuns& runs) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < runs.functions.size(); ++i) index[runs.functions[i].signature] = i;
  const GuardCosts per_call = guard_costs(report, rule);
  const std::size_t run = runs.runs.size();
  MergedRun& merged_run = runs.runs.emplace_back();
  merged_run.wall_ns = report.wall_ns;
  for (const FunctionRow& row : report.rows) {
    const std::string& signature = row.signature.empty() ? row.name : row.signature;
    auto [found, added] = index.try_emplace(signature, runs.functions.size());
    if (added) runs.functions.push_back({signature, 0, 0, 0, {}});
    FilterCandidate& function = runs.functions[found->second];
    function.calls += row.calls;
    function.total_ns += row.total_ns;
    // A call left untimed, by adaptive timing or by time sampling, reads no clock.
    const std::uint64_t timed = std::min(row.timed_calls, row.calls);
    const double guard = per_call.timed_ns * static_cast<double>(timed) +
                         per_call.untimed_ns * static_cast<double>(row.calls - timed);
    function.guard_ns += guard;
    function.guard_ns_by_run.resize(run + 1);
    function.guard_ns_by_run[run] += guard;
    merged_run.guard_ns += guard;
  }
  runs.wall_ns += report.wall_ns;
}

namespace {

/// The guard cost of `function` in run `run`.
double guard_in_run(const FilterCandidate& function, std::size_t run) {
  return run < function.guard_ns_by_run.size() ? function.guard_ns_by_run[run] : 0;
}

/// True when the function's guards cost at least the minimum share of some run.
bool has_minimum_share(const FilterCandidate& function, const MergedRuns& runs,
                       const FilterRule& rule) {
  for (std::size_t run = 0; run < runs.runs.size(); ++run) {
    const double minimum =
        static_cast<double>(runs.runs[run].wall_ns) * rule.min_share_percent / 100;
    if (guard_in_run(function, run) > 0 && guard_in_run(function, run) >= minimum) return true;
  }
  return false;
}

}  // namespace

FilterSelection select_filtered(const MergedRuns& runs, const FilterRule& rule) {
  std::vector<const FilterCandidate*> eligible;
  for (const FilterCandidate& function : runs.functions) {
    if (function.calls < rule.min_calls) continue;
    if (function.guard_ns < rule.min_ratio * static_cast<double>(function.total_ns)) continue;
    if (!has_minimum_share(function, runs, rule)) continue;
    eligible.push_back(&function);
  }
  // Equal costs in signature order, so that the file does not depend on the reports' order.
  std::sort(eligible.begin(), eligible.end(),
            [](const FilterCandidate* a, const FilterCandidate* b) {
              if (a->guard_ns != b->guard_ns) return a->guard_ns > b->guard_ns;
              return a->signature < b->signature;
            });
  FilterSelection selection;
  for (const MergedRun& run : runs.runs) {
    selection.guard_ns_left.push_back(run.guard_ns);
    selection.budget_ns.push_back(static_cast<double>(run.wall_ns) * rule.budget_percent / 100);
  }
  for (const FilterCandidate* function : eligible) {
    bool helps = false;
    for (std::size_t run = 0; run < runs.runs.size() && !helps; ++run)
      helps = selection.over_budget(run) && guard_in_run(*function, run) > 0;
    if (!helps) continue;
    selection.listed.push_back(*function);
    for (std::size_t run = 0; run < runs.runs.size(); ++run)
      selection.guard_ns_left[run] -= guard_in_run(*function, run);
  }
  return selection;
}

std::string share_of_run(double guard_ns, std::uint64_t wall_ns) {
  const double share = wall_ns == 0 ? 0 : 100 * guard_ns / static_cast<double>(wall_ns);
  // A share under 0.1% keeps two significant digits rather than reading "0.0%".
  if (share >= 0.1 || share == 0) return fmt::format("{:.1f}%", share);
  if (share >= 0.001) return fmt::format("{:.2g}%", share);
  return "under 0.001%";
}

std::string describe_candidate(const FilterCandidate& function, std::uint64_t wall_ns) {
  const auto guards = static_cast<std::uint64_t>(std::llround(function.guard_ns));
  const std::string percent = share_of_run(function.guard_ns, wall_ns);
  // Compensation can leave a function with no time of its own: no ratio then.
  const std::string against = function.total_ns == 0 ? "more than its own time (0 ns)"
                                                     : times(function.ratio()) + " its own time";
  return fmt::format("# {} calls, {} average, guards ~{} = {}, {} of the run",
                     grouped(function.calls), detail::format_duration(function.avg_ns()),
                     detail::format_duration(guards), against, percent);
}

}  // namespace hotpath::cli
