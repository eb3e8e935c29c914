// The console's screen without a terminal: the table at a given width, the keys'
// effects (order, filter, selection, detail, tabs), and text fitted by columns.
#include "console_view.hpp"

#include <gtest/gtest.h>

#include "console_client.hpp"
#include "report_rows.hpp"

namespace hotpath::cli {
namespace {

Report three_functions() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 2'000'000'000;
  report.percentiles = {95};
  report.rows.push_back(
      test::timing_row("app::slow", "app::slow()", 3, 30'000'000, {31'000'000}, 90'000'000, 4.5));
  report.rows.push_back(test::timing_row("app::medium", "app::medium()", 7, 5'000'000, {6'000'000},
                                         35'000'000, 1.75));
  report.rows.push_back(
      test::timing_row("app::fast", "app::fast()", 40, 200'000, {250'000}, 8'000'000, 0.4));
  return report;
}

ConsoleView view_of(Report report) {
  ConsoleView view("http://127.0.0.1:6770");
  view.set_report(std::move(report), "12:00:00");
  return view;
}

// 80 columns: the selection mark, the names, and 11 for each number.
TEST(ConsoleView, TheTableFitsTheWidthLargestTotalFirst) {
  const std::vector<std::string> lines = view_of(three_functions()).render(80, 8);
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[0],
            fit("hotpath console  http://127.0.0.1:6770  main: 2.00 s  updated 12:00:00", 80));
  EXPECT_EQ(lines[2],
            "  Function                     Calls        Avg        P95      Total    % Total");
  EXPECT_EQ(lines[3],
            "> app::slow                        3   30.00 ms   31.00 ms   90.00 ms      4.50%");
  EXPECT_EQ(lines[4],
            "  app::medium                      7    5.00 ms    6.00 ms   35.00 ms      1.75%");
  EXPECT_EQ(lines[5],
            "  app::fast                       40  200.00 µs  250.00 µs    8.00 ms      0.40%");
  for (const std::string& line : view_of(three_functions()).render(30, 8))
    EXPECT_LE(line.size(), 30u + 2u);  // µ is two bytes, one column
}

TEST(ConsoleView, KeysSortFilterAndSelect) {
  ConsoleView view = view_of(three_functions());
  view.next_order();  // avg
  EXPECT_EQ(view.render(80, 8)[3].substr(0, 11), "> app::slow");
  view.next_order();  // calls: the selection stays on its function, now last
  EXPECT_EQ(view.render(80, 8)[3].substr(0, 11), "  app::fast");
  EXPECT_EQ(view.render(80, 8)[5].substr(0, 11), "> app::slow");
  EXPECT_NE(view.render(80, 8)[1].find("sort: calls (s)"), std::string::npos);
  view.next_order();  // name
  view.move_selection(-1);
  EXPECT_EQ(view.selected_function(), "app::medium");
  view.move_selection(10);  // stops at the last row
  EXPECT_EQ(view.selected_function(), "app::slow");

  view.start_filter();
  for (char c : std::string("m.d")) view.type_filter(c);
  EXPECT_TRUE(view.editing_filter());
  std::vector<std::string> lines = view.render(80, 8);
  EXPECT_NE(lines[1].find("filter: m.d_"), std::string::npos);
  EXPECT_EQ(lines[3].substr(0, 13), "> app::medium");
  EXPECT_EQ(lines[4], std::string(80, ' '));
  view.end_filter();
  view.clear_filter();
  EXPECT_EQ(view.render(80, 8)[5].substr(0, 11), "  app::slow");
  // A pattern that is not one yet matches as plain text.
  view.start_filter();
  view.type_filter('(');
  EXPECT_NE(view.render(80, 8)[3].find("(no function matches)"), std::string::npos);
}

TEST(ConsoleView, TheDetailShowsTheHistogramAndTheRecentCalls) {
  ConsoleView view = view_of(three_functions());
  view.move_selection(1);
  ASSERT_TRUE(view.open_detail());
  ConsoleHistogram histogram;
  histogram.bounds_ns = {1'000'000, 10'000'000, std::nullopt};
  histogram.counts = {0, 6, 1};
  view.set_detail({{5'100'000, 1'990'000'000, 42}}, histogram);
  const std::vector<std::string> lines = view.render(80, 12);
  EXPECT_EQ(lines[6], std::string(80, '-'));
  EXPECT_EQ(lines[7].substr(0, 25), "app::medium   (Esc closes");
  EXPECT_EQ(lines[8].substr(0, 35), " <= 10.00 ms #################### 6");
  EXPECT_EQ(lines[9].substr(0, 22), "  > 10.00 ms ### 1    ");
  EXPECT_NE(lines[9].find("10.00 ms ago     5.10 ms         42"), std::string::npos) << lines[9];
  view.close_detail();
  EXPECT_EQ(view.render(80, 12)[6], std::string(80, ' '));
}

// The rows of a running program move: a function's total passes another's, a new
// function appears. The marker stays on the function whose detail is shown.
TEST(ConsoleView, TheSelectionFollowsItsFunctionWhenRowsMove) {
  ConsoleView view = view_of(three_functions());
  view.move_selection(1);
  ASSERT_EQ(view.selected_function(), "app::medium");
  ASSERT_TRUE(view.open_detail());

  Report later = three_functions();
  later.rows.push_back(test::timing_row("app::fresh", "app::fresh()", 1, 500'000'000, {500'000'000},
                                        500'000'000, 25));
  view.set_report(later, "12:00:01");  // a new function above it
  std::vector<std::string> lines = view.render(80, 12);
  EXPECT_EQ(lines[3].substr(0, 12), "  app::fresh");
  EXPECT_EQ(lines[4].substr(0, 11), "  app::slow");
  EXPECT_EQ(lines[5].substr(0, 13), "> app::medium");
  EXPECT_EQ(lines[7].substr(0, 25), "app::medium   (Esc closes");

  later.rows[1].total_ns = 95'000'000;  // app::medium passes app::slow
  view.set_report(later, "12:00:02");
  lines = view.render(80, 12);
  EXPECT_EQ(lines[4].substr(0, 13), "> app::medium");
  EXPECT_EQ(lines[5].substr(0, 11), "  app::slow");
  EXPECT_EQ(lines[7].substr(0, 25), "app::medium   (Esc closes");
  view.close_detail();
  EXPECT_EQ(view.selected_function(), "app::medium");
  EXPECT_EQ(view.render(80, 12)[4].substr(0, 13), "> app::medium");

  // Gone: the row that moves up into its place is selected (app::slow), not the
  // one that happens to be at its index.
  Report without = later;
  without.rows.erase(without.rows.begin() + 1);
  view.set_report(without, "12:00:02");
  EXPECT_EQ(view.selected_function(), "app::slow");
  EXPECT_EQ(view.render(80, 12)[4].substr(0, 11), "> app::slow");

  // The last one gone, with nothing of the former rows below it: the one above it,
  // not the new function now at its index.
  view.move_selection(10);
  ASSERT_EQ(view.selected_function(), "app::fast");
  Report replaced = without;
  replaced.rows[1] = test::timing_row("app::tiny", "app::tiny()", 1, 1'000, {1'000}, 1'000, 0);
  view.set_report(replaced, "12:00:03");
  EXPECT_EQ(view.selected_function(), "app::slow");
}

TEST(ConsoleView, ThreadsTabListsTheMonitoredThreads) {
  Report report = three_functions();
  report.threads_monitored = true;
  report.threads.push_back(test::monitored_thread("main", 7, "sleeping", 50, 2.5, 100'000'000));
  ConsoleView view = view_of(report);
  view.show(ConsoleView::Tab::Threads);
  const std::vector<std::string> lines = view.render(100, 6);
  EXPECT_NE(lines[1].find("[Threads]"), std::string::npos);
  EXPECT_NE(lines[2].find("TID     Status    CPU max"), std::string::npos);
  EXPECT_NE(lines[3].find("main"), std::string::npos);
  EXPECT_NE(lines[3].find("7   sleeping     50.00%      2.50%  100.00 ms"), std::string::npos)
      << lines[3];
}

TEST(ConsoleView, WithoutAnAnswerTheScreenSaysWhy) {
  ConsoleView view("http://127.0.0.1:1");
  view.set_error("cannot reach the program (Connection)");
  const std::vector<std::string> lines = view.render(100, 4);
  EXPECT_NE(lines[0].find("no answer: cannot reach the program (Connection)"), std::string::npos);
}

TEST(ConsoleFit, CutsAndPadsByColumns) {
  EXPECT_EQ(fit("abc", 5), "abc  ");
  EXPECT_EQ(fit("abc", 5, true), "  abc");
  EXPECT_EQ(fit("abcdefgh", 6), "abc...");
  EXPECT_EQ(fit("1.5 µs", 8, true), "  1.5 µs");  // 6 columns, 7 bytes
  EXPECT_EQ(fit("µµµµµ", 4), "µ...");
  EXPECT_EQ(fit("abcdef", 2), "ab");
}

TEST(ConsoleUrl, NamesAreEncodedForAPathSegment) {
  EXPECT_EQ(url_encoded("app::parse"), "app::parse");
  EXPECT_EQ(url_encoded("operator/<int> x"), "operator%2F%3Cint%3E%20x");
}

}  // namespace
}  // namespace hotpath::cli
