// Tests for the Markdown report: the exact text of every section, the note about
// rows the limit hides, names that Markdown would misread, and the call tree.
#include "markdown_reporter.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "report_samples.hpp"
#include "table_drawing.hpp"

namespace hotpath {
namespace {

std::string markdown(const Report& report) {
  std::ostringstream out;
  MarkdownReporter().write(report, out);
  return out.str();
}

TEST(MarkdownReporter, EverySection) {
  Report report = test::full_report();
  report.show_call_tree = true;
  report.limit = 2;
  EXPECT_EQ(markdown(report),
            "### hotpath timing (exclusive)\n"
            "\n"
            "main: 300.00 ms\n"
            "\n"
            "| Function | Calls | Avg | P50 | P95 | P99.9 | Total | % Total |\n"
            "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            "| `main` | 1 | 100.00 ms | 100.00 ms | 100.00 ms | 100.00 ms | 100.00 ms | 33.33% |\n"
            "| `app::parse` | 1000 | 90.00 \xC2\xB5s | 80.00 \xC2\xB5s | 150.00 \xC2\xB5s | "
            "310.00 \xC2\xB5s | 90.00 ms | 30.00% |\n"
            "\n"
            "_1 more function not shown (limit 2)._\n"
            "\n"
            "### hotpath allocations (cumulative)\n"
            "\n"
            "main: 2.00 MiB\n"
            "\n"
            "| Function | Calls | Avg bytes | P50 bytes | P95 bytes | P99.9 bytes | Total bytes | "
            "Allocs | % Total |\n"
            "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            "| `app::parse` | 1000 | 1.54 KiB | 1.00 KiB | 2.00 KiB | 4.00 KiB | 1.50 MiB | 2000 | "
            "74.85% |\n"
            "\n"
            "### hotpath threads\n"
            "\n"
            "| Thread | Allocated | Allocs | Freed | Frees | Difference |\n"
            "| :--- | ---: | ---: | ---: | ---: | ---: |\n"
            "| `main` | 2.00 MiB | 2010 | 2.00 MiB | 2009 | 16 B |\n"
            "| `thread 2` | 4.00 KiB | 1 | 4.02 KiB | 2 | -16 B |\n"
            "\n"
            "### hotpath cpu (inclusive)\n"
            "\n"
            "main: 1000 samples at 997.5 Hz (perf\\_event); the process used 1.10 s of CPU\n"
            "\n"
            "_Sampling stopped early: the program installed its own SIGPROF handler._\n"
            "\n"
            "_3 samples could not be recorded._\n"
            "\n"
            "| Function | Samples | % Total |\n"
            "| :--- | ---: | ---: |\n"
            "| `heavy_work` | 790 | 79.00% |\n"
            "| `light_work` | 200 | 20.00% |\n"
            "\n"
            "_1 more function not shown (limit 2)._\n"
            "\n"
            "### hotpath waits (inclusive; Self: innermost)\n"
            "\n"
            "main: 36.00 ms blocked inside measured calls, against 300.00 ms of wall time\n"
            "\n"
            "| Function | Waits | Blocked | Self | % Wall | Lock | Condvar | I/O | I/O bytes |\n"
            "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            "| `app::parse` | 8 | 26.00 ms | 24.00 ms | 8.67% | 6.00 ms | - | 20.00 ms | "
            "64.00 KiB |\n"
            "| `app::serve` | 1 | 12.00 ms | 12.00 ms | 4.00% | - | 12.00 ms | - | - |\n"
            "\n"
            "### hotpath coroutines\n"
            "\n"
            "main: 13 instances, 2.20 ms running and 97.00 ms suspended; Avg, P50, P95 and "
            "P99.9 per instance that ended\n"
            "\n"
            "| Function | Instances | Completed | Destroyed | Resumes | Running | Avg run | "
            "P50 run | P95 run | P99.9 run | Suspended | Avg susp |\n"
            "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
            "---: | ---: |\n"
            "| `app::fetch` | 12 | 10 | 1 | 40 | 2.20 ms | 200.00 \xC2\xB5s | 150.00 \xC2\xB5s | "
            "300.00 \xC2\xB5s | 410.00 \xC2\xB5s | 97.00 ms | 8.82 ms |\n"
            "| `app::ticker` | 1 | 0 | 0 | 25 | 0 ns | - | - | - | - | 0 ns | - |\n"
            "\n"
            "### hotpath call tree\n"
            "\n"
            "| Function | Calls | Total | Self |\n"
            "| :--- | ---: | ---: | ---: |\n"
            "| `main` | 1 | 200.00 ms | 100.00 ms |\n"
            "| &nbsp;&nbsp;&nbsp;&nbsp;`app::parse` | 1000 | 90.00 ms | 80.00 ms |\n"
            "\n"
            "_2 more call paths not shown (limit 2)._\n");
}

TEST(MarkdownReporter, AdaptiveRowsAreMarkedAndTheMarkExplained) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1'000'000;
  report.percentiles = {95};
  report.adaptive_timing = {true, 276.92, 4096, 128};
  report.rows.push_back(test::timing_row("hash", "hash()", 100'000, 4, {5}, 400'000, 40.0));
  report.rows.back().adaptive = true;
  EXPECT_EQ(markdown(report),
            "### hotpath timing (inclusive)\n"
            "\n"
            "main: 1.00 ms\n"
            "\n"
            "\\~ adaptive timing: a function whose calls on a thread average under 277 ns over "
            "4096 calls is timed 1 call in 128 there; calls exact, times estimated "
            "(HOTPATH\\_ADAPTIVE=0 times every call)\n"
            "\n"
            "| Function | Calls | Avg | P95 | Total | % Total |\n"
            "| :--- | ---: | ---: | ---: | ---: | ---: |\n"
            "| `hash` | 100000 | \\~4 ns | 5 ns | 400.00 \xC2\xB5s | 40.00% |\n");
}

TEST(MarkdownReporter, NothingMeasured) {
  Report report;
  report.session_name = "a*b";
  EXPECT_EQ(markdown(report),
            "### hotpath timing (inclusive)\n\na\\*b: 0 ns\n\n_No functions were measured._\n");
}

TEST(MarkdownReporter, CallTreeOnlyWhenAsked) {
  const std::string text = markdown(test::full_report());
  EXPECT_EQ(text.find("call tree"), std::string::npos);
}

TEST(MarkdownReporter, CallTreeHasEveryPathWhenTheLimitIsZero) {
  Report report = test::full_report();
  report.show_call_tree = true;
  report.limit = 0;
  const std::string text = markdown(report);
  EXPECT_EQ(text.substr(text.find("### hotpath call tree")),
            "### hotpath call tree\n"
            "\n"
            "| Function | Calls | Total | Self |\n"
            "| :--- | ---: | ---: | ---: |\n"
            "| `main` | 1 | 200.00 ms | 100.00 ms |\n"
            "| &nbsp;&nbsp;&nbsp;&nbsp;`app::parse` | 1000 | 90.00 ms | 80.00 ms |\n"
            "| &nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;`std::map<int, int>::find` | 5000 | "
            "10.00 ms | 10.00 ms |\n"
            "| `(other)` | 7 | 700 ns | 700 ns |\n");
}

TEST(MarkdownReporter, MonitoredThreadsWithoutAllocations) {
  Report report;
  report.session_name = "main";
  report.threads_monitored = true;
  report.threads_interval_ms = 250;
  report.threads.push_back(test::monitored_thread("main", 42, "sleeping", 80, 12.5, 2'000'000));
  const std::string text = markdown(report);
  EXPECT_EQ(text.find("### hotpath allocations"), std::string::npos);
  EXPECT_NE(text.find("### hotpath threads\n\n"
                      "| Thread | TID | Status | CPU max | CPU avg | CPU time |\n"
                      "| :--- | ---: | ---: | ---: | ---: | ---: |\n"
                      "| `main` | 42 | sleeping | 80.00% | 12.50% | 2.00 ms |\n"),
            std::string::npos)
      << text;
}

TEST(MarkdownText, CodeSpansStayInTheirCell) {
  EXPECT_EQ(detail::markdown_code("a|b"), "`a\\|b`");
  EXPECT_EQ(detail::markdown_code("operator`x"), "`` operator`x ``");
  EXPECT_EQ(detail::markdown_code("line\nbreak"), "`line\\nbreak`");
  EXPECT_EQ(detail::markdown_text("HOTPATH_LIMIT <a> [b] *c* x|y & ~z"),
            "HOTPATH\\_LIMIT \\<a\\> \\[b\\] \\*c\\* x\\|y \\& \\~z");
}

// The columns of the table, the names as code; only once a coroutine ran.
TEST(MarkdownReporter, CoroutinesAsInTheTable) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 2'000'000'000;
  report.percentiles = {50, 99};
  EXPECT_EQ(markdown(report).find("coroutines"), std::string::npos);
  report.coroutine_rows.push_back(test::coroutine_row("app::serve_connection", 40, 38, 2, 400,
                                                      12'000'000, 1'508'000'000, {250'000, 450'000},
                                                      {30'000'000, 80'000'000}));
  const std::string text = markdown(report);
  EXPECT_NE(
      text.find("\n### hotpath coroutines\n"
                "\n"
                "main: 40 instances, 12.00 ms running and 1.51 s suspended; Avg, P50 and "
                "P99 per instance that ended\n"
                "\n"
                "| Function | Instances | Completed | Destroyed | Resumes | Running | Avg run "
                "| P50 run | P99 run | Suspended | Avg susp |\n"
                "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
                "| `app::serve_connection` | 40 | 38 | 2 | 400 | 12.00 ms | 300.00 \xC2\xB5s "
                "| 250.00 \xC2\xB5s | 450.00 \xC2\xB5s | 1.51 s | 37.70 ms |\n"),
      std::string::npos)
      << text;
  report.show_coroutines = false;
  EXPECT_EQ(markdown(report).find("coroutines"), std::string::npos);
}

}  // namespace
}  // namespace hotpath
