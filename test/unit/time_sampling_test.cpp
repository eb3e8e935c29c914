// Time sampling: one call in k of each function on each thread is timed; the
// others are only counted, and the report scales the timed calls' durations to
// all calls.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "hotpath/detail/recording.hpp"
#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"
#include "totals/untimed_scale.hpp"

namespace hotpath {
namespace {

using detail::Frame;
using detail::FunctionTotals;
using detail::ThreadState;

/// Starts a call of `site`; a timed one starts at `at`. True when it is timed.
bool start(ThreadState& state, Frame& frame, const Site& site, std::uint64_t at) {
  detail::start_call(state, frame, site);
  if (frame.start_ticks == detail::kUntimedCall) return false;
  frame.start_ticks = at;
  return true;
}

/// Ends a call started by start(); a timed one ends at `at`.
void end(ThreadState& state, Frame& frame, std::uint64_t at) {
  if (frame.start_ticks != detail::kUntimedCall) detail::finish_frame(state, frame, at);
}

TEST(TimeSampling, TimesTheFirstCallThenOneInEveryRate) {
  static Site site("sampling.first_then_every", nullptr, __FILE__, __LINE__);
  const test::WithTimeSamplingRate one_in_four(4);
  ThreadState& state = detail::t_thread_state;
  std::vector<int> timed_calls;
  for (int call = 1; call <= 10; ++call) {
    Frame frame;
    if (start(state, frame, site, 0)) timed_calls.push_back(call);
    end(state, frame, 10);
  }
  EXPECT_EQ(timed_calls, (std::vector<int>{1, 5, 9}));
  const FunctionTotals totals = test::totals_for(site);
  EXPECT_EQ(totals.calls, 3u);
  EXPECT_EQ(totals.untimed_calls, 7u);
  EXPECT_EQ(totals.histogram.total_count(), 3u);
}

TEST(TimeSampling, AnUntimedCallStaysOffTheShadowStack) {
  static Site caller_site("sampling.caller", nullptr, __FILE__, __LINE__);
  static Site callee_site("sampling.callee", nullptr, __FILE__, __LINE__);
  const test::WithoutCompensation exact_ticks;
  const test::WithTimeSamplingRate one_in_two(2);
  ThreadState& state = detail::t_thread_state;
  // A timed caller [0, 1000] calls the callee twice: timed [100, 200], then untimed.
  Frame caller, first, second;
  ASSERT_TRUE(start(state, caller, caller_site, 0));
  ASSERT_TRUE(start(state, first, callee_site, 100));
  end(state, first, 200);
  ASSERT_FALSE(start(state, second, callee_site, 300));
  EXPECT_EQ(state.top, &caller);
  end(state, second, 500);
  end(state, caller, 1000);
  EXPECT_EQ(state.top, nullptr);
  const FunctionTotals callee = test::totals_for(callee_site);
  EXPECT_EQ(callee.calls, 1u);
  EXPECT_EQ(callee.untimed_calls, 1u);
  EXPECT_EQ(callee.total_ticks, 100u);
  // The untimed call's time is in its caller's self time.
  const FunctionTotals caller_totals = test::totals_for(caller_site);
  EXPECT_EQ(caller_totals.total_ticks, 1000u);
  EXPECT_EQ(caller_totals.self_ticks, 900u);
}

TEST(TimeSampling, GuardsCountEveryCallOnEveryThread) {
  static Site site("sampling.threads", nullptr, __FILE__, __LINE__);
  const test::WithTimeSamplingRate one_in_ten(10);
  auto calls = [] {
    for (int call = 0; call < 1000; ++call) ScopeGuard guard(site);
  };
  std::thread first(calls);
  std::thread second(calls);
  calls();
  first.join();
  second.join();
  const FunctionTotals totals = test::totals_for(site);
  // Calls 1, 11, ..., 991 timed on each of the three threads.
  EXPECT_EQ(totals.calls, 300u);
  EXPECT_EQ(totals.untimed_calls, 2700u);
}

TEST(TimeSampling, TheRateAppliesToThreadsAlreadyRecording) {
  static Site site("sampling.live_thread", nullptr, __FILE__, __LINE__);
  static Site registration("sampling.registration", nullptr, __FILE__, __LINE__);
  std::atomic<bool> rate_set{false};
  std::atomic<bool> registered{false};
  std::thread recording([&] {
    { ScopeGuard guard(registration); }
    registered = true;
    while (!rate_set) std::this_thread::yield();
    for (int call = 0; call < 1000; ++call) ScopeGuard guard(site);
  });
  while (!registered) std::this_thread::yield();
  const test::WithTimeSamplingRate one_in_hundred(100);
  rate_set = true;
  recording.join();
  const FunctionTotals totals = test::totals_for(site);
  EXPECT_EQ(totals.calls, 10u);
  EXPECT_EQ(totals.untimed_calls, 990u);
}

TEST(TimeSampling, BackToEveryCallTimesEveryCallAtOnce) {
  static Site site("sampling.back_to_every", nullptr, __FILE__, __LINE__);
  {
    const test::WithTimeSamplingRate one_in_thousand(1000);
    for (int call = 0; call < 10; ++call) ScopeGuard guard(site);
  }
  for (int call = 0; call < 10; ++call) ScopeGuard guard(site);
  const FunctionTotals totals = test::totals_for(site);
  EXPECT_EQ(totals.calls, 11u);
  EXPECT_EQ(totals.untimed_calls, 9u);
}

TEST(TimeSampling, ScalesTimedSumsToAllCalls) {
  EXPECT_EQ((detail::UntimedScale{10, 10}(1234)), 1234u);
  EXPECT_EQ((detail::UntimedScale{30, 3}(900)), 9000u);
  EXPECT_EQ((detail::UntimedScale{7, 0}(0)), 0u);
  // A product past 2^64 still scales; a result past it saturates.
  EXPECT_EQ((detail::UntimedScale{1000000, 999999}(std::uint64_t{1} << 62)), 4611690630118018022u);
  EXPECT_EQ((detail::UntimedScale{1000000, 1}(std::uint64_t{1} << 50)),
            std::numeric_limits<std::uint64_t>::max());
}

}  // namespace
}  // namespace hotpath
