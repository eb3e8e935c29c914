// Tests for the view of a saved report: the --sort keys and their spelling, the
// limit, --focus on rows and on the call tree, and the notes about rows not shown.
#include "report_view.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "report_samples.hpp"

namespace hotpath {
namespace {

using test::full_report;
using test::tree_node;

SavedReport saved_full() {
  SavedReport saved;
  saved.report = full_report();
  saved.timing_functions = 3;
  saved.alloc_functions = 1;
  saved.cpu_functions = 3;
  saved.wait_functions = 2;
  saved.coroutine_functions = 2;
  return saved;
}

std::vector<std::string> names(const std::vector<FunctionRow>& rows) {
  std::vector<std::string> result;
  for (const FunctionRow& row : rows) result.push_back(row.name);
  return result;
}

ReportView view_of(const SavedReport& saved, const ViewOptions& options) {
  ReportView view;
  std::string error;
  EXPECT_TRUE(make_report_view(saved, options, view, error)) << error;
  return view;
}

TEST(ReportView, ParsesSortKeys) {
  EXPECT_EQ(parse_row_order("total")->key, RowOrder::Key::Total);
  EXPECT_EQ(parse_row_order("avg")->key, RowOrder::Key::Average);
  EXPECT_EQ(parse_row_order("calls")->key, RowOrder::Key::Calls);
  EXPECT_EQ(parse_row_order("p99.9")->key, RowOrder::Key::Percentile);
  EXPECT_EQ(parse_row_order("p99.9")->percentile, 99.9);
  EXPECT_EQ(parse_row_order("P50")->percentile, 50.0);
  for (const char* bad : {"", "p", "p-1", "p101", "p.5", "p9e1", "max", "p95%", "Total"})
    EXPECT_FALSE(parse_row_order(bad)) << bad;
  EXPECT_EQ(row_order_name(*parse_row_order("p99.90")), "p99.9");
  EXPECT_EQ(row_order_name(*parse_row_order("calls")), "calls");
}

TEST(ReportView, SortsTimingRowsLargestFirst) {
  const SavedReport saved = saved_full();
  ViewOptions options;
  EXPECT_EQ(names(view_of(saved, options).report.rows),
            (std::vector<std::string>{"main", "app::parse", "std::map<int, int>::find"}));
  options.order = *parse_row_order("calls");
  EXPECT_EQ(names(view_of(saved, options).report.rows),
            (std::vector<std::string>{"std::map<int, int>::find", "app::parse", "main"}));
  options.order = *parse_row_order("avg");
  EXPECT_EQ(names(view_of(saved, options).report.rows),
            (std::vector<std::string>{"main", "app::parse", "std::map<int, int>::find"}));
  // p50: main 100 ms, parse 80 µs, find 1.5 µs; p99.9 the same order.
  options.order = *parse_row_order("p50");
  EXPECT_EQ(view_of(saved, options).report.rows.front().name, "main");
}

TEST(ReportView, SortIsStableAmongEqualValues) {
  SavedReport saved;
  saved.report.percentiles = {95};
  saved.report.rows = {test::timing_row("a", "a", 5, 1, {9}, 5, 0),
                       test::timing_row("b", "b", 7, 1, {9}, 7, 0),
                       test::timing_row("c", "c", 5, 1, {9}, 5, 0)};
  saved.timing_functions = 3;
  ViewOptions options;
  options.order = *parse_row_order("calls");
  EXPECT_EQ(names(view_of(saved, options).report.rows), (std::vector<std::string>{"b", "a", "c"}));
  options.order = *parse_row_order("p95");
  EXPECT_EQ(names(view_of(saved, options).report.rows), (std::vector<std::string>{"a", "b", "c"}));
}

TEST(ReportView, AverageOrderIsNotTotalOrder) {
  SavedReport saved;
  saved.report.rows = {test::timing_row("many_short", "a", 100, 1, {}, 100, 0),
                       test::timing_row("one_long", "b", 1, 50, {}, 50, 0)};
  saved.timing_functions = 2;
  ViewOptions options;
  options.order = *parse_row_order("avg");
  EXPECT_EQ(names(view_of(saved, options).report.rows),
            (std::vector<std::string>{"one_long", "many_short"}));
}

TEST(ReportView, PercentileMustBeTheReports) {
  ViewOptions options;
  options.order = *parse_row_order("p90");
  ReportView view;
  std::string error;
  EXPECT_FALSE(make_report_view(saved_full(), options, view, error));
  EXPECT_EQ(error, "--sort p90: the report has no such percentile (it has p50, p95, p99.9)");

  SavedReport none;
  EXPECT_FALSE(make_report_view(none, options, view, error));
  EXPECT_EQ(error, "--sort p90: the report has no such percentile (it has none)");
}

TEST(ReportView, LimitDefaultsToTheSavedOne) {
  const SavedReport saved = saved_full();
  ViewOptions options;
  EXPECT_EQ(view_of(saved, options).report.limit, 15u);
  EXPECT_TRUE(view_of(saved, options).notes.empty());

  options.limit = 1;
  const ReportView one = view_of(saved, options);
  ASSERT_GE(one.notes.size(), 2u);
  EXPECT_EQ(one.notes[one.notes.size() - 2],
            "1 of 2 wait rows shown (--limit 1; --limit 0 shows all)");
  EXPECT_EQ(one.notes.back(), "1 of 2 coroutine rows shown (--limit 1; --limit 0 shows all)");
  EXPECT_EQ(shown_rows_only(one.report).wait_rows.size(), 1u);
  EXPECT_EQ(shown_rows_only(one.report).coroutine_rows.size(), 1u);

  options.limit = 2;
  const ReportView view = view_of(saved, options);
  EXPECT_EQ(view.report.limit, 2u);
  EXPECT_EQ(view.report.rows.size(), 3u);  // the reporters apply the limit
  EXPECT_EQ(view.notes,
            (std::vector<std::string>{"2 of 3 functions shown (--limit 2; --limit 0 shows all)",
                                      "2 of 3 CPU rows shown (--limit 2; --limit 0 shows all)"}));

  const Report shown = shown_rows_only(view.report);
  EXPECT_EQ(shown.limit, 2u);  // for the call tree
  EXPECT_EQ(names(shown.rows), (std::vector<std::string>{"main", "app::parse"}));
  EXPECT_EQ(shown.cpu_rows.size(), 2u);
  EXPECT_EQ(shown.alloc_rows.size(), 1u);
}

TEST(ReportView, NotesRowsTheSavedReportLacks) {
  SavedReport saved = saved_full();
  saved.timing_functions = 40;
  saved.alloc_functions = 8;
  const ReportView view = view_of(saved, ViewOptions{});
  EXPECT_EQ(
      view.notes,
      (std::vector<std::string>{
          "3 of 40 functions in the saved report; record with HOTPATH_LIMIT=0 for all",
          "1 of 8 allocation rows in the saved report; record with HOTPATH_LIMIT=0 for all"}));
}

TEST(ReportView, FocusKeepsMatchingRows) {
  ViewOptions options;
  options.focus.emplace("parse|find", std::regex::ECMAScript);
  options.focus_pattern = "parse|find";
  const ReportView view = view_of(saved_full(), options);
  EXPECT_EQ(names(view.report.rows),
            (std::vector<std::string>{"app::parse", "std::map<int, int>::find"}));
  EXPECT_EQ(view.report.alloc_rows.size(), 1u);
  EXPECT_TRUE(view.report.cpu_rows.empty());
  ASSERT_EQ(view.report.wait_rows.size(), 1u);
  EXPECT_EQ(view.report.wait_rows[0].name, "app::parse");
  EXPECT_EQ(view.report.threads.size(), 2u);  // threads are no functions
  EXPECT_EQ(view.notes,
            (std::vector<std::string>{"--focus \"parse|find\" matches 2 of 3 functions"}));
}

// As the wait rows: --focus keeps the coroutines it matches, the notes count those
// the saved report never had.
TEST(ReportView, FocusAndLimitCutTheCoroutineRows) {
  SavedReport saved = saved_full();
  saved.coroutine_functions = 5;
  ViewOptions options;
  options.focus.emplace("tick", std::regex::ECMAScript);
  options.focus_pattern = "tick";
  const ReportView view = view_of(saved, options);
  ASSERT_EQ(view.report.coroutine_rows.size(), 1u);
  EXPECT_EQ(view.report.coroutine_rows[0].name, "app::ticker");
  EXPECT_EQ(view.coroutine_functions, 4u);  // the match and the 3 never saved
  EXPECT_EQ(view.notes.back(),
            "2 of 5 coroutine rows in the saved report; record with HOTPATH_LIMIT=0 for all");
}

TEST(ReportView, FocusKeepsCallersAndCalleesInTheTree) {
  // 0 main
  // 1   a
  // 2     target
  // 3       leaf
  // 4     other
  // 5   b
  // 6 target        (a root)
  // 7 unrelated
  const std::size_t root = CallTreeNode::kNoParent;
  const std::vector<CallTreeNode> tree = {
      tree_node("main", root, 1, 100, 10), tree_node("a", 0, 1, 60, 5),
      tree_node("target", 1, 2, 50, 20),   tree_node("leaf", 2, 3, 30, 30),
      tree_node("other", 1, 1, 5, 5),      tree_node("b", 0, 1, 30, 30),
      tree_node("target", root, 1, 9, 9),  tree_node("unrelated", root, 1, 8, 8)};
  const std::vector<CallTreeNode> kept = focus_call_tree(tree, std::regex("^target$"));
  ASSERT_EQ(kept.size(), 5u);
  EXPECT_EQ(kept[0].name, "main");
  EXPECT_EQ(kept[0].parent, root);
  EXPECT_EQ(kept[1].name, "a");
  EXPECT_EQ(kept[1].parent, 0u);
  EXPECT_EQ(kept[2].name, "target");
  EXPECT_EQ(kept[2].parent, 1u);
  EXPECT_EQ(kept[3].name, "leaf");
  EXPECT_EQ(kept[3].parent, 2u);
  EXPECT_EQ(kept[3].calls, 3u);
  EXPECT_EQ(kept[4].name, "target");
  EXPECT_EQ(kept[4].parent, root);

  EXPECT_TRUE(focus_call_tree(tree, std::regex("nothing")).empty());
  EXPECT_EQ(focus_call_tree(tree, std::regex("")).size(), tree.size());
}

TEST(ReportView, ShowsTheCallTreeWhenThereIsOne) {
  EXPECT_TRUE(view_of(saved_full(), ViewOptions{}).report.show_call_tree);
  ViewOptions options;
  options.focus.emplace("nothing matches", std::regex::ECMAScript);
  const ReportView view = view_of(saved_full(), options);
  EXPECT_TRUE(view.report.call_tree.empty());
  EXPECT_FALSE(view.report.show_call_tree);
}

}  // namespace
}  // namespace hotpath
