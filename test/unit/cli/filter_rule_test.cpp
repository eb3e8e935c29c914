// The rule of `hotpath filter`: each bound inclusive, the largest guard costs
// listed until what is left fits the budget, the guard's cost per call from the
// report's compensation (untimed calls at their own figure) or the default, reports
// merged by signature, and the figures written above an entry.
#include "filter_rule.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filter_options.hpp"

namespace hotpath::cli {
namespace {

FunctionRow row(const std::string& signature, std::uint64_t calls, std::uint64_t total_ns) {
  FunctionRow result;
  result.name = signature;
  result.signature = signature;
  result.calls = calls;
  result.timed_calls = calls;
  result.total_ns = total_ns;
  return result;
}

/// 1 s of wall time; compensated at 20 ns a nested call when `per_nested_ns` > 0.
Report report(std::vector<FunctionRow> rows, double per_nested_ns) {
  Report result;
  result.wall_ns = 1'000'000'000;
  result.compensation.enabled = per_nested_ns > 0;
  result.compensation.per_nested_call_ns = per_nested_ns;
  result.rows = std::move(rows);
  return result;
}

std::vector<std::string> listed(const std::vector<Report>& reports, const FilterRule& rule = {}) {
  MergedRuns runs;
  for (const Report& each : reports) merge_report(each, rule, runs);
  std::vector<std::string> signatures;
  for (const FilterCandidate& function : select_filtered(runs, rule).listed)
    signatures.push_back(function.signature);
  return signatures;
}

/// The rule with no budget: every function that may be listed is.
FilterRule without_budget() {
  FilterRule rule;
  rule.budget_percent = 0;
  return rule;
}

TEST(FilterRule, EachBoundIsInclusive) {
  const Report run =
      report({row("calls_at_bound()", 10000, 1000), row("calls_under()", 9999, 1000),
              row("ratio_at_bound()", 5'000'000, 400'000'000),
              row("ratio_under()", 5'000'000, 400'000'004), row("share_at_bound()", 500'000, 1000),
              row("share_under()", 499'999, 1000)},
             20);
  FilterRule no_share = without_budget();
  no_share.min_share_percent = 0;
  no_share.min_ratio = 0.25;
  EXPECT_EQ(listed({run}, no_share),
            (std::vector<std::string>{"ratio_at_bound()", "share_at_bound()", "share_under()",
                                      "calls_at_bound()"}));
  FilterRule share = no_share;
  share.min_share_percent = 1;
  EXPECT_EQ(listed({run}, share),
            (std::vector<std::string>{"ratio_at_bound()", "share_at_bound()"}));
}

TEST(FilterRule, ListsTheLargestGuardCostsUntilTheRestFitsTheBudget) {
  // Guards at 20 ns: 100, 30, 20 and 10 ms of a 1 s run, 160 ms in all.
  const Report run = report({row("a()", 5'000'000, 1), row("b()", 1'500'000, 1),
                             row("c()", 1'000'000, 1), row("d()", 500'000, 1)},
                            20);
  FilterRule rule;
  rule.budget_percent = 6;  // 60 ms: a and b leave 30 ms, a alone 60 ms: the bound counts
  EXPECT_EQ(listed({run}, rule), (std::vector<std::string>{"a()"}));
  rule.budget_percent = 5.9;
  EXPECT_EQ(listed({run}, rule), (std::vector<std::string>{"a()", "b()"}));
  rule.budget_percent = 16;
  EXPECT_TRUE(listed({run}, rule).empty());
  rule.budget_percent = 0;
  EXPECT_EQ(listed({run}, rule), (std::vector<std::string>{"a()", "b()", "c()", "d()"}));
}

TEST(FilterRule, EachRunKeepsWithinTheBudgetOfItsOwnWallTime) {
  // A long run (1 s) and a short one (10 ms of wall time, set below). Merged, the
  // short run's 2 ms of guards would be 0.2% of all: under the budget. On its own
  // it is 20% of its run, so short() is listed; long_only() is, for the long run.
  // The short run's small() (0.2 ms, 2%) is then at the budget, which is within it,
  // and is not listed; neither is long_small() (10 ms, 1% of the long run), which
  // comes before short() but helps no run over its budget.
  const Report long_run =
      report({row("long_only()", 5'000'000, 1), row("long_small()", 500'000, 1)}, 20);
  Report short_run = report({row("short()", 100'000, 1), row("small()", 10'000, 1)}, 20);
  short_run.wall_ns = 10'000'000;
  MergedRuns runs;
  merge_report(long_run, FilterRule{}, runs);
  merge_report(short_run, FilterRule{}, runs);
  const FilterSelection selection = select_filtered(runs, FilterRule{});
  std::vector<std::string> listed_signatures;
  for (const FilterCandidate& function : selection.listed)
    listed_signatures.push_back(function.signature);
  EXPECT_EQ(listed_signatures, (std::vector<std::string>{"long_only()", "short()"}));
  ASSERT_EQ(selection.guard_ns_left.size(), 2u);
  EXPECT_DOUBLE_EQ(selection.guard_ns_left[0], 500'000 * 20.0);
  EXPECT_DOUBLE_EQ(selection.guard_ns_left[1], 10'000 * 20.0);
}

TEST(FilterRule, UntimedCallsCostTheirOwnFigure) {
  // 1,000 timed calls at 20 ns and 999,000 untimed at 2 ns, whether adaptive timing
  // or time sampling left them untimed; a row timed every time at 20 ns a call.
  FunctionRow adaptive = row("adaptive()", 1'000'000, 1);
  adaptive.adaptive = true;
  adaptive.timed_calls = 1000;
  FunctionRow sampled = row("sampled()", 1'000'000, 1);
  sampled.timed_calls = 1000;
  const FunctionRow timed = row("timed()", 1'000'000, 1);
  Report run = report({adaptive, sampled, timed}, 20);
  run.compensation.per_untimed_call_ns = 2;
  MergedRuns runs;
  merge_report(run, FilterRule{}, runs);
  ASSERT_EQ(runs.functions.size(), 3u);
  EXPECT_DOUBLE_EQ(runs.functions[0].guard_ns, 1000 * 20.0 + 999'000 * 2.0);
  EXPECT_DOUBLE_EQ(runs.functions[1].guard_ns, 1000 * 20.0 + 999'000 * 2.0);
  EXPECT_DOUBLE_EQ(runs.functions[2].guard_ns, 1'000'000 * 20.0);
}

TEST(FilterRule, GuardCostFromCompensationOrDefault) {
  FilterRule rule;
  EXPECT_DOUBLE_EQ(guard_costs(report({}, 26.5), rule).timed_ns, 26.5);
  EXPECT_DOUBLE_EQ(guard_costs(report({}, 26.5), rule).untimed_ns, 26.5);
  Report adaptive = report({}, 26.5);
  adaptive.compensation.per_untimed_call_ns = 1.9;
  EXPECT_DOUBLE_EQ(guard_costs(adaptive, rule).untimed_ns, 1.9);
  EXPECT_DOUBLE_EQ(guard_costs(report({}, 0), rule).timed_ns, 25.0);
  rule.default_guard_ns = 2;
  rule.guard_ns_given = true;
  EXPECT_DOUBLE_EQ(guard_costs(adaptive, rule).timed_ns, 2.0);
  EXPECT_DOUBLE_EQ(guard_costs(adaptive, rule).untimed_ns, 2.0);
}

TEST(FilterRule, ReportsMergeBySignature) {
  // 6,000 calls in each report: 12,000 together pass --min-calls.
  FilterRule rule = without_budget();
  rule.min_share_percent = 0;
  const Report a = report({row("helper() [a.cpp]", 6000, 6000)}, 20);
  const Report b = report({row("helper() [a.cpp]", 6000, 6000)}, 0);
  EXPECT_TRUE(listed({a}, rule).empty());
  EXPECT_EQ(listed({a, b}, rule), std::vector<std::string>{"helper() [a.cpp]"});
  MergedRuns runs;
  merge_report(a, rule, runs);
  merge_report(b, rule, runs);
  ASSERT_EQ(runs.functions.size(), 1u);
  EXPECT_EQ(runs.functions[0].calls, 12000u);
  EXPECT_DOUBLE_EQ(runs.functions[0].guard_ns, 6000 * 20.0 + 6000 * 25.0);
  EXPECT_EQ(runs.wall_ns, 2'000'000'000u);
}

TEST(FilterRule, DescribesAnEntry) {
  const FilterCandidate match{"re::match(const char *)", 22'500'000, 67'500'000, 450'000'000, {}};
  EXPECT_EQ(describe_candidate(match, 1'000'000'000),
            "# 22,500,000 calls, 3 ns average, guards ~450.00 ms = 6.7x its own time, 45.0% of "
            "the run");
  const FilterCandidate none{"f()", 10000, 0, 200'000, {}};
  EXPECT_EQ(describe_candidate(none, 1'000'000'000),
            "# 10,000 calls, 0 ns average, guards ~200.00 µs = more than its own time (0 ns), "
            "0.02% of the run");
}

TEST(FilterOptions, DefaultsAndErrors) {
  const ParsedFilterCommand parsed = parse_filter_command({"a.json", "b.json"});
  EXPECT_TRUE(parsed.error.empty()) << parsed.error;
  EXPECT_EQ(parsed.options.inputs, (std::vector<std::string>{"a.json", "b.json"}));
  EXPECT_EQ(parsed.options.rule.min_calls, 10000u);
  EXPECT_DOUBLE_EQ(parsed.options.rule.min_share_percent, 0.01);
  EXPECT_DOUBLE_EQ(parsed.options.rule.min_ratio, 0.0);
  EXPECT_DOUBLE_EQ(parsed.options.rule.budget_percent, 2.0);
  EXPECT_DOUBLE_EQ(parse_filter_command({"--budget", "0.5%", "a.json"}).options.rule.budget_percent,
                   0.5);
  EXPECT_FALSE(parsed.options.rule.guard_ns_given);
  EXPECT_EQ(parse_filter_command({"--min-ratio", "x", "a.json"}).error,
            "--min-ratio expects a ratio of guard cost to the function's own time, such as "
            "0.25, got \"x\"");
  EXPECT_EQ(parse_filter_command({}).error,
            "no report to read (usage: hotpath filter [options] REPORT.json [MORE.json ...])");
}

}  // namespace
}  // namespace hotpath::cli
