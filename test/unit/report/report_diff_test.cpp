// Tests for comparing two saved reports: the classification against the threshold
// (exactly at it is no change), growth from 0, new, removed and unknown functions,
// --min-calls, each metric and its errors, the order of the functions, the notes
// and the summary.
#include "report_diff.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "report_samples.hpp"

namespace hotpath {
namespace {

using test::timing_row;

/// A saved report of rows given as {name, calls, avg_ns}; p95 is twice the average,
/// total is calls times the average.
struct RowSpec {
  const char* name;
  std::uint64_t calls;
  std::uint64_t avg_ns;
};

SavedReport saved_with(const std::vector<RowSpec>& rows, std::size_t measured = 0) {
  SavedReport saved;
  saved.report.percentiles = {95};
  for (const RowSpec& row : rows)
    saved.report.rows.push_back(timing_row(row.name, row.name, row.calls, row.avg_ns,
                                           {2 * row.avg_ns}, row.calls * row.avg_ns, 0));
  saved.timing_functions = measured == 0 ? rows.size() : measured;
  return saved;
}

ReportDiff diff_of(const SavedReport& base, const SavedReport& head, DiffSettings settings = {}) {
  ReportDiff diff;
  std::string error;
  EXPECT_TRUE(diff_reports(base, "base.json", head, "head.json", settings, diff, error)) << error;
  return diff;
}

const FunctionChange& change_of(const ReportDiff& diff, const std::string& name) {
  for (const FunctionChange& change : diff.functions)
    if (change.name == name) return change;
  ADD_FAILURE() << name << " is not in the diff";
  static const FunctionChange none;
  return none;
}

std::vector<std::string> order(const ReportDiff& diff) {
  std::vector<std::string> names;
  for (const FunctionChange& change : diff.functions) names.push_back(change.name);
  return names;
}

TEST(ReportDiff, ClassifiesAgainstTheThreshold) {
  const SavedReport base = saved_with({{"slower", 10, 1000},
                                       {"faster", 10, 1000},
                                       {"edge", 10, 1000},
                                       {"same", 10, 1000},
                                       {"edge_down", 10, 1000}});
  const SavedReport head = saved_with({{"slower", 10, 1101},
                                       {"faster", 10, 899},
                                       {"edge", 10, 1100},
                                       {"same", 10, 1000},
                                       {"edge_down", 10, 900}});
  const ReportDiff diff = diff_of(base, head);  // threshold 10%
  EXPECT_EQ(change_of(diff, "slower").kind, ChangeKind::Regression);
  EXPECT_DOUBLE_EQ(*change_of(diff, "slower").change_percent, 10.1);
  EXPECT_EQ(change_of(diff, "faster").kind, ChangeKind::Improvement);
  EXPECT_DOUBLE_EQ(*change_of(diff, "faster").change_percent, -10.1);
  // Exactly the threshold is not more than it.
  EXPECT_EQ(change_of(diff, "edge").kind, ChangeKind::Unchanged);
  EXPECT_EQ(*change_of(diff, "edge").change_percent, 10.0);
  EXPECT_EQ(change_of(diff, "edge_down").kind, ChangeKind::Unchanged);
  EXPECT_EQ(*change_of(diff, "same").change_percent, 0.0);
  EXPECT_EQ(change_of(diff, "slower").base->value, 1000u);
  EXPECT_EQ(change_of(diff, "slower").head->value, 1101u);
  EXPECT_EQ(change_of(diff, "slower").head->calls, 10u);
  EXPECT_EQ(diff_summary(diff), "1 regression, 1 improvement");
  EXPECT_EQ(diff_other_counts(diff), "3 unchanged");
  EXPECT_TRUE(diff.notes.empty());
}

TEST(ReportDiff, GrowthFromZero) {
  const ReportDiff diff = diff_of(saved_with({{"zero", 1, 0}, {"still", 1, 0}}),
                                  saved_with({{"zero", 1, 5}, {"still", 1, 0}}));
  EXPECT_EQ(change_of(diff, "zero").kind, ChangeKind::Regression);
  EXPECT_FALSE(change_of(diff, "zero").change_percent);
  EXPECT_EQ(change_of(diff, "still").kind, ChangeKind::Unchanged);
  EXPECT_EQ(*change_of(diff, "still").change_percent, 0.0);
}

TEST(ReportDiff, NewAndRemovedFunctions) {
  const ReportDiff diff = diff_of(saved_with({{"kept", 1, 10}, {"gone", 1, 10}}),
                                  saved_with({{"kept", 1, 10}, {"added", 1, 10}}));
  EXPECT_EQ(change_of(diff, "gone").kind, ChangeKind::Removed);
  EXPECT_TRUE(change_of(diff, "gone").base);
  EXPECT_FALSE(change_of(diff, "gone").head);
  EXPECT_EQ(change_of(diff, "added").kind, ChangeKind::New);
  EXPECT_FALSE(change_of(diff, "added").base);
  EXPECT_EQ(diff_summary(diff), "0 regressions, 0 improvements");
  EXPECT_EQ(diff_other_counts(diff), "1 unchanged, 1 new, 1 removed");
}

TEST(ReportDiff, ReportsWithNoFunctionInCommonButMainAreUnrelated) {
  const auto unrelated = [](const std::vector<RowSpec>& base, const std::vector<RowSpec>& head) {
    return diff_of(saved_with(base), saved_with(head)).unrelated;
  };
  EXPECT_TRUE(unrelated({{"codec::encode", 1, 10}}, {{"server::serve", 1, 10}}));
  EXPECT_TRUE(unrelated({{"main", 1, 10}, {"codec::encode", 1, 10}},
                        {{"main", 1, 10}, {"server::serve", 1, 10}}));
  // One function in common is enough to be the same program, changed.
  EXPECT_FALSE(unrelated({{"main", 1, 10}, {"parse", 1, 10}, {"old", 1, 10}},
                         {{"main", 1, 10}, {"parse", 1, 10}, {"new", 1, 10}}));
  // Nothing but main, or nothing at all, on one side: nothing to judge by.
  EXPECT_FALSE(unrelated({{"main", 1, 10}}, {{"main", 1, 10}, {"server::serve", 1, 10}}));
  EXPECT_FALSE(unrelated({}, {{"server::serve", 1, 10}}));
  // Functions left out by --min-calls still tell the programs apart or together.
  DiffSettings settings;
  settings.min_calls = 5;
  EXPECT_FALSE(diff_of(saved_with({{"parse", 1, 10}, {"old", 9, 10}}),
                       saved_with({{"parse", 1, 10}, {"new", 9, 10}}), settings)
                   .unrelated);
}

TEST(ReportDiff, MissingFromATruncatedReportIsUnknown) {
  // base holds 2 of its 5 functions, head all of its.
  const ReportDiff diff = diff_of(saved_with({{"kept", 1, 10}, {"gone", 1, 10}}, 5),
                                  saved_with({{"kept", 1, 10}, {"added", 1, 10}}));
  EXPECT_EQ(change_of(diff, "added").kind, ChangeKind::Unknown);
  EXPECT_EQ(change_of(diff, "gone").kind, ChangeKind::Removed);
  EXPECT_EQ(diff.notes, (std::vector<std::string>{
                            "base.json holds 2 of 5 functions (it was written with a row limit): "
                            "a function missing from it is unknown, not new; record with "
                            "HOTPATH_LIMIT=0 for all"}));

  const ReportDiff other = diff_of(saved_with({{"kept", 1, 10}, {"gone", 1, 10}}),
                                   saved_with({{"kept", 1, 10}, {"added", 1, 10}}, 3));
  EXPECT_EQ(change_of(other, "gone").kind, ChangeKind::Unknown);
  EXPECT_EQ(change_of(other, "added").kind, ChangeKind::New);
  EXPECT_EQ(other.notes.front().substr(0, 60),
            "head.json holds 2 of 3 functions (it was written with a row ");
  EXPECT_NE(other.notes.front().find("unknown, not removed"), std::string::npos);
}

TEST(ReportDiff, MinCallsIgnoresFunctionsRarelyCalledInEitherReport) {
  DiffSettings settings;
  settings.min_calls = 10;
  const ReportDiff diff = diff_of(
      saved_with(
          {{"often", 10, 10}, {"rare_in_base", 9, 10}, {"rare_in_head", 10, 10}, {"gone", 3, 1}}),
      saved_with(
          {{"often", 12, 50}, {"rare_in_base", 20, 50}, {"rare_in_head", 9, 50}, {"new", 5, 1}}),
      settings);
  EXPECT_EQ(order(diff), (std::vector<std::string>{"often"}));
  EXPECT_EQ(diff.ignored, 4u);
  EXPECT_EQ(
      diff.notes,
      (std::vector<std::string>{"4 functions with fewer than 10 calls ignored (--min-calls 10)"}));
}

TEST(ReportDiff, OrdersRegressionsFirst) {
  const ReportDiff diff = diff_of(saved_with({{"r_small", 1, 100},
                                              {"r_big", 1, 100},
                                              {"i_small", 1, 100},
                                              {"i_big", 1, 100},
                                              {"u", 1, 100},
                                              {"removed", 1, 100},
                                              {"from_zero", 1, 0}}),
                                  saved_with({{"r_small", 1, 120},
                                              {"r_big", 1, 300},
                                              {"i_small", 1, 80},
                                              {"i_big", 1, 10},
                                              {"u", 1, 101},
                                              {"new_small", 1, 1},
                                              {"new_big", 1, 9},
                                              {"from_zero", 1, 1}}));
  EXPECT_EQ(order(diff),
            (std::vector<std::string>{"from_zero", "r_big", "r_small", "i_big", "i_small", "u",
                                      "new_big", "new_small", "removed"}));
}

TEST(ReportDiff, Metrics) {
  const SavedReport base = saved_with({{"f", 10, 100}});
  const SavedReport head = saved_with({{"f", 20, 100}});
  DiffSettings settings;
  EXPECT_EQ(change_of(diff_of(base, head, settings), "f").kind, ChangeKind::Unchanged);
  settings.metric = *parse_diff_metric("total");
  const ReportDiff total = diff_of(base, head, settings);
  EXPECT_EQ(change_of(total, "f").kind, ChangeKind::Regression);
  EXPECT_EQ(change_of(total, "f").base->value, 1000u);
  EXPECT_EQ(change_of(total, "f").head->value, 2000u);
  EXPECT_EQ(change_of(total, "f").head->calls, 20u);

  settings.metric = *parse_diff_metric("p95");
  const ReportDiff p95 = diff_of(base, head, settings);
  EXPECT_EQ(change_of(p95, "f").base->value, 200u);
  EXPECT_EQ(change_of(p95, "f").kind, ChangeKind::Unchanged);
}

TEST(ReportDiff, AllocMetricComparesBytesPerCall) {
  SavedReport base = saved_with({{"f", 10, 100}});
  SavedReport head = saved_with({{"f", 10, 100}});
  for (SavedReport* saved : {&base, &head}) saved->report.alloc_tracked = true;
  base.report.alloc_rows.push_back(test::make_alloc_row("f", 10, 480, 10, 0, 0, 48, {64}, 1));
  head.report.alloc_rows.push_back(test::make_alloc_row("f", 10, 960, 10, 0, 0, 96, {64}, 1));
  base.alloc_functions = head.alloc_functions = 1;
  DiffSettings settings;
  settings.metric = *parse_diff_metric("alloc");
  const ReportDiff diff = diff_of(base, head, settings);
  EXPECT_EQ(change_of(diff, "f").kind, ChangeKind::Regression);
  EXPECT_EQ(change_of(diff, "f").base->value, 48u);
  EXPECT_EQ(change_of(diff, "f").head->value, 96u);
  EXPECT_EQ(*change_of(diff, "f").change_percent, 100.0);

  head.report.alloc_mode = AllocMode::Cumulative;
  EXPECT_EQ(diff_of(base, head, settings).notes,
            (std::vector<std::string>{"base.json counts exclusive allocations, head.json "
                                      "cumulative: the values differ in kind"}));
}

WaitRow wait_row(const std::string& name, std::uint64_t count, std::uint64_t total_ns) {
  WaitRow row;
  row.name = row.signature = name;
  row.causes[0] = WaitCauseRow{count, total_ns, count, total_ns};
  row.count = row.self_count = count;
  row.total_ns = row.self_ns = total_ns;
  return row;
}

// Per call of the function: "more" waits as long per call in both runs, made twice
// as many calls; "slower" blocks 3 times as long per call; "running" had no call
// returned, and counts as one.
TEST(ReportDiff, WaitMetricComparesTimeBlockedPerCall) {
  SavedReport base = saved_with({{"more", 10, 100}, {"slower", 10, 100}});
  SavedReport head = saved_with({{"more", 20, 100}, {"slower", 10, 100}});
  for (SavedReport* saved : {&base, &head}) saved->report.waits_tracked = true;
  base.report.wait_rows = {wait_row("more", 10, 1'000'000), wait_row("slower", 5, 500'000),
                           wait_row("running", 1, 7'000)};
  head.report.wait_rows = {wait_row("more", 20, 2'000'000), wait_row("slower", 5, 1'500'000),
                           wait_row("running", 1, 7'000)};
  base.wait_functions = head.wait_functions = 3;
  DiffSettings settings;
  settings.metric = *parse_diff_metric("wait");
  const ReportDiff diff = diff_of(base, head, settings);
  EXPECT_EQ(change_of(diff, "more").kind, ChangeKind::Unchanged);
  EXPECT_EQ(change_of(diff, "more").base->value, 100'000u);
  EXPECT_EQ(change_of(diff, "more").head->calls, 20u);
  EXPECT_EQ(change_of(diff, "slower").kind, ChangeKind::Regression);
  EXPECT_EQ(*change_of(diff, "slower").change_percent, 200.0);
  EXPECT_EQ(change_of(diff, "running").head->value, 7'000u);
  EXPECT_EQ(change_of(diff, "running").head->calls, 0u);
  // Inclusive or exclusive time rows do not change what a wait is.
  head.report.time_mode = TimeMode::Exclusive;
  EXPECT_TRUE(diff_of(base, head, settings).notes.empty());
}

/// A saved report of coroutines given as {name, instances, resumes, running_ns,
/// suspended_ns}, every instance completed.
struct CoroutineSpec {
  const char* name;
  std::uint64_t instances;
  std::uint64_t resumes;
  std::uint64_t running_ns;
  std::uint64_t suspended_ns;
};

SavedReport saved_coroutines(const std::vector<CoroutineSpec>& rows, std::size_t measured = 0) {
  SavedReport saved = saved_with({{"main", 1, 1'000'000}});
  for (const CoroutineSpec& row : rows)
    saved.report.coroutine_rows.push_back(test::coroutine_row(
        row.name, row.instances, row.instances, 0, row.resumes, row.running_ns, row.suspended_ns,
        {row.running_ns / row.instances}, {row.suspended_ns / row.instances}));
  saved.coroutine_functions = measured == 0 ? rows.size() : measured;
  return saved;
}

// Each coroutine metric compares a total of all instances; the instances are the
// calls. "busy" resumed twice as often in as many instances, "slow" ran 3 times as
// long, "idle" waited half as long suspended.
TEST(ReportDiff, CoroutineMetricsCompareTheTotalsOfAllInstances) {
  const SavedReport base = saved_coroutines({{"busy", 10, 20, 1'000'000, 50'000'000},
                                             {"slow", 4, 8, 400'000, 8'000'000},
                                             {"idle", 2, 4, 10'000, 100'000'000},
                                             {"gone", 1, 1, 5'000, 0}});
  const SavedReport head = saved_coroutines({{"busy", 10, 40, 1'050'000, 50'000'000},
                                             {"slow", 5, 8, 1'200'000, 8'500'000},
                                             {"idle", 2, 4, 10'000, 50'000'000},
                                             {"added", 3, 3, 6'000, 0}});
  DiffSettings settings;
  settings.metric = *parse_diff_metric("resumes");
  ReportDiff diff = diff_of(base, head, settings);
  EXPECT_EQ(change_of(diff, "busy").kind, ChangeKind::Regression);
  EXPECT_EQ(*change_of(diff, "busy").change_percent, 100.0);
  EXPECT_EQ(change_of(diff, "busy").base->calls, 10u);
  EXPECT_EQ(change_of(diff, "busy").head->value, 40u);
  EXPECT_EQ(change_of(diff, "slow").kind, ChangeKind::Unchanged);
  EXPECT_EQ(change_of(diff, "slow").head->calls, 5u);
  EXPECT_EQ(change_of(diff, "gone").kind, ChangeKind::Removed);
  EXPECT_EQ(change_of(diff, "added").kind, ChangeKind::New);
  // main has a timing row, no coroutine row.
  EXPECT_EQ(order(diff), (std::vector<std::string>{"busy", "idle", "slow", "added", "gone"}));
  EXPECT_EQ(diff.base.saved_functions, 4u);

  settings.metric = *parse_diff_metric("running");
  diff = diff_of(base, head, settings);
  EXPECT_EQ(change_of(diff, "busy").kind, ChangeKind::Unchanged);
  EXPECT_EQ(change_of(diff, "slow").kind, ChangeKind::Regression);
  EXPECT_EQ(*change_of(diff, "slow").change_percent, 200.0);
  EXPECT_EQ(change_of(diff, "slow").base->value, 400'000u);

  settings.metric = *parse_diff_metric("suspended");
  diff = diff_of(base, head, settings);
  EXPECT_EQ(change_of(diff, "idle").kind, ChangeKind::Improvement);
  EXPECT_EQ(*change_of(diff, "idle").change_percent, -50.0);
  EXPECT_EQ(change_of(diff, "slow").kind, ChangeKind::Unchanged);
  EXPECT_EQ(order(diff).front(), "idle");
  EXPECT_TRUE(diff.notes.empty());
}

// A report without the section has no coroutine, and says so; a cut one leaves its
// missing coroutines unknown; --min-calls counts instances; time modes do not
// matter to a coroutine's wall time.
TEST(ReportDiff, CoroutineMetricNotes) {
  DiffSettings settings;
  settings.metric = *parse_diff_metric("running");
  SavedReport base = saved_coroutines({{"a", 10, 10, 1'000, 0}, {"b", 1, 1, 1'000, 0}}, 3);
  SavedReport head = saved_with({{"main", 1, 1'000'000}});
  head.report.time_mode = TimeMode::Exclusive;
  settings.min_calls = 2;
  const ReportDiff diff = diff_of(base, head, settings);
  EXPECT_EQ(change_of(diff, "a").kind, ChangeKind::Removed);
  EXPECT_EQ(diff.ignored, 1u);
  EXPECT_EQ(diff.notes,
            (std::vector<std::string>{
                "base.json holds 2 of 3 coroutine rows (it was written with a row limit): a "
                "function missing from it is unknown, not new; record with HOTPATH_LIMIT=0 for "
                "all",
                "head.json has no coroutine rows: no measured coroutine ran",
                "1 function with fewer than 2 instances ignored (--min-calls 2)"}));
}

TEST(ReportDiff, ErrorsNameTheReportThatLacksTheMetric) {
  SavedReport with_alloc = saved_with({{"f", 1, 1}});
  with_alloc.report.alloc_tracked = true;
  const SavedReport without_alloc = saved_with({{"f", 1, 1}});
  DiffSettings settings;
  settings.metric = *parse_diff_metric("alloc");
  ReportDiff diff;
  std::string error;
  EXPECT_FALSE(diff_reports(with_alloc, "a.json", without_alloc, "b.json", settings, diff, error));
  EXPECT_EQ(error,
            "b.json: --metric alloc needs the allocation section (functions_alloc), which only "
            "programs linked with hotpath-alloc have");

  settings.metric = *parse_diff_metric("wait");
  EXPECT_FALSE(diff_reports(without_alloc, "a.json", with_alloc, "b.json", settings, diff, error));
  EXPECT_EQ(error,
            "a.json: --metric wait needs the wait section (functions_wait), which only programs "
            "linked with hotpath-wait have");

  settings.metric = *parse_diff_metric("p99.9");
  EXPECT_FALSE(diff_reports(with_alloc, "a.json", without_alloc, "b.json", settings, diff, error));
  EXPECT_EQ(error, "a.json: --metric p99.9: the report has no such percentile (it has p95)");
}

TEST(ReportDiff, TimeModesThatDiffer) {
  SavedReport head = saved_with({{"f", 1, 1}});
  head.report.time_mode = TimeMode::Exclusive;
  EXPECT_EQ(
      diff_of(saved_with({{"f", 1, 1}}), head).notes,
      (std::vector<std::string>{
          "base.json measured inclusive time, head.json exclusive: the values differ in kind"}));
}

TEST(ReportDiff, ParsesAndNamesMetrics) {
  EXPECT_EQ(parse_diff_metric("avg")->kind, DiffMetric::Kind::Average);
  EXPECT_EQ(parse_diff_metric("total")->kind, DiffMetric::Kind::Total);
  EXPECT_EQ(parse_diff_metric("alloc")->kind, DiffMetric::Kind::Alloc);
  EXPECT_EQ(parse_diff_metric("wait")->kind, DiffMetric::Kind::Wait);
  EXPECT_EQ(parse_diff_metric("resumes")->kind, DiffMetric::Kind::Resumes);
  EXPECT_EQ(parse_diff_metric("running")->kind, DiffMetric::Kind::Running);
  EXPECT_EQ(parse_diff_metric("suspended")->kind, DiffMetric::Kind::Suspended);
  EXPECT_TRUE(is_coroutine_metric(*parse_diff_metric("running")));
  EXPECT_FALSE(is_coroutine_metric(*parse_diff_metric("wait")));
  EXPECT_EQ(parse_diff_metric("p99.9")->percentile, 99.9);
  for (const char* bad : {"", "mean", "p", "p200", "bytes"})
    EXPECT_FALSE(parse_diff_metric(bad)) << bad;
  for (const char* name :
       {"avg", "total", "alloc", "wait", "resumes", "running", "suspended", "p95", "p99.9"})
    EXPECT_EQ(diff_metric_name(*parse_diff_metric(name)), name);
  EXPECT_EQ(diff_metric_description(*parse_diff_metric("p95")), "p95 time per call");
  EXPECT_EQ(diff_metric_description(*parse_diff_metric("alloc")), "bytes allocated per call");
  EXPECT_EQ(diff_metric_description(*parse_diff_metric("wait")), "time blocked per call");
  EXPECT_EQ(format_metric_value(*parse_diff_metric("wait"), 2048), "2.05 \xC2\xB5s");
  EXPECT_EQ(format_metric_value(*parse_diff_metric("alloc"), 2048), "2.00 KiB");
  EXPECT_EQ(format_metric_value(*parse_diff_metric("avg"), 2048), "2.05 \xC2\xB5s");
  EXPECT_EQ(diff_metric_description(*parse_diff_metric("resumes")),
            "resumes of all coroutine instances");
  EXPECT_EQ(diff_metric_description(*parse_diff_metric("running")),
            "running time of all coroutine instances");
  EXPECT_EQ(diff_metric_description(*parse_diff_metric("suspended")),
            "suspended time of all coroutine instances");
  EXPECT_EQ(format_metric_value(*parse_diff_metric("resumes"), 2048), "2048");
  EXPECT_EQ(format_metric_value(*parse_diff_metric("suspended"), 2048), "2.05 \xC2\xB5s");
}

TEST(ReportDiff, FormatsChanges) {
  EXPECT_EQ(format_change(96.2917), "+96.3%");
  EXPECT_EQ(format_change(-50.0), "-50.0%");
  EXPECT_EQ(format_change(0.0), "+0.0%");
  EXPECT_EQ(format_change(-0.04), "+0.0%");
  EXPECT_EQ(format_change(std::nullopt), "+inf%");
  EXPECT_EQ(format_threshold(10), "10%");
  EXPECT_EQ(format_threshold(2.5), "2.5%");
}

}  // namespace
}  // namespace hotpath
