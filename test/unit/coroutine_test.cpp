// Measured coroutines, as the plugin and clang-hotpath-rewrite instrument them (a
// CoroutineGuard told of every suspension point through watch_operand): exact
// instance and resume counts when a pool of four threads resumes them, the
// measured calls they make counted on whatever thread runs them, and their time
// split into running and suspended.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <coroutine>
#include <string>
#include <thread>

#include "call_tree_folding.hpp"
#include "core/clock_calibration.hpp"
#include "core/coroutine_paths.hpp"
#include "coroutine_kinds.hpp"
#include "hotpath/hotpath.hpp"
#include "reporting/coroutine_tree.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

#if defined(HOTPATH_TEST_SANITIZED)
constexpr int kHops = 20;
#else
constexpr int kHops = 200;
#endif
constexpr int kCoroutines = 16;

using coroutine_kinds::After;
using coroutine_kinds::Detached;
using coroutine_kinds::Pool;

Site g_hopper_site("coroutine.hopper", nullptr, __FILE__, __LINE__);
Site g_step_site("coroutine.step", nullptr, __FILE__, __LINE__);
Site g_sleeper_site("coroutine.sleeper", nullptr, __FILE__, __LINE__);

HOTPATH_NOINLINE void step() { ScopeGuard guard(g_step_site); }

Detached hopper(Pool& pool, std::atomic<int>& left) {
  CoroutineGuard guard(g_hopper_site, true);
  for (int i = 0; i < kHops; ++i) {
    co_await detail::watch_operand(guard, pool.schedule());
    step();
  }
  left.fetch_sub(1);
}

TEST(Coroutines, APoolOfFourThreadsResumesThemAndEveryCountIsExact) {
  const detail::FunctionTotals before = test::totals_for(g_hopper_site);
  const std::uint64_t steps_before = test::totals_for(g_step_site).all_calls();
  std::atomic<int> left{kCoroutines};
  {
    Pool pool(4);
    for (int i = 0; i < kCoroutines; ++i) hopper(pool, left);
    ASSERT_TRUE(test::eventually([&] { return left.load() == 0; }));
  }
  const detail::FunctionTotals after = test::totals_for(g_hopper_site);
  EXPECT_EQ(after.all_calls() - before.all_calls(), std::uint64_t{kCoroutines});
  EXPECT_EQ(after.coroutine.started - before.coroutine.started, std::uint64_t{kCoroutines});
  EXPECT_EQ(after.coroutine.completed - before.coroutine.completed, std::uint64_t{kCoroutines});
  EXPECT_EQ(after.coroutine.destroyed, before.coroutine.destroyed);
  // Each instance's first segment, and one after each hop.
  EXPECT_EQ(after.coroutine.resumes - before.coroutine.resumes,
            std::uint64_t{kCoroutines} * (kHops + 1));
  EXPECT_EQ(test::totals_for(g_step_site).all_calls() - steps_before,
            std::uint64_t{kCoroutines} * kHops);
  // Running and suspended add up to the logical durations.
  EXPECT_EQ((after.coroutine.running_ticks - before.coroutine.running_ticks) +
                (after.coroutine.suspended_ticks - before.coroutine.suspended_ticks),
            after.total_ticks - before.total_ticks);
  // The segments took the test thread's and the workers' shadow stacks and gave
  // them back: this thread's is empty again.
  EXPECT_EQ(detail::t_thread_state.top, nullptr);
}

Detached sleeper(std::atomic<bool>& done) {
  CoroutineGuard guard(g_sleeper_site, true);
  co_await detail::watch_operand(guard, After{50});
  done.store(true);
}

TEST(Coroutines, ACoroutineWaitingOnATimerIsSuspendedNotRunning) {
  const detail::FunctionTotals before = test::totals_for(g_sleeper_site);
  std::atomic<bool> done{false};
  sleeper(done);
  ASSERT_TRUE(test::eventually([&] { return done.load(); }));
  // The instance ends on the timer thread just after `done`.
  ASSERT_TRUE(test::eventually([&] {
    return test::totals_for(g_sleeper_site).coroutine.completed == before.coroutine.completed + 1;
  }));
  const detail::FunctionTotals after = test::totals_for(g_sleeper_site);
  const detail::TickConverter ticks = detail::TickConverter::calibrate();
  const std::uint64_t running_ns =
      ticks.to_ns(after.coroutine.running_ticks - before.coroutine.running_ticks);
  const std::uint64_t suspended_ns =
      ticks.to_ns(after.coroutine.suspended_ticks - before.coroutine.suspended_ticks);
  EXPECT_GE(suspended_ns, 50'000'000u);
  EXPECT_LT(running_ns, 5'000'000u);
  EXPECT_EQ(after.coroutine.resumes - before.coroutine.resumes, 2u);
}

// The logical tree from the interned paths: ids in any order (they are slots of a
// hash table), two sites of one row merged, a path without a row left out.
TEST(CoroutineTree, EachCoroutineUnderItsCreatorDepthFirstLargestFirst) {
  detail::CoroutinePathsSnapshot paths;
  // Paths 7 (site 1 "loop"), 3 (site 2 "request") and 9 (site 3, also "request")
  // under 7, 5 (site 4 "read") under 3, 2 (site 5, no row) under 7.
  paths.paths = {{2, 7, 5, 4, 40, 1},
                 {3, 7, 2, 2, 2000, 20},
                 {5, 3, 4, 2, 500, 5},
                 {7, 0, 1, 1, 5000, 50},
                 {9, 7, 3, 1, 1000, 10}};
  paths.overflow_instances = 0;
  const std::string names[] = {"loop", "request", "request", "read"};
  const detail::SiteNamer namer = [&](std::uint32_t site) -> const std::string* {
    return site >= 1 && site <= 4 ? &names[site - 1] : nullptr;
  };
  const std::vector<CoroutineTreeNode> tree =
      detail::build_coroutine_tree(paths, namer, detail::TickConverter(1.0));
  ASSERT_EQ(tree.size(), 3u);
  EXPECT_EQ(tree[0].name, "loop");
  EXPECT_EQ(tree[0].parent, CoroutineTreeNode::kNoParent);
  EXPECT_EQ(tree[0].instances, 1u);
  EXPECT_EQ(tree[0].total_ns, 5000u);
  EXPECT_EQ(tree[1].name, "request");
  EXPECT_EQ(tree[1].parent, 0u);
  EXPECT_EQ(tree[1].instances, 3u);
  EXPECT_EQ(tree[1].total_ns, 3000u);
  EXPECT_EQ(tree[1].running_ns, 30u);
  EXPECT_EQ(tree[2].name, "read");
  EXPECT_EQ(tree[2].parent, 1u);
  EXPECT_EQ(tree[2].instances, 2u);

  // Folded: each node's time less its children's.
  EXPECT_EQ(flamegraph::to_folded(detail::fold_coroutine_tree(tree)),
            "loop 2000\nloop;request 2500\nloop;request;read 500\n");
}

}  // namespace
}  // namespace hotpath
