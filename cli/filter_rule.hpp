// The rule of `hotpath filter`: which functions' guards distort a run. A guard
// costs about the same on every call, so a function called very often for a very
// short time spends more in its guard than in itself, and its guards add up to a
// visible share of the run. Such a function is listed when
//
//   calls >= min_calls,
//   guard cost = calls x guard_ns >= min_share% of the run's wall time, and
//   guard cost >= min_ratio x its own time (its total_ns),
//
// where guard_ns is what one call's guard adds to the calls around it, the
// report's compensation.per_nested_call_ns (default_guard_ns when the report has
// no compensation figures). Several reports are merged by signature: calls, times
// and guard costs add up, and so do the runs' wall times.
//
//   reports -> rows merged by signature -> the rule -> listed functions
#ifndef HOTPATH_CLI_FILTER_RULE_HPP
#define HOTPATH_CLI_FILTER_RULE_HPP

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::cli {

/// The thresholds of the rule (`hotpath filter`'s options).
struct FilterRule {
  std::uint64_t min_calls = 10000;  ///< --min-calls
  double min_share_percent = 1.0;   ///< --min-share: guard cost against the run's wall time
  double min_ratio = 0.25;          ///< --min-ratio: guard cost against the function's own time
  /// The guard's cost per call for reports without compensation figures; with
  /// `guard_ns_given`, for every report (--guard-ns).
  double default_guard_ns = 25.0;
  bool guard_ns_given = false;
};

/// One function's figures over all the reports.
struct FilterCandidate {
  std::string signature;
  std::uint64_t calls = 0;
  std::uint64_t total_ns = 0;  ///< its own time: the rows' total_ns
  double guard_ns = 0;         ///< what its guards cost the runs, in all
  /// Guard cost against its own time; infinite when it has none.
  double ratio() const {
    return total_ns == 0 ? HUGE_VAL : guard_ns / static_cast<double>(total_ns);
  }
  std::uint64_t avg_ns() const { return calls == 0 ? 0 : total_ns / calls; }
};

/// The reports' functions merged by signature, and the runs' wall time.
struct MergedRuns {
  std::vector<FilterCandidate> functions;  ///< in the order first seen
  std::uint64_t wall_ns = 0;
};

/// Adds one report's rows to `runs`, with its guard cost per call.
void merge_report(const Report& report, const FilterRule& rule, MergedRuns& runs);

/// The guard cost per call the rule uses for `report`.
double guard_cost_per_call(const Report& report, const FilterRule& rule);

/// The functions the rule lists, by guard cost, largest first.
std::vector<FilterCandidate> select_filtered(const MergedRuns& runs, const FilterRule& rule);

/// The `#` line written above an entry: "# 22,500,000 calls, 3 ns average, guards
/// ~450 ms = 15x its own time, 12% of the run".
std::string describe_candidate(const FilterCandidate& function, std::uint64_t wall_ns);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FILTER_RULE_HPP
