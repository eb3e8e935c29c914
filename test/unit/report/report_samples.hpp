// Reports for the tests of saved reports: one with every section filled, and the
// JSON JsonReporter writes for a report.
#ifndef HOTPATH_TEST_UNIT_REPORT_REPORT_SAMPLES_HPP
#define HOTPATH_TEST_UNIT_REPORT_REPORT_SAMPLES_HPP

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "hotpath/report.hpp"
#include "report_rows.hpp"

namespace hotpath::test {

/// Timing rows with three percentiles (one not integral), exclusive time;
/// cumulative allocations and two threads, one of which freed more than it
/// allocated; inclusive CPU samples at a fractional frequency, stopped early, some
/// lost; waits of two functions, one of them running still (no timing row); two
/// coroutines, one with an instance destroyed and one whose only instance runs
/// still; a call tree of two roots. Every value differs from its default.
inline Report full_report() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 300'000'000;
  report.percentiles = {50, 95, 99.9};
  report.limit = 15;
  report.time_mode = TimeMode::Exclusive;
  report.compensation = Compensation{true, 9.63, 19.26};
  report.rows.push_back(timing_row("main", "main()", 1, 100'000'000,
                                   {100'000'000, 100'000'000, 100'000'000}, 100'000'000, 33.33));
  report.rows.push_back(timing_row("app::parse", "app::parse(const std::string &)", 1000, 90'000,
                                   {80'000, 150'000, 310'000}, 90'000'000, 30.0));
  report.rows.push_back(timing_row("std::map<int, int>::find", "std::map<int, int>::find(int)",
                                   5000, 2'000, {1'500, 4'000, 9'000}, 10'000'000, 3.33));
  report.rows[1].file = "src/parse.cpp";
  report.rows[1].line = 42;

  report.alloc_tracked = true;
  report.alloc_mode = AllocMode::Cumulative;
  report.alloc_total_bytes = 2'101'248;
  report.alloc_rows.push_back(make_alloc_row("app::parse", 1000, 1'572'864, 2000, 1'572'000, 1990,
                                             1572, {1024, 2048, 4096}, 74.85));
  report.alloc_rows.back().signature = "app::parse(const std::string &)";
  report.threads.push_back(make_thread("main", 2'097'152, 2010, 2'097'136, 2009));
  report.threads.push_back(make_thread("thread 2", 4096, 1, 4112, 2));

  add_cpu_section(report);
  report.cpu_mode = CpuMode::Inclusive;
  report.cpu.frequency_hz = 997.5;
  report.cpu.lost_samples = 3;
  report.cpu.stopped_early = true;
  report.cpu_rows[0].signature = "heavy_work(int)";
  report.cpu_rows[1].signature = "light_work(int)";

  report.waits_tracked = true;
  WaitRow waits;
  waits.name = "app::parse";
  waits.signature = "app::parse(const std::string &)";
  waits.causes[0] = WaitCauseRow{3, 6'000'000, 2, 4'000'000};    // lock
  waits.causes[2] = WaitCauseRow{5, 20'000'000, 5, 20'000'000};  // io
  waits.count = 8;
  waits.total_ns = 26'000'000;
  waits.self_count = 7;
  waits.self_ns = 24'000'000;
  waits.percent_wall = 8.67;
  waits.io_bytes = 65'536;
  waits.self_io_bytes = 65'000;
  report.wait_rows.push_back(waits);
  WaitRow serving;
  serving.name = "app::serve";
  serving.signature = "app::serve()";
  serving.causes[1] = WaitCauseRow{1, 12'000'000, 1, 12'000'000};  // condition
  serving.count = serving.self_count = 1;
  serving.total_ns = serving.self_ns = 12'000'000;
  serving.percent_wall = 4.0;
  report.wait_rows.push_back(serving);

  report.coroutine_rows.push_back(coroutine_row("app::fetch", 12, 10, 1, 40, 2'200'000, 97'000'000,
                                                {150'000, 300'000, 410'000},
                                                {8'000'000, 9'500'000, 9'900'000}));
  report.coroutine_rows.push_back(
      coroutine_row("app::ticker", 1, 0, 0, 25, 0, 0, {0, 0, 0}, {0, 0, 0}));

  CoroutineTreeNode fetches;
  fetches.name = "app::serve";
  fetches.instances = 2;
  fetches.total_ns = 120'000'000;
  fetches.running_ns = 300'000;
  report.coroutine_tree.push_back(fetches);
  fetches.name = "app::fetch";
  fetches.parent = 0;
  fetches.instances = 11;
  fetches.total_ns = 99'200'000;
  fetches.running_ns = 2'200'000;
  report.coroutine_tree.push_back(fetches);
  report.coroutine_tree_overflow = 1;

  report.call_tree_node_limit = 32768;
  report.call_tree.push_back(
      tree_node("main", CallTreeNode::kNoParent, 1, 200'000'000, 100'000'000));
  report.call_tree.push_back(tree_node("app::parse", 0, 1000, 90'000'000, 80'000'000));
  report.call_tree.push_back(
      tree_node("std::map<int, int>::find", 1, 5000, 10'000'000, 10'000'000));
  report.call_tree.push_back(tree_node("(other)", CallTreeNode::kNoParent, 7, 700, 700));
  return report;
}

/// What JsonReporter writes for `report`.
inline std::string json_of(const Report& report, bool pretty = false) {
  std::ostringstream out;
  JsonReporter(pretty).write(report, out);
  return out.str();
}

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_REPORT_REPORT_SAMPLES_HPP
