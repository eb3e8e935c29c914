// Gauges and counters: exact totals from many threads, a gauge's last, least and
// greatest values, a name used as both kinds, and updates after a report. A binary
// of its own: gauges are the process's, and other tests' reports must not see them.
#include "hotpath/gauges.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/gauge_registry.hpp"
#include "hotpath/report.hpp"
#include "report_reader.hpp"
#include "reporting/report_builder.hpp"

namespace hotpath {
namespace {

#if defined(HOTPATH_TEST_SANITIZED)
constexpr std::uint64_t kAddsPerThread = 20'000;
#else
constexpr std::uint64_t kAddsPerThread = 200'000;
#endif
constexpr unsigned kThreads = 8;

/// The report a session would make now (no function measured).
Report report_now() {
  return detail::build_report(detail::RegistrySnapshot{}, detail::ReportSettings{},
                              detail::TickConverter(1.0));
}

const GaugeRow& row_named(const Report& report, const std::string& name) {
  const auto row = std::find_if(report.gauge_rows.begin(), report.gauge_rows.end(),
                                [&](const GaugeRow& candidate) { return candidate.name == name; });
  EXPECT_NE(row, report.gauge_rows.end()) << name;
  static const GaugeRow kNone;
  return row != report.gauge_rows.end() ? *row : kNone;
}

/// Runs `body(thread index)` on kThreads threads at once.
template <typename Body>
void on_threads(Body body) {
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; ++t) threads.emplace_back(body, t);
  for (std::thread& thread : threads) thread.join();
}

TEST(Gauges, CounterTotalIsExactFromManyThreads) {
  on_threads([](unsigned t) {
    const Counter& hits = counter("test.hits");
    for (std::uint64_t i = 0; i < kAddsPerThread; ++i) {
      hits.add();
      // The lookup by name on every call reaches the same counter.
      if (i % 64 == 0) counter("test.hits_by_name").add(t + 1);
    }
  });
  const Report report = report_now();
  const GaugeRow& hits = row_named(report, "test.hits");
  EXPECT_EQ(hits.kind, GaugeKind::Counter);
  EXPECT_EQ(hits.total, kThreads * kAddsPerThread);
  EXPECT_EQ(hits.updates, kThreads * kAddsPerThread);
  const std::uint64_t per_thread = (kAddsPerThread + 63) / 64;
  const GaugeRow& by_name = row_named(report, "test.hits_by_name");
  EXPECT_EQ(by_name.total, per_thread * (kThreads * (kThreads + 1) / 2));
  EXPECT_EQ(by_name.updates, per_thread * kThreads);
}

TEST(Gauges, CounterTotalCountsThreadsStillRunning) {
  std::atomic<unsigned> added{0};
  std::atomic<bool> reported{false};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (std::uint64_t i = 0; i < 1000; ++i) counter("test.running").add(2);
      added.fetch_add(1);
      while (!reported.load()) std::this_thread::yield();
      counter("test.running").add();  // after the report
    });
  }
  while (added.load() != kThreads) std::this_thread::yield();
  const Report during = report_now();
  reported.store(true);
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(row_named(during, "test.running").total, kThreads * 2000u);
  EXPECT_EQ(row_named(during, "test.running").updates, kThreads * 1000u);
  const Report after = report_now();
  EXPECT_EQ(row_named(after, "test.running").total, kThreads * 2001u);
  EXPECT_EQ(row_named(after, "test.running").updates, kThreads * 1001u);
}

/// Adds to a counter from a thread-local object's destructor: after the thread's
/// shards were folded, or before, whichever order the thread ends in.
struct AddsWhenTheThreadEnds {
  ~AddsWhenTheThreadEnds() { counter("test.thread_end").add(5); }
};

TEST(Gauges, CounterAddsWhileAThreadEndsAreKept) {
  std::thread([] {
    thread_local AddsWhenTheThreadEnds at_end;
    counter("test.thread_end").add();
    (void)&at_end;
  }).join();
  const Report report = report_now();
  EXPECT_EQ(row_named(report, "test.thread_end").total, 6u);
  EXPECT_EQ(row_named(report, "test.thread_end").updates, 2u);
}

TEST(Gauges, GaugeKeepsLastLeastAndGreatest) {
  Gauge depth = gauge("test.depth");  // a handle by value
  depth.set(5);
  depth.add(-7);  // -2
  depth.set(40);
  depth.add(2);  // 42
  depth.set(3);
  const Report report = report_now();
  const GaugeRow& row = row_named(report, "test.depth");
  EXPECT_EQ(row.kind, GaugeKind::Gauge);
  EXPECT_EQ(row.value, 3);
  EXPECT_EQ(row.min, -2);
  EXPECT_EQ(row.max, 42);
  EXPECT_EQ(row.updates, 5u);
  EXPECT_EQ(row.total, 0u);
}

TEST(Gauges, ConcurrentAddsBalanceOut) {
  on_threads([](unsigned) {
    static auto& level = gauge("test.level");
    for (std::uint64_t i = 0; i < kAddsPerThread; ++i) {
      level.add(1);
      level.add(-1);
    }
  });
  const Report report = report_now();
  const GaugeRow& row = row_named(report, "test.level");
  EXPECT_EQ(row.value, 0);
  EXPECT_EQ(row.updates, 2 * kThreads * kAddsPerThread);
  // Each thread adds before it subtracts: the value stays within [0, threads].
  EXPECT_GE(row.min, 0);
  EXPECT_GE(row.max, 1);
  EXPECT_LE(row.max, static_cast<std::int64_t>(kThreads));
}

TEST(Gauges, LastIsTheLaterOfOrderedSetsOnTwoThreads) {
  std::thread([] { gauge("test.last").set(-9); }).join();
  std::thread([] { gauge("test.last").set(7); }).join();
  const Report report = report_now();
  const GaugeRow& row = row_named(report, "test.last");
  EXPECT_EQ(row.value, 7);
  EXPECT_EQ(row.min, -9);
  EXPECT_EQ(row.max, 7);
}

TEST(Gauges, SameNameFromAnyTextIsTheSameGauge) {
  std::string name = "test.same";
  gauge(name).set(1);
  gauge("test.same").add(1);
  // A buffer that held one name and now holds another finds the other gauge.
  char buffer[32] = "test.same";
  gauge(buffer).add(1);
  std::snprintf(buffer, sizeof buffer, "%s", "test.other");
  gauge(buffer).set(100);
  gauge(
      "\xce\xbc"
      "s/\xe2\x9c\x93")
      .set(-1);  // "µs/✓": any UTF-8
  const Report report = report_now();
  EXPECT_EQ(row_named(report, "test.same").value, 3);
  EXPECT_EQ(row_named(report, "test.same").updates, 3u);
  EXPECT_EQ(row_named(report, "test.other").value, 100);
  EXPECT_EQ(row_named(report,
                      "\xce\xbc"
                      "s/\xe2\x9c\x93")
                .value,
            -1);
}

TEST(Gauges, ManyNamesThroughTheCacheEachKeepTheirOwnTotal) {
  // More names than a thread's cache has entries, looked up over and over.
  constexpr int kNames = 100;
  std::vector<std::string> names;
  for (int i = 0; i < kNames; ++i) names.push_back("test.many." + std::to_string(i));
  for (int round = 0; round < 10; ++round) {
    for (int i = 0; i < kNames; ++i) counter(names[i]).add(static_cast<std::uint64_t>(i));
  }
  const Report report = report_now();
  for (int i = 0; i < kNames; ++i) {
    EXPECT_EQ(row_named(report, names[i]).total, 10u * static_cast<std::uint64_t>(i)) << names[i];
    EXPECT_EQ(row_named(report, names[i]).updates, 10u);
  }
}

TEST(Gauges, NameUsedAsBothKindsIsReportedOnceAndRecordsNothing) {
  gauge("test.mixed").set(4);
  testing::internal::CaptureStderr();
  for (int i = 0; i < 3; ++i) counter("test.mixed").add(10);
  std::thread([] { counter(std::string("test.mixed")).add(); }).join();
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(said,
            "hotpath: error: \"test.mixed\" is a gauge, not a counter: "
            "hotpath::counter(\"test.mixed\") records nothing (a name is either a gauge or a "
            "counter)\n");
  const Report report = report_now();
  const GaugeRow& row = row_named(report, "test.mixed");
  EXPECT_EQ(row.kind, GaugeKind::Gauge);
  EXPECT_EQ(row.value, 4);
  EXPECT_EQ(row.updates, 1u);
  EXPECT_EQ(std::count_if(report.gauge_rows.begin(), report.gauge_rows.end(),
                          [](const GaugeRow& r) { return r.name == "test.mixed"; }),
            1);
}

TEST(Gauges, UpdatesAfterAReportShowInTheNext) {
  const Counter& late = counter("test.late");
  late.add(2);
  const Report first = report_now();
  std::ostringstream table;
  TableReporter().write(first, table);
  late.add(3);
  gauge("test.late_gauge").set(1);
  EXPECT_EQ(row_named(first, "test.late").total, 2u);
  const Report second = report_now();
  EXPECT_EQ(row_named(second, "test.late").total, 5u);
  EXPECT_EQ(row_named(second, "test.late_gauge").value, 1);
}

TEST(Gauges, RowsAreSortedByName) {
  counter("test.b").add();
  gauge("test.a").set(1);
  const Report report = report_now();
  EXPECT_TRUE(std::is_sorted(report.gauge_rows.begin(), report.gauge_rows.end(),
                             [](const GaugeRow& a, const GaugeRow& b) { return a.name < b.name; }));
}

}  // namespace
}  // namespace hotpath

namespace hotpath {
namespace {

Report report_with_gauges() {
  Report report;
  GaugeRow depth;
  depth.name = "queue_depth";
  depth.value = 3;
  depth.min = -2;
  depth.max = 42;
  depth.updates = 5;
  GaugeRow misses;
  misses.name = "cache_miss";
  misses.kind = GaugeKind::Counter;
  misses.total = 18446744073709551615u;  // a counter's total may use all 64 bits
  misses.updates = 7;
  report.gauge_rows = {misses, depth};
  return report;
}

TEST(GaugeReports, JsonSectionHasOneRowSchemaForBothKinds) {
  EXPECT_EQ(JsonReporter::section(report_with_gauges(), "gauges"),
            R"({"total_gauges":2,"data":[)"
            R"({"name":"cache_miss","kind":"counter","value":18446744073709551615,"min":null,)"
            R"("max":null,"updates":7},)"
            R"({"name":"queue_depth","kind":"gauge","value":3,"min":-2,"max":42,"updates":5}]})");
  // Asked for by name before any gauge is used, the section is there, empty.
  EXPECT_EQ(JsonReporter::section(Report{}, "gauges"), R"({"total_gauges":0,"data":[]})");
}

TEST(GaugeReports, JsonReadsBackToTheSameReport) {
  std::ostringstream written;
  JsonReporter().write(report_with_gauges(), written);
  ReportReadError error;
  const std::optional<SavedReport> saved = read_report_json(written.str(), error);
  ASSERT_TRUE(saved.has_value()) << error.message << " at " << error.pointer;
  std::ostringstream rewritten;
  JsonReporter().write(saved->report, rewritten);
  EXPECT_EQ(rewritten.str(), written.str());
  ASSERT_EQ(saved->report.gauge_rows.size(), 2u);
  EXPECT_EQ(saved->report.gauge_rows[0].total, 18446744073709551615u);
  EXPECT_EQ(saved->report.gauge_rows[1].min, -2);
}

TEST(GaugeReports, JsonReaderPointsAtAGaugeValueOfTheWrongKind) {
  std::ostringstream written;
  JsonReporter().write(report_with_gauges(), written);
  std::string text = written.str();
  text.replace(text.find(R"("min":-2)"), 8, R"("min":"a")");
  ReportReadError error;
  EXPECT_FALSE(read_report_json(text, error).has_value());
  EXPECT_EQ(error.pointer, "/gauges/data/1/min");
  EXPECT_EQ(error.message, R"(expected a signed 64-bit integer, got "a")");
}

TEST(GaugeReports, TableListsEveryGaugeWhateverTheLimit) {
  Report report = report_with_gauges();
  report.limit = 1;
  std::ostringstream out;
  TableReporter().write(report, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("[hotpath] gauges - values the program recorded"), std::string::npos);
  EXPECT_NE(text.find("| Name        | Kind    | Last/Total           | Min | Max | Updates |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| cache_miss  | counter | 18446744073709551615 | -   | -   | 7       |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| queue_depth | gauge   | 3                    | -2  | 42  | 5       |"),
            std::string::npos)
      << text;
  report.show_gauges = false;
  std::ostringstream hidden;
  TableReporter().write(report, hidden);
  EXPECT_EQ(hidden.str().find("gauges"), std::string::npos);
}

}  // namespace
}  // namespace hotpath
