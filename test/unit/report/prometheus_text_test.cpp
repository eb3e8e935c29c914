// The Prometheus text of a report: exact lines for a hand-made report, label
// values escaped, every function whatever the report's limit, and the optional
// families only with their data.
#include "live/prometheus_text.hpp"

#include <gtest/gtest.h>

#include <string>

#include "report_rows.hpp"

namespace hotpath::live {
namespace {

Report one_function_report() {
  Report report;
  report.wall_ns = 2'500'000'000;
  report.duration_bucket_bounds_ns = {100, 1000};
  FunctionRow row = test::timing_row("ns::f<\"x\\y\">", "ns::f()", 4, 500, {900}, 2000, 1);
  row.duration_buckets = {1, 3};
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
      "hotpath_function_duration_seconds_bucket{function=\"ns::f<\\\"x\\\\y\\\">\",le=\"1e-07\"} "
      "1\n"
      "hotpath_function_duration_seconds_bucket{function=\"ns::f<\\\"x\\\\y\\\">\",le=\"1e-06\"} "
      "3\n"
      "hotpath_function_duration_seconds_bucket{function=\"ns::f<\\\"x\\\\y\\\">\",le=\"+Inf\"} 4\n"
      "hotpath_function_duration_seconds_sum{function=\"ns::f<\\\"x\\\\y\\\">\"} 2e-06\n"
      "hotpath_function_duration_seconds_count{function=\"ns::f<\\\"x\\\\y\\\">\"} 4\n");
}

TEST(PrometheusText, EveryFunctionWhateverTheLimit) {
  Report report = one_function_report();
  report.rows.push_back(test::timing_row("g", "g()", 1, 10, {10}, 10, 0));
  report.limit = 1;
  EXPECT_NE(prometheus_text(report).find("hotpath_function_calls_total{function=\"g\"} 1\n"),
            std::string::npos);
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

TEST(PrometheusText, MonitoredThreadsHaveTheirCpuTime) {
  Report report = one_function_report();
  EXPECT_EQ(prometheus_text(report).find("hotpath_thread"), std::string::npos);
  report.threads_monitored = true;
  ThreadAllocRow thread;
  thread.name = "main";
  thread.tid = 42;
  thread.cpu_ns = 1'500'000'000;
  report.threads.push_back(thread);
  EXPECT_NE(prometheus_text(report).find(
                "# TYPE hotpath_thread_cpu_seconds_total counter\n"
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
