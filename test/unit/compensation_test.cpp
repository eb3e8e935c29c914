// Overhead compensation: the guards' overhead removed from inclusive and self
// times, per call and per nested measured call, with what was removed kept; and
// the calibration finds a plausible overhead on this machine.
#include <gtest/gtest.h>

#include "core/overhead_calibration.hpp"
#include "hotpath/detail/recording.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

using detail::Frame;
using detail::FunctionTotals;
using detail::ThreadState;

Site g_parent("compensation.parent", nullptr, __FILE__, __LINE__);
Site g_child("compensation.child", nullptr, __FILE__, __LINE__);
Site g_grandchild("compensation.grandchild", nullptr, __FILE__, __LINE__);

void start(ThreadState& state, Frame& frame, const Site& site, std::uint64_t at) {
  detail::push_frame(state, frame, site);
  frame.start_ticks = at;
}

/// What was recorded for `site` by the steps of a test.
struct Recorded {
  std::uint64_t total;
  std::uint64_t self;
  std::uint64_t overhead;
};

Recorded since(const Site& site, const FunctionTotals& before) {
  const FunctionTotals now = test::totals_for(site);
  return {now.total_ticks - before.total_ticks, now.self_ticks - before.self_ticks,
          now.overhead_ticks - before.overhead_ticks};
}

TEST(Compensation, RemovesEachGuardsOverheadFromEveryCallAroundIt) {
  const test::WithoutCompensation restore_afterwards;
  ThreadState& state = detail::t_thread_state;
  // Each call's own guard: 10 ticks; a nested call's guard around it: 5 more.
  state.own_overhead_ticks = 10;
  state.nested_overhead_ticks = 5;
  const FunctionTotals parent_before = test::totals_for(g_parent);
  const FunctionTotals child_before = test::totals_for(g_child);
  const FunctionTotals grandchild_before = test::totals_for(g_grandchild);

  // parent [0, 1000] calls child [100, 200], then child [300, 500], which calls
  // grandchild [350, 400].
  Frame parent, first, second, grandchild;
  start(state, parent, g_parent, 0);
  start(state, first, g_child, 100);
  detail::finish_frame(state, first, 200);
  start(state, second, g_child, 300);
  start(state, grandchild, g_grandchild, 350);
  detail::finish_frame(state, grandchild, 400);
  detail::finish_frame(state, second, 500);
  detail::finish_frame(state, parent, 1000);

  // grandchild: 50 - 10. second: 200 - 10 - (10 + 5) = 175; first: 100 - 10.
  // parent: 1000 - 10 - (10 + 5) - (25 + 5) = 945. Self times are what is left
  // once the callees' compensated times are taken out: 945 - 90 - 175 = 680.
  const Recorded g = since(g_grandchild, grandchild_before);
  EXPECT_EQ(g.total, 40u);
  EXPECT_EQ(g.self, 40u);
  EXPECT_EQ(g.overhead, 10u);
  const Recorded c = since(g_child, child_before);
  EXPECT_EQ(c.total, 90u + 175u);
  EXPECT_EQ(c.self, 90u + 135u);
  EXPECT_EQ(c.overhead, 10u + 25u);
  const Recorded p = since(g_parent, parent_before);
  EXPECT_EQ(p.total, 945u);
  EXPECT_EQ(p.self, 680u);
  EXPECT_EQ(p.overhead, 55u);
}

TEST(Compensation, NeverMakesADurationNegative) {
  const test::WithoutCompensation restore_afterwards;
  ThreadState& state = detail::t_thread_state;
  state.own_overhead_ticks = 100;
  state.nested_overhead_ticks = 0;
  const FunctionTotals before = test::totals_for(g_grandchild);
  Frame frame;
  start(state, frame, g_grandchild, 1000);
  detail::finish_frame(state, frame, 1040);
  const Recorded recorded = since(g_grandchild, before);
  EXPECT_EQ(recorded.total, 0u);
  EXPECT_EQ(recorded.self, 0u);
  EXPECT_EQ(recorded.overhead, 40u);
}

TEST(Compensation, TheCalibrationFindsTheGuardsCost) {
  const detail::GuardOverhead overhead = detail::measure_timed_guard_overhead();
  const detail::TickConverter ticks = detail::TickConverter::calibrate();
  const double own_ns = static_cast<double>(overhead.own_ticks) * ticks.ns_per_tick();
  const double nested_ns = static_cast<double>(overhead.nested_ticks) * ticks.ns_per_tick();
  // A clock read costs from a few to a few tens of nanoseconds, more under the
  // sanitizers: bounds, not values.
  EXPECT_GT(own_ns, 0.0);
  EXPECT_LT(own_ns, 2000.0);
  EXPECT_LT(nested_ns, 4000.0);
  // Adaptive timing's figures are measured apart, when first needed.
  EXPECT_FALSE(overhead.adaptive_measured);
  EXPECT_EQ(overhead.untimed_fractions, 0u);
  EXPECT_EQ(overhead.fenced_own_ticks, 0u);
}

TEST(Compensation, AdaptiveTimingsCallsAreMeasuredApart) {
  detail::GuardOverhead overhead = detail::measure_timed_guard_overhead();
  const detail::GuardOverhead timed = overhead;
  detail::measure_adaptive_guard_overhead(overhead);
  EXPECT_TRUE(overhead.adaptive_measured);
  // The timed guard's figures are kept.
  EXPECT_EQ(overhead.own_ticks, timed.own_ticks);
  EXPECT_EQ(overhead.nested_ticks, timed.nested_ticks);
  // A chosen call reads fenced clocks: it takes at least a tick. An untimed call
  // reads none, and costs less than a timed one around its caller.
  EXPECT_GT(overhead.fenced_own_ticks, 0u);
  EXPECT_LT(overhead.untimed_fractions,
            (overhead.own_ticks + overhead.nested_ticks + 1) * detail::kOverheadFraction * 4);
}

}  // namespace
}  // namespace hotpath
