// The Prometheus text of a report: exact lines for a hand-made report, label
// values escaped, the functions of the largest total time in every family, and
// the optional families only with their data.
#include "live/prometheus_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "report_rows.hpp"

namespace hotpath::live {
namespace {

Report one_function_report() {
  Report report;
  report.wall_ns = 2'500'000'000;
  FunctionRow row = test::timing_row("ns::f<\"x\\y\">", "ns::f()", 4, 500, {900}, 2000, 1);
  row.duration_buckets = {79, {0, 1, 4}};  // 2^(79/8) = 939.01 ns, 2^10 ns, 2^(81/8) ns
  report.rows.push_back(row);
  return report;
}

TEST(PrometheusText, FamiliesAndSamplesAreExact) {
  EXPECT_EQ(
      prometheus_text(one_function_report()),
      "# HELP hotpath_elapsed_seconds Wall time since the session opened (or the program "
      "started).\n"
      "# TYPE hotpath_elapsed_seconds gauge\n"
      "hotpath_elapsed_seconds 2.5\n"
      "# HELP hotpath_function_calls_total Calls of a measured function that returned.\n"
      "# TYPE hotpath_function_calls_total counter\n"
      "hotpath_function_calls_total{function=\"ns::f<\\\"x\\\\y\\\">\"} 4\n"
      "# HELP hotpath_function_duration_seconds Duration of a measured function's calls.\n"
      "# TYPE hotpath_function_duration_seconds histogram\n"
      "hotpath_function_duration_seconds_bucket{function=\"ns::f<\\\"x\\\\y\\\">\","
      "le=\"9.390121402415833e-07\"} 0\n"
      "hotpath_function_duration_seconds_bucket{function=\"ns::f<\\\"x\\\\y\\\">\",le=\"1.024e-"
      "06\"} "
      "1\n"
      "hotpath_function_duration_seconds_bucket{function=\"ns::f<\\\"x\\\\y\\\">\","
      "le=\"1.1166799182492238e-06\"} 4\n"
      "hotpath_function_duration_seconds_bucket{function=\"ns::f<\\\"x\\\\y\\\">\",le=\"+Inf\"} 4\n"
      "hotpath_function_duration_seconds_sum{function=\"ns::f<\\\"x\\\\y\\\">\"} 2e-06\n"
      "hotpath_function_duration_seconds_count{function=\"ns::f<\\\"x\\\\y\\\">\"} 4\n");
}

// The report's limit is the page's: /metrics has its own.
TEST(PrometheusText, TheReportsLimitDoesNotCut) {
  Report report = one_function_report();
  report.rows.push_back(test::timing_row("g", "g()", 1, 10, {10}, 10, 0));
  report.limit = 1;
  EXPECT_NE(prometheus_text(report).find("hotpath_function_calls_total{function=\"g\"} 1\n"),
            std::string::npos);
}

/// Three functions (a, b, c by total time) in every per-function family, with a
/// lock, a gauge and a monitored thread.
Report three_function_report() {
  Report report;
  report.wall_ns = 1'000'000'000;
  for (const char* name : {"a", "b", "c"}) {
    report.rows.push_back(test::timing_row(name, name, 2, 10, {10}, 20, 0));
    report.rows.back().duration_buckets = {100, {0, 2}};
    report.alloc_rows.push_back(test::make_alloc_row(name, 2, 64, 1, 0, 0, 32, {32}, 10));
    CpuRow cpu;
    cpu.name = name;
    cpu.samples = 3;
    report.cpu_rows.push_back(cpu);
    WaitRow wait;
    wait.name = name;
    wait.causes[3] = WaitCauseRow{1, 5, 1, 5};  // sleep
    report.wait_rows.push_back(wait);
    report.coroutine_rows.push_back(test::coroutine_row(name, 1, 1, 0, 1, 10, 0, {10}, {0}));
  }
  // The other sections have their own orders: c first.
  std::reverse(report.alloc_rows.begin(), report.alloc_rows.end());
  std::reverse(report.cpu_rows.begin(), report.cpu_rows.end());
  report.alloc_tracked = report.cpu_sampled = report.waits_tracked = true;
  for (const char* name : {"m1", "m2", "m3"}) {
    LockRow lock;
    lock.name = name;
    lock.kind = "mutex";
    lock.waits = 1;
    report.lock_rows.push_back(lock);
  }
  GaugeRow gauge;
  gauge.name = "queue";
  gauge.kind = GaugeKind::Gauge;
  report.gauge_rows.push_back(gauge);
  report.threads_monitored = true;
  ThreadAllocRow thread;
  thread.name = "main";
  thread.tid = 7;
  report.threads.push_back(thread);
  return report;
}

/// The values of `label` in the samples of `text`, in order, one per sample line.
std::vector<std::string> labelled(const std::string& text, const std::string& label) {
  std::vector<std::string> values;
  const std::string key = label + "=\"";
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1))
    values.push_back(
        text.substr(at + key.size(), text.find('"', at + key.size()) - at - key.size()));
  return values;
}

TEST(PrometheusText, TheLimitKeepsTheLargestTotalsInEveryFamily) {
  const std::string text = prometheus_text(three_function_report(), MetricsOptions{2, false});
  std::vector<std::string> functions = labelled(text, "function");
  // Calls; 2 buckets, +Inf, sum and count; allocated bytes and allocations; CPU;
  // waits and their time; 4 coroutine families: 15 samples for each of a and b.
  EXPECT_EQ(std::count(functions.begin(), functions.end(), "a"), 15);
  EXPECT_EQ(std::count(functions.begin(), functions.end(), "b"), 15);
  EXPECT_EQ(std::count(functions.begin(), functions.end(), "c"), 0) << text;
  EXPECT_EQ(labelled(text, "lock"), (std::vector<std::string>{"m1", "m2", "m1", "m2"}));
  EXPECT_EQ(labelled(text, "name"), (std::vector<std::string>{"queue", "queue", "queue", "queue"}));
  EXPECT_EQ(labelled(text, "thread"), std::vector<std::string>{});
}

TEST(PrometheusText, LimitZeroKeepsEveryFunction) {
  const std::string text = prometheus_text(three_function_report(), MetricsOptions{0, false});
  std::vector<std::string> functions = labelled(text, "function");
  EXPECT_EQ(std::count(functions.begin(), functions.end(), "c"), 15);
  EXPECT_EQ(labelled(text, "lock").size(), 6u);
}

TEST(PrometheusText, FiftyFunctionsByDefault) {
  Report report;
  for (int i = 0; i < 60; ++i)
    report.rows.push_back(test::timing_row("f" + std::to_string(i), "f", 1, 1, {1}, 60 - i, 0));
  const std::vector<std::string> functions = labelled(prometheus_text(report), "function");
  EXPECT_EQ(std::count(functions.begin(), functions.end(), "f49"), 4);  // calls, +Inf, sum, count
  EXPECT_EQ(std::count(functions.begin(), functions.end(), "f50"), 0);
}

TEST(PrometheusText, ThreadsOnlyWhenAsked) {
  const std::string text = prometheus_text(three_function_report(), MetricsOptions{0, true});
  EXPECT_NE(text.find("hotpath_thread_cpu_seconds_total{thread=\"main\",tid=\"7\"} 0\n"),
            std::string::npos)
      << text;
}

// Bounds below a nanosecond and above ten seconds, written the same each time.
TEST(PrometheusText, BucketBoundsAreTheGridsInSeconds) {
  Report report;
  report.rows.push_back(test::timing_row("f", "f", 3, 1, {1}, 3, 0));
  report.rows.back().duration_buckets = {-1, {0, 1, 2, 3}};
  report.rows.push_back(test::timing_row("g", "g", 1, 1, {1}, 1, 0));
  report.rows.back().duration_buckets = {264, {0, 1}};
  const std::string text = prometheus_text(report);
  EXPECT_EQ(labelled(text, "le"),
            (std::vector<std::string>{"9.170040432046712e-10", "1e-09", "1.0905077326652576e-09",
                                      "1.189207115002721e-09", "+Inf", "8.589934592",
                                      "9.367390095664785", "+Inf"}))
      << text;
  EXPECT_EQ(prometheus_text(report), text);
}

TEST(PrometheusText, AllocationAndCpuFamiliesOnlyWithTheirData) {
  Report report = one_function_report();
  EXPECT_EQ(prometheus_text(report).find("alloc"), std::string::npos);
  EXPECT_EQ(prometheus_text(report).find("cpu"), std::string::npos);
  report.alloc_tracked = true;
  report.alloc_rows.push_back(test::make_alloc_row("f", 2, 640, 5, 0, 0, 320, {320}, 100));
  report.cpu_sampled = true;
  CpuRow cpu;
  cpu.name = "f";
  cpu.samples = 12;
  report.cpu_rows.push_back(cpu);
  const std::string text = prometheus_text(report);
  EXPECT_NE(text.find("hotpath_function_alloc_bytes_total{function=\"f\"} 640\n"),
            std::string::npos);
  EXPECT_NE(text.find("hotpath_function_allocations_total{function=\"f\"} 5\n"), std::string::npos);
  EXPECT_NE(text.find("hotpath_function_cpu_samples_total{function=\"f\"} 12\n"),
            std::string::npos);
}

TEST(PrometheusText, WaitsByFunctionAndCauseOnlyWithTheirData) {
  Report report = one_function_report();
  EXPECT_EQ(prometheus_text(report).find("wait"), std::string::npos);
  report.waits_tracked = true;
  WaitRow row;
  row.name = "f";
  row.causes[0] = WaitCauseRow{3, 1'500'000'000, 3, 1'500'000'000};  // lock
  row.causes[2] = WaitCauseRow{2, 250'000'000, 1, 50'000'000};       // io
  report.wait_rows.push_back(row);
  const std::string text = prometheus_text(report);
  EXPECT_NE(text.find("# TYPE hotpath_function_waits_total counter\n"
                      "hotpath_function_waits_total{function=\"f\",cause=\"lock\"} 3\n"
                      "hotpath_function_waits_total{function=\"f\",cause=\"io\"} 2\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("hotpath_function_wait_seconds_total{function=\"f\",cause=\"lock\"} 1.5\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("hotpath_function_wait_seconds_total{function=\"f\",cause=\"io\"} 0.25\n"),
            std::string::npos);
  EXPECT_EQ(text.find("cause=\"sleep\""), std::string::npos);
}

TEST(PrometheusText, ContendedLocksByNameAndKind) {
  Report report = one_function_report();
  report.waits_tracked = true;
  LockRow row;
  row.name = "jobs \"queue\"";
  row.kind = "mutex";
  row.waits = 4;
  row.total_ns = 250'000'000;
  report.lock_rows.push_back(row);
  const std::string text = prometheus_text(report);
  EXPECT_NE(text.find("# TYPE hotpath_lock_waits_total counter\n"
                      "hotpath_lock_waits_total{lock=\"jobs \\\"queue\\\"\",kind=\"mutex\"} 4\n"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find(
          "hotpath_lock_wait_seconds_total{lock=\"jobs \\\"queue\\\"\",kind=\"mutex\"} 0.25\n"),
      std::string::npos)
      << text;
}

// Four counters per coroutine, labelled like the functions' own, after the others;
// none before a measured coroutine ran.
TEST(PrometheusText, CoroutinesOnceOneRan) {
  Report report = one_function_report();
  EXPECT_EQ(prometheus_text(report).find("coroutine"), std::string::npos);
  report.coroutine_rows.push_back(test::coroutine_row("app::serve", 40, 38, 2, 400, 12'000'000,
                                                      1'508'000'000, {450'000}, {80'000'000}));
  const std::string text = prometheus_text(report);
  const std::string families =
      "# HELP hotpath_coroutine_instances_total Instances of a measured coroutine that "
      "started.\n"
      "# TYPE hotpath_coroutine_instances_total counter\n"
      "hotpath_coroutine_instances_total{function=\"app::serve\"} 40\n"
      "# HELP hotpath_coroutine_resumes_total Segments a measured coroutine's instances ran: "
      "each one's first, and one per resume after a suspension.\n"
      "# TYPE hotpath_coroutine_resumes_total counter\n"
      "hotpath_coroutine_resumes_total{function=\"app::serve\"} 400\n"
      "# HELP hotpath_coroutine_running_seconds_total Time the ended instances of a measured "
      "coroutine ran, from each resume to the next suspension.\n"
      "# TYPE hotpath_coroutine_running_seconds_total counter\n"
      "hotpath_coroutine_running_seconds_total{function=\"app::serve\"} 0.012\n"
      "# HELP hotpath_coroutine_suspended_seconds_total Time the ended instances of a measured "
      "coroutine spent suspended.\n"
      "# TYPE hotpath_coroutine_suspended_seconds_total counter\n"
      "hotpath_coroutine_suspended_seconds_total{function=\"app::serve\"} 1.508\n";
  ASSERT_GE(text.size(), families.size());
  EXPECT_EQ(text.substr(text.size() - families.size()), families) << text;
}

TEST(PrometheusText, MonitoredThreadsHaveTheirCpuTimeWhenAsked) {
  Report report = one_function_report();
  EXPECT_EQ(prometheus_text(report, MetricsOptions{0, true}).find("hotpath_thread"),
            std::string::npos);
  report.threads_monitored = true;
  ThreadAllocRow thread;
  thread.name = "main";
  thread.tid = 42;
  thread.cpu_ns = 1'500'000'000;
  report.threads.push_back(thread);
  EXPECT_EQ(prometheus_text(report).find("hotpath_thread"), std::string::npos);
  EXPECT_NE(prometheus_text(report, MetricsOptions{0, true})
                .find("# TYPE hotpath_thread_cpu_seconds_total counter\n"
                      "hotpath_thread_cpu_seconds_total{thread=\"main\",tid=\"42\"} 1.5\n"),
            std::string::npos);
}

TEST(PrometheusText, ExclusiveTimeSaysSo) {
  Report report = one_function_report();
  report.time_mode = TimeMode::Exclusive;
  EXPECT_NE(prometheus_text(report).find("# HELP hotpath_function_duration_seconds Self time"),
            std::string::npos);
}

}  // namespace
}  // namespace hotpath::live
