// Tests for the text table: the exact layout, UTF-8 alignment, percentile columns,
// the row limit note, the empty report and the time mode header, and the
// allocation and thread tables of a program that links hotpath-alloc.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "hotpath/report.hpp"
#include "report_rows.hpp"

namespace hotpath {
namespace {

using test::make_alloc_row;
using test::make_thread;

FunctionRow make_row(std::string name, std::uint64_t calls, std::uint64_t avg_ns,
                     std::vector<std::uint64_t> percentile_ns, std::uint64_t total_ns,
                     double percent_total) {
  return test::timing_row(std::move(name), "", calls, avg_ns, std::move(percentile_ns), total_ns,
                          percent_total);
}

std::string render(const Report& report) {
  std::ostringstream out;
  TableReporter().write(report, out);
  return out.str();
}

/// The output split at newlines; a trailing newline does not add an empty line.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void expect_lines(const std::string& output, const std::vector<std::string>& expected) {
  ASSERT_FALSE(output.empty());
  EXPECT_EQ(output.back(), '\n');
  const std::vector<std::string> actual = lines_of(output);
  ASSERT_EQ(actual.size(), expected.size()) << output;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(actual[i], expected[i]) << "line " << i + 1;
  }
}

Report documented_example() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 210'020'000;
  report.percentiles = {95};
  report.rows.push_back(make_row("main", 1, 209'920'000, {209'980'000}, 209'920'000, 100.0));
  report.rows.push_back(make_row("heavy_work", 1000, 169'910, {254'720}, 169'910'000, 80.94));
  report.rows.push_back(
      make_row("light_work_with_23_char", 2000, 12'000, {15'000}, 24'000'000, 11.43));
  return report;
}

TEST(TableReporter, MatchesDocumentedExample) {
  expect_lines(
      render(documented_example()),
      {
          "[hotpath] timing - execution duration of functions (inclusive).",
          "main: 210.02 ms",
          "+-------------------------+-------+-----------+-----------+-----------+---------+",
          "| Function                | Calls | Avg       | P95       | Total     | % Total |",
          "+-------------------------+-------+-----------+-----------+-----------+---------+",
          "| main                    | 1     | 209.92 ms | 209.98 ms | 209.92 ms | 100.00% |",
          "+-------------------------+-------+-----------+-----------+-----------+---------+",
          "| heavy_work              | 1000  | 169.91 µs | 254.72 µs | 169.91 ms | 80.94%  |",
          "+-------------------------+-------+-----------+-----------+-----------+---------+",
          "| light_work_with_23_char | 2000  | 12.00 µs  | 15.00 µs  | 24.00 ms  | 11.43%  |",
          "+-------------------------+-------+-----------+-----------+-----------+---------+",
      });
}

TEST(TableReporter, ALabelWithANewlineStaysOnItsLine) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1'000;
  report.percentiles = {95};
  report.rows.push_back(make_row("two\nlines\tand\x01", 1, 1'000, {1'000}, 1'000, 100.0));
  expect_lines(render(report),
               {
                   "[hotpath] timing - execution duration of functions (inclusive).",
                   "main: 1.00 µs",
                   "+---------------------+-------+---------+---------+---------+---------+",
                   "| Function            | Calls | Avg     | P95     | Total   | % Total |",
                   "+---------------------+-------+---------+---------+---------+---------+",
                   "| two\\nlines\\tand\\x01 | 1     | 1.00 µs | 1.00 µs | 1.00 µs | 100.00% |",
                   "+---------------------+-------+---------+---------+---------+---------+",
               });
}

TEST(TableReporter, ExclusiveModeSaysSoInTheHeader) {
  Report report = documented_example();
  report.time_mode = TimeMode::Exclusive;
  const std::vector<std::string> lines = lines_of(render(report));
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "[hotpath] timing - execution duration of functions (exclusive).");
}

TEST(TableReporter, TimeSamplingIsStatedUnderTheHeader) {
  Report report = documented_example();
  report.time_sampling_rate = 100;
  const std::vector<std::string> lines = lines_of(render(report));
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[2],
            "time sampling: 1 call in 100 timed per function and thread; calls are exact, times "
            "estimated from the timed calls");
}

TEST(TableReporter, AdaptiveRowsAreMarkedAndTheMarkExplained) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1'000'000;
  report.percentiles = {95};
  report.adaptive_timing = {true, 276.92, 4096, 128};
  report.rows.push_back(make_row("parse", 2, 300'000, {300'000}, 600'000, 60.0));
  report.rows.push_back(make_row("hash", 100'000, 4, {5}, 400'000, 40.0));
  report.rows.back().adaptive = true;
  expect_lines(render(report),
               {
                   "[hotpath] timing - execution duration of functions (inclusive).",
                   "main: 1.00 ms",
                   "~ adaptive timing: a function whose calls on a thread average under 277 ns "
                   "over 4096 calls is timed 1 call in 128 there; calls exact, times estimated "
                   "(HOTPATH_ADAPTIVE=0 times every call)",
                   "+----------+--------+-----------+-----------+-----------+---------+",
                   "| Function | Calls  | Avg       | P95       | Total     | % Total |",
                   "+----------+--------+-----------+-----------+-----------+---------+",
                   "| parse    | 2      | 300.00 µs | 300.00 µs | 600.00 µs | 60.00%  |",
                   "+----------+--------+-----------+-----------+-----------+---------+",
                   "| hash     | 100000 | ~4 ns     | 5 ns      | 400.00 µs | 40.00%  |",
                   "+----------+--------+-----------+-----------+-----------+---------+",
               });
  // No mark shown, no legend.
  report.rows.back().adaptive = false;
  EXPECT_EQ(render(report).find("adaptive timing"), std::string::npos);
}

TEST(TableReporter, Utf8NamesAndSeveralPercentileColumnsAlign) {
  Report report;
  report.session_name = "worker";
  report.wall_ns = 10'000;
  report.percentiles = {50, 95, 99.9};
  report.rows.push_back(make_row("größe_berechnen", 3, 1500, {1400, 2000, 2100}, 4500, 45.0));
  // Two code points, so two columns here, however wide a terminal draws them.
  report.rows.push_back(make_row("計算", 12, 250, {240, 300, 999}, 3000, 30.0));
  report.rows.push_back(make_row("x", 1, 2500, {2500, 2500, 2500}, 2500, 25.0));
  expect_lines(
      render(report),
      {
          "[hotpath] timing - execution duration of functions (inclusive).",
          "worker: 10.00 µs",
          "+-----------------+-------+---------+---------+---------+---------+---------+---------+",
          "| Function        | Calls | Avg     | P50     | P95     | P99.9   | Total   | % Total |",
          "+-----------------+-------+---------+---------+---------+---------+---------+---------+",
          "| größe_berechnen | 3     | 1.50 µs | 1.40 µs | 2.00 µs | 2.10 µs | 4.50 µs | 45.00%  |",
          "+-----------------+-------+---------+---------+---------+---------+---------+---------+",
          "| 計算              | 12    | 250 ns  | 240 ns  | 300 ns  | 999 ns  | 3.00 µs | 30.00%  "
          "|",
          "+-----------------+-------+---------+---------+---------+---------+---------+---------+",
          "| x               | 1     | 2.50 µs | 2.50 µs | 2.50 µs | 2.50 µs | 2.50 µs | 25.00%  |",
          "+-----------------+-------+---------+---------+---------+---------+---------+---------+",
      });
}

Report four_rows(std::size_t limit) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 10'000;
  report.limit = limit;
  report.rows.push_back(make_row("alpha", 4, 1000, {}, 4000, 40.0));
  report.rows.push_back(make_row("beta", 3, 1000, {}, 3000, 30.0));
  report.rows.push_back(make_row("gamma_hidden_with_a_long_name", 2, 1000, {}, 2000, 20.0));
  report.rows.push_back(make_row("delta", 1, 1000, {}, 1000, 10.0));
  return report;
}

TEST(TableReporter, HiddenRowsAreCountedAfterTheTable) {
  expect_lines(render(four_rows(2)),
               {
                   "[hotpath] timing - execution duration of functions (inclusive).",
                   "main: 10.00 µs",
                   "+----------+-------+---------+---------+---------+",
                   "| Function | Calls | Avg     | Total   | % Total |",
                   "+----------+-------+---------+---------+---------+",
                   "| alpha    | 4     | 1.00 µs | 4.00 µs | 40.00%  |",
                   "+----------+-------+---------+---------+---------+",
                   "| beta     | 3     | 1.00 µs | 3.00 µs | 30.00%  |",
                   "+----------+-------+---------+---------+---------+",
                   "... 2 more functions not shown (limit 2; HOTPATH_LIMIT=0 shows all)",
               });
}

TEST(TableReporter, LimitZeroShowsAllRowsWithoutNote) {
  const std::string output = render(four_rows(0));
  const std::vector<std::string> lines = lines_of(output);
  // Two header lines, then a separator and a header, then each row with its separator.
  ASSERT_EQ(lines.size(), 2u + 3u + 4u * 2u);
  EXPECT_EQ(lines[9], "| gamma_hidden_with_a_long_name | 2     | 1.00 µs | 2.00 µs | 20.00%  |");
  EXPECT_EQ(lines[11], "| delta                         | 1     | 1.00 µs | 1.00 µs | 10.00%  |");
  EXPECT_EQ(output.find("more functions not shown"), std::string::npos);
}

TEST(TableReporter, LimitEqualToRowCountHasNoNote) {
  const std::string output = render(four_rows(4));
  EXPECT_EQ(lines_of(output).size(), 2u + 3u + 4u * 2u);
  EXPECT_EQ(output.find("more functions not shown"), std::string::npos);
}

TEST(TableReporter, RowsKeepTheirGivenOrder) {
  Report report = four_rows(0);
  std::swap(report.rows[0], report.rows[3]);
  const std::vector<std::string> lines = lines_of(render(report));
  ASSERT_EQ(lines.size(), 13u);
  EXPECT_EQ(lines[5].substr(0, 8), "| delta ");
  EXPECT_EQ(lines[11].substr(0, 8), "| alpha ");
}

TEST(TableReporter, EmptyReportHasNoTable) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 0;
  report.percentiles = {95};
  EXPECT_EQ(render(report),
            "[hotpath] timing - execution duration of functions (inclusive).\n"
            "main: 0 ns\n"
            "(no functions were measured)\n");
}

TEST(TableReporter, MissingPercentileValueShowsPlaceholder) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1000;
  report.percentiles = {50, 95};
  report.rows.push_back(make_row("f", 1, 1000, {1000}, 1000, 100.0));
  const std::vector<std::string> lines = lines_of(render(report));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[3], "| Function | Calls | Avg     | P50     | P95 | Total   | % Total |");
  EXPECT_EQ(lines[5], "| f        | 1     | 1.00 µs | 1.00 µs | -   | 1.00 µs | 100.00% |");
}

Report with_allocations(Report report) {
  report.alloc_tracked = true;
  report.alloc_total_bytes = 2'101'248;
  report.alloc_rows.push_back(
      make_alloc_row("heavy_work", 1000, 1'572'864, 2000, 786'432, 1000, 1572, {2048}, 74.85));
  report.alloc_rows.push_back(
      make_alloc_row("main", 1, 524'288, 10, 262'144, 5, 524'288, {524'288}, 24.95));
  report.alloc_rows.push_back(make_alloc_row("light_work", 2000, 0, 0, 0, 0, 0, {0}, 0.0));
  report.threads.push_back(make_thread("main", 2'097'152, 2010, 2'097'136, 2009));
  // Frees more than it allocates: memory handed over by another thread.
  report.threads.push_back(make_thread("thread 2", 4096, 1, 4112, 2));
  return report;
}

TEST(TableReporter, MonitoredThreadsShowTheirIdStatusAndCpu) {
  Report report = documented_example();
  report.threads_monitored = true;
  report.threads_interval_ms = 250;
  report.threads.push_back(
      test::monitored_thread("worker", 4243, "sleeping", 97.5, 40.0, 1'500'000'000));
  const std::string output = render(report);
  const std::string expected =
      "\n[hotpath] threads - CPU per thread, sampled every 250 ms.\n"
      "+--------+------+----------+---------+---------+----------+\n"
      "| Thread | TID  | Status   | CPU max | CPU avg | CPU time |\n"
      "+--------+------+----------+---------+---------+----------+\n"
      "| worker | 4243 | sleeping | 97.50%  | 40.00%  | 1.50 s   |\n"
      "+--------+------+----------+---------+---------+----------+\n";
  ASSERT_GE(output.size(), expected.size());
  EXPECT_EQ(output.substr(output.size() - expected.size()), expected) << output;
  // Threads the monitor never saw have their CPU time said below the table.
  report.threads_unseen_cpu_ns = 12'500'000;
  const std::string with_unseen = render(report);
  const std::string unseen =
      "+--------+------+----------+---------+---------+----------+\n"
      "threads that ended between two samples used 12.50 ms of CPU not listed above\n";
  ASSERT_GE(with_unseen.size(), unseen.size());
  EXPECT_EQ(with_unseen.substr(with_unseen.size() - unseen.size()), unseen) << with_unseen;
  report.show_threads = false;
  EXPECT_EQ(render(report).find("[hotpath] threads"), std::string::npos);
}

TEST(TableReporter, AllocationAndThreadTablesFollowTheTimingTable) {
  // The timing table is unchanged; the two new sections follow it.
  std::vector<std::string> expected = lines_of(render(documented_example()));
  const std::vector<std::string> allocations = {
      "",
      "[hotpath] allocations - bytes allocated by functions (exclusive).",
      "main: 2.00 MiB",
      "+------------+-------+------------+------------+-------------+--------+---------+",
      "| Function   | Calls | Avg bytes  | P95 bytes  | Total bytes | Allocs | % Total |",
      "+------------+-------+------------+------------+-------------+--------+---------+",
      "| heavy_work | 1000  | 1.54 KiB   | 2.00 KiB   | 1.50 MiB    | 2000   | 74.85%  |",
      "+------------+-------+------------+------------+-------------+--------+---------+",
      "| main       | 1     | 512.00 KiB | 512.00 KiB | 512.00 KiB  | 10     | 24.95%  |",
      "+------------+-------+------------+------------+-------------+--------+---------+",
      "| light_work | 2000  | 0 B        | 0 B        | 0 B         | 0      | 0.00%   |",
      "+------------+-------+------------+------------+-------------+--------+---------+",
      "",
      "[hotpath] threads - allocations per thread.",
      "+----------+-----------+--------+----------+-------+------------+",
      "| Thread   | Allocated | Allocs | Freed    | Frees | Difference |",
      "+----------+-----------+--------+----------+-------+------------+",
      "| main     | 2.00 MiB  | 2010   | 2.00 MiB | 2009  | 16 B       |",
      "+----------+-----------+--------+----------+-------+------------+",
      "| thread 2 | 4.00 KiB  | 1      | 4.02 KiB | 2     | -16 B      |",
      "+----------+-----------+--------+----------+-------+------------+",
  };
  expected.insert(expected.end(), allocations.begin(), allocations.end());
  expect_lines(render(with_allocations(documented_example())), expected);
}

TEST(TableReporter, CpuSectionFollowsTheOtherTables) {
  Report report = documented_example();
  std::vector<std::string> expected = lines_of(render(report));
  test::add_cpu_section(report);
  const std::vector<std::string> cpu = {
      "",
      "[hotpath] cpu - CPU samples of functions (self).",
      "main: 1000 samples at 997 Hz (perf_event); the process used 1.10 s of CPU",
      "+----------------+---------+---------+",
      "| Function       | Samples | % Total |",
      "+----------------+---------+---------+",
      "| heavy_work     | 790     | 79.00%  |",
      "+----------------+---------+---------+",
      "| light_work     | 200     | 20.00%  |",
      "+----------------+---------+---------+",
      "| (not measured) | 10      | 1.00%   |",
      "+----------------+---------+---------+",
  };
  expected.insert(expected.end(), cpu.begin(), cpu.end());
  expect_lines(render(report), expected);
}

TEST(TableReporter, CpuSectionNotesInclusiveModeLostSamplesAndAnEarlyStop) {
  Report report = documented_example();
  test::add_cpu_section(report);
  report.cpu_mode = CpuMode::Inclusive;
  report.cpu.lost_samples = 3;
  report.cpu.stopped_early = true;
  const std::string output = render(report);
  EXPECT_NE(output.find("\n[hotpath] cpu - CPU samples of functions (inclusive).\n"),
            std::string::npos);
  EXPECT_NE(output.find("\n(3 samples could not be recorded)\n"), std::string::npos);
  EXPECT_NE(output.find("\n(sampling stopped early: the program installed its own SIGPROF "
                        "handler)\n"),
            std::string::npos);
}

TEST(TableReporter, CpuSectionWithoutSamples) {
  Report report = documented_example();
  report.cpu_sampled = true;
  report.cpu.timer = "cpu-timer";
  report.cpu.frequency_hz = 997;
  const std::string output = render(report);
  EXPECT_NE(output.find("main: 0 samples at 997 Hz (cpu-timer); the process used 0 ns of CPU\n"
                        "(no samples: the program used less CPU than one sampling period)\n"),
            std::string::npos)
      << output;
}

TEST(TableReporter, LongNamesAreAbbreviatedToFitOneHundredTwentyColumns) {
  Report report = documented_example();
  const std::string long_name =
      "app::Registry<std::map<std::string, std::vector<app::Entry<int, double>>>>::lookup<"
      "std::string_view>";
  report.rows[1].name = long_name;
  const std::vector<std::string> lines = lines_of(render(report));
  ASSERT_GE(lines.size(), 8u);
  for (const std::string& line : lines) EXPECT_LE(line.size(), 120u) << line;
  EXPECT_EQ(lines[7].substr(0, 56), "| app::Registry<...>::lookup<std::string_view> | 1000  |");

  report.name_width = 0;  // never abbreviated
  EXPECT_NE(render(report).find("| " + long_name + " |"), std::string::npos);
  report.name_width = 20;
  EXPECT_NE(render(report).find("| app::...:lookup<...> | 1000  |"), std::string::npos);
}

TEST(TableReporter, CumulativeAllocModeSaysSoInTheHeader) {
  Report report = with_allocations(documented_example());
  report.alloc_mode = AllocMode::Cumulative;
  const std::string output = render(report);
  EXPECT_NE(output.find("\n[hotpath] allocations - bytes allocated by functions (cumulative).\n"),
            std::string::npos)
      << output;
}

TEST(TableReporter, AllocationPercentileColumnsMatchTheTimingColumns) {
  Report report = with_allocations(documented_example());
  report.percentiles = {50, 99.9};
  report.alloc_rows[1].percentile_bytes = {100, 200};
  const std::vector<std::string> lines = lines_of(render(report));
  ASSERT_GT(lines.size(), 19u);
  EXPECT_EQ(lines[15],
            "| Function   | Calls | Avg bytes  | P50 bytes | P99.9 bytes | Total bytes | Allocs | "
            "% Total |");
  EXPECT_EQ(lines[19],
            "| main       | 1     | 512.00 KiB | 100 B     | 200 B       | 512.00 KiB  | 10     | "
            "24.95%  |");
  // The other rows were built with one percentile: the second is a placeholder.
  EXPECT_EQ(lines[17],
            "| heavy_work | 1000  | 1.54 KiB   | 2.00 KiB  | -           | 1.50 MiB    | 2000   | "
            "74.85%  |");
}

TEST(TableReporter, HiddenAllocationRowsAreCountedAfterTheirTable) {
  Report report = with_allocations(four_rows(2));
  const std::vector<std::string> lines = lines_of(render(report));
  // The timing section (10 lines), then the allocation section (11) and the threads (9).
  ASSERT_EQ(lines.size(), 10u + 11u + 9u);
  EXPECT_EQ(lines[9], "... 2 more functions not shown (limit 2; HOTPATH_LIMIT=0 shows all)");
  EXPECT_EQ(lines[18], "| main       | 1     | 512.00 KiB | 512.00 KiB  | 10     | 24.95%  |");
  EXPECT_EQ(lines[19], "+------------+-------+------------+-------------+--------+---------+");
  EXPECT_EQ(lines[20], "... 1 more functions not shown (limit 2; HOTPATH_LIMIT=0 shows all)");
  EXPECT_EQ(lines[22], "[hotpath] threads - allocations per thread.");
}

TEST(TableReporter, AllocationSectionsWithoutRows) {
  Report report;
  report.session_name = "main";
  report.alloc_tracked = true;
  EXPECT_EQ(render(report),
            "[hotpath] timing - execution duration of functions (inclusive).\n"
            "main: 0 ns\n"
            "(no functions were measured)\n"
            "\n"
            "[hotpath] allocations - bytes allocated by functions (exclusive).\n"
            "main: 0 B\n"
            "(no functions were measured)\n"
            "\n"
            "[hotpath] threads - allocations per thread.\n"
            "(no threads were measured)\n");
}

TEST(TableReporter, UntrackedAllocationsPrintNoAllocationSections) {
  Report report = with_allocations(documented_example());
  report.alloc_tracked = false;
  EXPECT_EQ(render(report), render(documented_example()));
  EXPECT_EQ(render(report).find("[hotpath] allocations"), std::string::npos);
  EXPECT_EQ(render(report).find("[hotpath] threads"), std::string::npos);
}

// main -> heavy_work (1000 calls) and light_work; light_work also runs on a
// thread of its own, with no measured caller.
Report with_call_tree(std::size_t limit) {
  Report report = documented_example();
  report.limit = limit;
  report.show_timing = false;
  report.show_call_tree = true;
  report.call_tree = {
      test::tree_node("main", CallTreeNode::kNoParent, 1, 209'920'000, 16'020'000),
      test::tree_node("heavy_work", 0, 1000, 169'910'000, 169'910'000),
      test::tree_node("light_work_with_23_char", 0, 1500, 23'990'000, 23'990'000),
      test::tree_node("light_work_with_23_char", CallTreeNode::kNoParent, 500, 10'000, 10'000)};
  return report;
}

TEST(TableReporter, CallTreeSectionShowsTheHottestPathsThenCallersAndCallees) {
  expect_lines(render(with_call_tree(15)),
               {
                   "[hotpath] call tree - hottest paths of measured calls (wall time).",
                   "+---------------------------+-------+-----------+-----------+---------+",
                   "| Call path                 | Calls | Total     | Self      | % Total |",
                   "+---------------------------+-------+-----------+-----------+---------+",
                   "| main                      | 1     | 209.92 ms | 16.02 ms  | 99.95%  |",
                   "+---------------------------+-------+-----------+-----------+---------+",
                   "|   heavy_work              | 1000  | 169.91 ms | 169.91 ms | 80.90%  |",
                   "+---------------------------+-------+-----------+-----------+---------+",
                   "|   light_work_with_23_char | 1500  | 23.99 ms  | 23.99 ms  | 11.42%  |",
                   "+---------------------------+-------+-----------+-----------+---------+",
                   "| light_work_with_23_char   | 500   | 10.00 µs  | 10.00 µs  | 0.00%   |",
                   "+---------------------------+-------+-----------+-----------+---------+",
                   "",
                   "[hotpath] callers and callees - of the 3 functions with the largest total.",
                   "main  1 calls, 209.92 ms",
                   "  <- (no measured caller)  1 calls, 209.92 ms",
                   "  -> heavy_work  1000 calls, 169.91 ms",
                   "  -> light_work_with_23_char  1500 calls, 23.99 ms",
                   "heavy_work  1000 calls, 169.91 ms",
                   "  <- main  1000 calls, 169.91 ms",
                   "light_work_with_23_char  2000 calls, 24.00 ms",
                   "  <- main  1500 calls, 23.99 ms",
                   "  <- (no measured caller)  500 calls, 10.00 µs",
               });
}

TEST(TableReporter, CallTreeLimitKeepsTheHottestNodesAndTheirCallers) {
  // Two nodes by total time: main and heavy_work; the two light_work nodes are
  // counted after the table.
  const std::string output = render(with_call_tree(2));
  EXPECT_NE(output.find("|   heavy_work "), std::string::npos) << output;
  EXPECT_EQ(output.find("|   light_work_with_23_char "), std::string::npos) << output;
  EXPECT_NE(output.find("... 2 more call paths not shown (limit 2; HOTPATH_LIMIT=0 shows all)\n"),
            std::string::npos)
      << output;
  EXPECT_NE(output.find("of the 2 functions with the largest total."), std::string::npos);
}

TEST(TableReporter, TheCoroutineTreeFollowsTheCallTreeWithinTheLimit) {
  Report report = with_call_tree(15);
  report.coroutine_tree = {
      test::coroutine_node("app::client", CoroutineTreeNode::kNoParent, 8, 50'610'000, 117'590),
      test::coroutine_node("app::request", 0, 400, 46'400'000, 19'100),
      test::coroutine_node("app::listen", CoroutineTreeNode::kNoParent, 1, 12'160'000, 62'550)};
  const std::string all = render(report);
  const std::string tree = all.substr(all.find("\n[hotpath] coroutine tree") + 1);
  expect_lines(tree,
               {
                   "[hotpath] coroutine tree - each coroutine under the coroutine that created "
                   "it (logical time).",
                   "+----------------+-----------+----------+-----------+---------+",
                   "| Coroutine path | Instances | Total    | Running   | % Total |",
                   "+----------------+-----------+----------+-----------+---------+",
                   "| app::client    | 8         | 50.61 ms | 117.59 µs | 24.10%  |",
                   "+----------------+-----------+----------+-----------+---------+",
                   "|   app::request | 400       | 46.40 ms | 19.10 µs  | 22.09%  |",
                   "+----------------+-----------+----------+-----------+---------+",
                   "| app::listen    | 1         | 12.16 ms | 62.55 µs  | 5.79%   |",
                   "+----------------+-----------+----------+-----------+---------+",
               });
  report.limit = 2;
  report.coroutine_tree_overflow = 3;
  const std::string cut = render(report);
  EXPECT_EQ(cut.find("| app::listen "), std::string::npos) << cut;
  EXPECT_NE(cut.find("... 1 more coroutine paths not shown (limit 2; HOTPATH_LIMIT=0 shows all)\n"
                     "3 instances of paths beyond the table's are left out\n"),
            std::string::npos)
      << cut;
}

TEST(TableReporter, SectionsCanBeLeftOut) {
  Report report = with_allocations(documented_example());
  report.show_alloc = false;
  const std::string output = render(report);
  EXPECT_NE(output.find("[hotpath] timing"), std::string::npos);
  EXPECT_EQ(output.find("[hotpath] allocations"), std::string::npos);
  EXPECT_NE(output.find("[hotpath] threads"), std::string::npos);
  EXPECT_EQ(output.find("[hotpath] call tree"), std::string::npos);
}

}  // namespace
}  // namespace hotpath

namespace hotpath {
namespace {

// Only the causes that happened get a column: the names keep their width.
TEST(TableReporter, TheWaitTableHasAColumnPerCauseThatHappened) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 100'000'000;
  report.waits_tracked = true;
  report.show_timing = false;
  WaitRow row;
  row.name = "app::Server::handle_request_from_a_client";
  row.causes[3] = WaitCauseRow{2, 20'000'000, 2, 20'000'000};  // sleep
  row.causes[2] = WaitCauseRow{1, 5'000'000, 1, 5'000'000};    // io
  row.count = row.self_count = 3;
  row.total_ns = row.self_ns = 25'000'000;
  row.io_bytes = row.self_io_bytes = 4'096;
  row.percent_wall = 25;
  report.wait_rows.push_back(row);
  const std::string text = render(report);
  EXPECT_NE(text.find("| Function                                  | Waits | Blocked  | Self     "
                      "| % Wall | I/O     | Sleep    | I/O bytes |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| app::Server::handle_request_from_a_client | 3     | 25.00 ms | 25.00 ms "
                      "| 25.00% | 5.00 ms | 20.00 ms | 4.00 KiB  |"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("Lock"), std::string::npos);
  EXPECT_EQ(text.find("Condvar"), std::string::npos);
}

// A contended lock: its holders by share of its waits, two named and the rest
// counted; no locks table when no lock was waited for.
TEST(TableReporter, TheLocksTableNamesWhereALockWasFirstContendedAndWhoHeldIt) {
  Report report;
  report.session_name = "main";
  report.waits_tracked = true;
  report.show_timing = false;
  EXPECT_EQ(render(report).find("[hotpath] locks"), std::string::npos);
  LockRow row;
  row.name = "jobs";
  row.kind = "mutex";
  row.waits = 4;
  row.total_ns = 40'000'000;
  row.max_ns = 20'000'000;
  row.first_function = "app::take";
  row.first_location = "queue.cpp:42";
  row.holders = {
      {"app::produce", 2, 30'000'000}, {"app::flush", 1, 6'000'000}, {"(unknown)", 1, 4'000'000}};
  report.lock_rows.push_back(row);
  report.untracked_lock_waits = 3;
  const std::string text = render(report);
  EXPECT_NE(text.find("(3 waits for further locks are in the waits section only)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| Lock | Kind  | Waits | Total    | Max      | First contended          "
                      "| Held by                                  |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| jobs | mutex | 4     | 40.00 ms | 20.00 ms | app::take (queue.cpp:42) "
                      "| app::produce 75%, app::flush 15%, 1 more |"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace hotpath

namespace hotpath {
namespace {

using test::coroutine_row;

Report coroutine_report() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 2'000'000'000;
  report.percentiles = {95};
  report.show_timing = false;
  report.coroutine_rows.push_back(coroutine_row("app::serve_connection", 40, 38, 0, 400, 12'000'000,
                                                1'508'000'000, {450'000}, {80'000'000}));
  // Still running: no instance ended, no time of its own.
  report.coroutine_rows.push_back(coroutine_row("app::accept_loop", 1, 0, 0, 41, 0, 0, {0}, {0}));
  return report;
}

// The totals over all rows, then a row per coroutine; the averages and percentile of
// one that has not ended are "-".
TEST(TableReporter, TheCoroutineTableSplitsRunningFromSuspendedTime) {
  expect_lines(
      render(coroutine_report()),
      {
          "[hotpath] coroutines - instances, resumes, and how their time split between running "
          "and suspended.",
          "main: 41 instances, 12.00 ms running and 1.51 s suspended; Avg and P95 per instance "
          "that ended",
          "+-----------------------+-----------+-----------+---------+----------+-----------+"
          "-----------+-----------+----------+",
          "| Function              | Instances | Completed | Resumes | Running  | Avg run   "
          "| P95 run   | Suspended | Avg susp |",
          "+-----------------------+-----------+-----------+---------+----------+-----------+"
          "-----------+-----------+----------+",
          "| app::serve_connection | 40        | 38        | 400     | 12.00 ms | 315.79 µs "
          "| 450.00 µs | 1.51 s    | 39.68 ms |",
          "+-----------------------+-----------+-----------+---------+----------+-----------+"
          "-----------+-----------+----------+",
          "| app::accept_loop      | 1         | 0         | 41      | 0 ns     | -         "
          "| -         | 0 ns      | -        |",
          "+-----------------------+-----------+-----------+---------+----------+-----------+"
          "-----------+-----------+----------+",
      });
}

// Destroyed instances get a column when a row shown has some (which leaves the names
// 20 columns, the fewest); the rows the limit hides are counted.
TEST(TableReporter, TheCoroutineTableCountsDestroyedInstancesAndHiddenRows) {
  Report report = coroutine_report();
  report.coroutine_rows.push_back(
      coroutine_row("app::numbers", 10, 4, 6, 70, 7'000, 3'000'000, {900}, {500'000}));
  report.limit = 2;
  std::string text = render(report);
  EXPECT_EQ(text.find("Destroyed"), std::string::npos) << text;
  EXPECT_NE(text.find("... 1 more coroutines not shown (limit 2; HOTPATH_LIMIT=0 shows all)\n"),
            std::string::npos)
      << text;
  report.limit = 0;
  text = render(report);
  EXPECT_NE(text.find("| Function             | Instances | Completed | Destroyed | Resumes "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| app::...e_connection | 40        | 38        | 0         | 400     "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| app::numbers         | 10        | 4         | 6         | 70      "
                      "| 7.00 µs  | 700 ns    | 900 ns    | 3.00 ms   | 300.00 µs |"),
            std::string::npos)
      << text;
  // The summary counts every row, shown or not.
  EXPECT_NE(text.find("main: 51 instances, 12.01 ms running and 1.51 s suspended"),
            std::string::npos)
      << text;
}

// No section before a coroutine ran, nor when HOTPATH_REPORT leaves it out.
TEST(TableReporter, TheCoroutineSectionOnlyWithRowsAndWhenShown) {
  Report report = coroutine_report();
  report.show_coroutines = false;
  EXPECT_EQ(render(report), "");
  report = coroutine_report();
  report.show_timing = true;
  report.coroutine_rows.clear();
  EXPECT_EQ(render(report).find("coroutines"), std::string::npos);
}

}  // namespace
}  // namespace hotpath
