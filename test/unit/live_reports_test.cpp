// The live server's reports: a recent one is answered from as it is, an older one
// still while the background thread takes the next, and after a pause a new one is
// taken at once, so that a client polling now and then always sees fresh counts.
#include "live/live_reports.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>

#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"

namespace hotpath::detail {
namespace {

using test::eventually;

Site g_site("live_reports.call", nullptr, __FILE__, __LINE__);

void call() { ScopeGuard guard(g_site); }

std::uint64_t calls_in(const std::shared_ptr<const ReportNow>& now) {
  const FunctionRow* row = test::find_row(now->report, "live_reports.call");
  return row != nullptr ? row->calls : 0;
}

std::uint64_t calls_so_far() { return test::totals_for(g_site).calls; }

// One story, since the program has one series of reports.
TEST(LiveReports, RecentOlderAndAfterAPause) {
  call();
  const std::shared_ptr<const ReportNow> first = live_report();
  EXPECT_EQ(calls_in(first), calls_so_far());
  // Recent: answered from as it is.
  call();
  EXPECT_EQ(live_report(), first);

  // Older: still answered from, while the background thread takes the next.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  call();
  const std::uint64_t calls_before_next = calls_so_far();
  EXPECT_EQ(live_report(), first);
  std::shared_ptr<const ReportNow> next;
  EXPECT_TRUE(eventually([&] { return (next = live_report()) != first; }));
  EXPECT_EQ(calls_in(next), calls_before_next);

  // After a pause: a new report at once, with every call so far.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  call();
  const std::shared_ptr<const ReportNow> after_pause = live_report();
  EXPECT_NE(after_pause, next);
  EXPECT_EQ(calls_in(after_pause), calls_so_far());
}

// Reports read the durations of the rows the routes show by default (the session's
// limit, /metrics' 50 functions); a request for more asks for one with every row's,
// which also answers the requests after it. A lookup by name takes the latest,
// however old.
TEST(LiveReports, EveryRowOnRequestAndNamesFromTheLatest) {
  call();
  const std::shared_ptr<const ReportNow> recent = live_report(ReportNeed::Recent);
  EXPECT_EQ(recent->rows_with_durations, 50u);
  const std::shared_ptr<const ReportNow> every_row = live_report(ReportNeed::EveryRow);
  EXPECT_NE(every_row, recent);
  EXPECT_EQ(every_row->rows_with_durations, 0u);
  EXPECT_EQ(calls_in(every_row), calls_so_far());
  EXPECT_EQ(live_report(ReportNeed::Recent), every_row);
  EXPECT_EQ(live_report(ReportNeed::EveryRow), every_row);

  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  call();
  EXPECT_EQ(live_report(ReportNeed::Names), every_row);
  EXPECT_EQ(every_row->site_ids_by_name.count("live_reports.call"), 1u);
}

}  // namespace
}  // namespace hotpath::detail
