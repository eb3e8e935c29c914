// The rule of `hotpath filter`: which functions' guards distort a run. A guard
// costs about the same on every call, so the functions called most often cost the
// run most in their guards, whatever they do themselves. A function may be listed
// when, over all the reports,
//
//   calls >= min_calls,
//   guard cost >= min_ratio x its own time (its total_ns),
//
// and in at least one report its guard cost >= min_share% of that run's wall time.
// Those are listed largest guard cost first, each only while a run whose guards
// left cost more than budget% of its wall time has calls of it, until none does:
// each run on its own, a short test process as a long workload, keeps within the
// budget. A function's guard cost is what its calls add to the calls around them:
// its timed calls at the report's compensation.per_nested_call_ns, the calls
// adaptive timing or time sampling left untimed at per_untimed_call_ns (every call at
// default_guard_ns when the report has no compensation figures, or at --guard-ns).
// Reports are merged by signature: calls, times and guard costs add up.
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
  double min_share_percent = 0.01;  ///< --min-share: guard cost against a run's wall time
  double min_ratio = 0;             ///< --min-ratio: guard cost against the function's own time
  /// --budget: what the guards left in a run may cost, against its wall time.
  double budget_percent = 2.0;
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
  /// What its guards cost each run, in the order the reports were merged (shorter
  /// when the last runs did not call it).
  std::vector<double> guard_ns_by_run;
  /// Guard cost against its own time; infinite when it has none.
  double ratio() const {
    return total_ns == 0 ? HUGE_VAL : guard_ns / static_cast<double>(total_ns);
  }
  std::uint64_t avg_ns() const { return calls == 0 ? 0 : total_ns / calls; }
};

/// One report's run.
struct MergedRun {
  std::uint64_t wall_ns = 0;
  double guard_ns = 0;  ///< the guard cost of all its functions
};

/// The reports' functions merged by signature, and their runs.
struct MergedRuns {
  std::vector<FilterCandidate> functions;  ///< in the order first seen
  std::vector<MergedRun> runs;             ///< in the order merged
  std::uint64_t wall_ns = 0;               ///< the runs' wall times, in all
};

/// A report's guard cost per call, timed and left untimed (by adaptive timing or
/// time sampling).
struct GuardCosts {
  double timed_ns = 0;
  double untimed_ns = 0;
  /// Where the figures come from, for the filter's head.
  std::string source;
};

/// Adds one report's rows to `runs`, with its guard cost per call.
void merge_report(const Report& report, const FilterRule& rule, MergedRuns& runs);

/// The guard costs per call the rule uses for `report`.
GuardCosts guard_costs(const Report& report, const FilterRule& rule);

/// What the rule lists, and what the guards left cost each run.
struct FilterSelection {
  std::vector<FilterCandidate> listed;  ///< by guard cost, largest first
  std::vector<double> guard_ns_left;    ///< one per run
  std::vector<double> budget_ns;        ///< one per run: --budget of its wall time
  /// True when the guards left in `run` cost more than its budget.
  bool over_budget(std::size_t run) const { return guard_ns_left[run] > budget_ns[run]; }
};

/// The functions the rule lists, by guard cost, largest first.
FilterSelection select_filtered(const MergedRuns& runs, const FilterRule& rule);

/// A guard cost as a share of the run's wall time: "12.0%", "0.013%".
std::string share_of_run(double guard_ns, std::uint64_t wall_ns);

/// The `#` line written above an entry: "# 22,500,000 calls, 3 ns average, guards
/// ~450 ms = 15x its own time, 12% of the run".
std::string describe_candidate(const FilterCandidate& function, std::uint64_t wall_ns);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FILTER_RULE_HPP
