// The call tree: exact counts per path, recursion (direct and mutual) folded into
// one node per cycle, trees of several threads merged (running or exited), the node
// limit and its "(other)" node, and inclusive versus self time.
#include <gtest/gtest.h>

#include <algorithm>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "call_tree_folding.hpp"
#include "core/call_tree.hpp"
#include "hotpath/scope_guard.hpp"
#include "report_rows.hpp"
#include "reporting/report_builder.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

Site g_outer("tree.outer", nullptr, __FILE__, __LINE__);
Site g_parse("tree.parse", nullptr, __FILE__, __LINE__);
Site g_lex("tree.lex", nullptr, __FILE__, __LINE__);
Site g_write("tree.write", nullptr, __FILE__, __LINE__);
Site g_even("tree.even", nullptr, __FILE__, __LINE__);
Site g_odd("tree.odd", nullptr, __FILE__, __LINE__);
Site g_countdown("tree.countdown", nullptr, __FILE__, __LINE__);
Site g_sleep("tree.sleep", nullptr, __FILE__, __LINE__);

HOTPATH_NOINLINE void lex() { ScopeGuard guard(g_lex); }
HOTPATH_NOINLINE void parse() {
  ScopeGuard guard(g_parse);
  lex();
  lex();
}
HOTPATH_NOINLINE void write() {
  ScopeGuard guard(g_write);
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
}
HOTPATH_NOINLINE void outer() {
  ScopeGuard guard(g_outer);
  for (int i = 0; i < 3; ++i) parse();
  write();
  lex();
}

HOTPATH_NOINLINE void countdown(int n) {
  ScopeGuard guard(g_countdown);
  if (n > 0) countdown(n - 1);
}

HOTPATH_NOINLINE void odd(int n);
HOTPATH_NOINLINE void even(int n) {
  ScopeGuard guard(g_even);
  if (n > 0) odd(n - 1);
}
HOTPATH_NOINLINE void odd(int n) {
  ScopeGuard guard(g_odd);
  if (n > 0) even(n - 1);
}

/// The call tree of what was recorded since `baseline`.
std::vector<CallTreeNode> tree_since(const detail::RegistrySnapshot& baseline) {
  detail::RegistrySnapshot now = detail::Registry::instance().snapshot();
  now.subtract(baseline);
  detail::ReportSettings settings;
  settings.limit = 0;
  return detail::build_report(now, settings, detail::TickConverter::calibrate()).call_tree;
}

/// Each node as "root;...;name calls", in the tree's order.
std::vector<std::string> paths(const std::vector<CallTreeNode>& tree) {
  std::vector<std::string> result;
  std::vector<std::string> path_of;
  for (const CallTreeNode& node : tree) {
    std::string path =
        node.parent == CallTreeNode::kNoParent ? node.name : path_of[node.parent] + ";" + node.name;
    result.push_back(path + " " + std::to_string(node.calls));
    path_of.push_back(std::move(path));
  }
  return result;
}

TEST(CallTree, CountsEveryPathExactlyWithTheHottestFirst) {
  const detail::RegistrySnapshot baseline = detail::Registry::instance().snapshot();
  outer();
  outer();
  EXPECT_EQ(paths(tree_since(baseline)),
            (std::vector<std::string>{
                "tree.outer 2", "tree.outer;tree.write 2", "tree.outer;tree.parse 6",
                "tree.outer;tree.parse;tree.lex 12", "tree.outer;tree.lex 2"}));
}

TEST(CallTree, DirectRecursionIsOneNode) {
  // Raw durations: compensation clamps each call at 0, after which the self times
  // of tiny calls need not add up to the total any more.
  const test::WithoutCompensation raw_durations;
  const detail::RegistrySnapshot baseline = detail::Registry::instance().snapshot();
  countdown(9);
  const std::vector<CallTreeNode> tree = tree_since(baseline);
  ASSERT_EQ(paths(tree), std::vector<std::string>{"tree.countdown 10"});
  // Inclusive time counts the outermost call only; self time adds up to it.
  const detail::FunctionTotals flat = test::totals_for(g_countdown);
  EXPECT_LE(tree[0].self_ns, tree[0].total_ns + 10);
  EXPECT_GT(tree[0].total_ns, 0u);
  EXPECT_LT(tree[0].total_ns, detail::TickConverter::calibrate().to_ns(flat.total_ticks));
}

TEST(CallTree, MutualRecursionFoldsIntoOneNodePerFunction) {
  const detail::RegistrySnapshot baseline = detail::Registry::instance().snapshot();
  even(6);  // even(6) odd(5) even(4) odd(3) even(2) odd(1) even(0)
  EXPECT_EQ(paths(tree_since(baseline)),
            (std::vector<std::string>{"tree.even 4", "tree.even;tree.odd 3"}));
}

TEST(CallTree, TreesOfThreadsMergeWhetherTheyExitedOrNot) {
  const detail::RegistrySnapshot baseline = detail::Registry::instance().snapshot();
  std::vector<std::thread> exited;
  for (int t = 0; t < 3; ++t) exited.emplace_back([] { outer(); });
  for (std::thread& thread : exited) thread.join();
  outer();  // this thread's tree is live
  // The counts, not the order: which sibling is hottest depends on how long the
  // threads were preempted (the test above checks the order).
  std::vector<std::string> merged = paths(tree_since(baseline));
  std::sort(merged.begin(), merged.end());
  EXPECT_EQ(merged, (std::vector<std::string>{
                        "tree.outer 4", "tree.outer;tree.lex 4", "tree.outer;tree.parse 12",
                        "tree.outer;tree.parse;tree.lex 24", "tree.outer;tree.write 4"}));
}

TEST(CallTree, TotalTimeIncludesWaitingAndSelfTimeExcludesMeasuredCallees) {
  const detail::RegistrySnapshot baseline = detail::Registry::instance().snapshot();
  {
    ScopeGuard guard(g_outer);
    ScopeGuard sleeping(g_sleep);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const std::vector<CallTreeNode> tree = tree_since(baseline);
  ASSERT_EQ(paths(tree), (std::vector<std::string>{"tree.outer 1", "tree.outer;tree.sleep 1"}));
  EXPECT_GE(tree[1].total_ns, 20'000'000u);
  EXPECT_EQ(tree[1].self_ns, tree[1].total_ns);
  EXPECT_GE(tree[0].total_ns, tree[1].total_ns);
  EXPECT_LT(tree[0].self_ns, 5'000'000u);
}

TEST(CallTree, CallsPastTheNodeLimitGoUnderOtherWithNoneLost) {
  const detail::RegistrySnapshot baseline = detail::Registry::instance().snapshot();
  // The limit applies to threads that register after it is set. Root, outer and
  // parse fit; lex under parse, write and lex under outer do not.
  detail::set_call_tree_node_limit(3);
  std::thread([] { outer(); }).join();
  detail::set_call_tree_node_limit(detail::kDefaultCallTreeNodeLimit);
  EXPECT_EQ(paths(tree_since(baseline)),
            (std::vector<std::string>{"tree.outer 1", "tree.outer;tree.parse 3", "(other) 8",
                                      "(other);tree.write 1", "(other);tree.lex 7"}));
}

TEST(CallTree, ACallStillRunningKeepsItsNodeForItsCallees) {
  const detail::RegistrySnapshot baseline = detail::Registry::instance().snapshot();
  ScopeGuard running(g_outer);
  write();
  EXPECT_EQ(paths(tree_since(baseline)),
            (std::vector<std::string>{"tree.outer 0", "tree.outer;tree.write 1"}));
}

TEST(CallTree, FoldsIntoOneStackPerNodeWeighingItsSelfTime) {
  const std::vector<CallTreeNode> tree = {
      test::tree_node("main", CallTreeNode::kNoParent, 1, 1'000, 100),
      test::tree_node("parse", 0, 3, 700, 400), test::tree_node("lex", 1, 6, 300, 300),
      test::tree_node("write", 0, 1, 200, 200),
      // A call still running: no time of its own, its callee's is drawn under it.
      test::tree_node("serve", CallTreeNode::kNoParent, 0, 0, 0),
      test::tree_node("write", 4, 2, 50, 50)};
  EXPECT_EQ(flamegraph::to_folded(detail::fold_call_tree(tree)),
            "main 100\nmain;parse 400\nmain;parse;lex 300\nmain;write 200\nserve;write 50\n");
}

}  // namespace
}  // namespace hotpath
