// Adaptive timing: a function whose calls on a thread prove numerous and short is
// timed from then on 1 call in kAdaptivePeriod there; calls stay exact, the report
// estimates its durations from the calls it timed, and the calls around an untimed
// one lose its overhead. Durations are given, not measured: start and end ticks
// are set by hand, on threads that register with known figures.
#include <gtest/gtest.h>

#include <cstdint>
#include <thread>

#include "core/adaptive_timing.hpp"
#include "core/overhead_calibration.hpp"
#include "hotpath/detail/recording.hpp"
#include "test_support.hpp"
#include "totals/untimed_scale.hpp"

namespace hotpath {
namespace {

using detail::Frame;
using detail::FunctionTotals;
using detail::GuardOverhead;
using detail::kAdaptivePeriod;
using detail::kAdaptiveReviewCalls;
using detail::ThreadState;

/// Runs `body` on a new thread that registers with the guard overhead `overhead`
/// (all of it given: nothing is measured when a function turns adaptive) and the
/// adaptive threshold `threshold` (in ticks), then restores both.
template <typename Body>
void on_thread_with(GuardOverhead overhead, std::uint64_t threshold, Body body) {
  const GuardOverhead saved_overhead = detail::guard_overhead();
  const std::uint64_t saved_threshold = detail::adaptive_threshold();
  overhead.adaptive_measured = true;
  detail::set_guard_overhead(overhead);
  detail::set_adaptive_threshold(threshold);
  std::thread(body).join();
  detail::set_guard_overhead(saved_overhead);
  detail::set_adaptive_threshold(saved_threshold);
}

/// One call of `site` from `at`, lasting `ticks_of()` ticks when it is timed (asked
/// only then); `inside` runs during it. True when it was timed.
template <typename Ticks, typename Inside>
bool call_lasting(const Site& site, std::uint64_t at, Ticks ticks_of, Inside inside) {
  ThreadState& state = detail::t_thread_state;
  Frame frame;
  detail::start_call(state, frame, site);
  const bool timed = frame.start_ticks != detail::kUntimedCall;
  if (timed) frame.start_ticks = at;
  inside();
  if (timed) detail::finish_frame(state, frame, at + ticks_of());
  return timed;
}

template <typename Inside>
bool call(const Site& site, std::uint64_t at, std::uint64_t ticks, Inside inside) {
  return call_lasting(
      site, at, [ticks] { return ticks; }, inside);
}

bool call(const Site& site, std::uint64_t at, std::uint64_t ticks) {
  return call(site, at, ticks, [] {});
}

std::uint64_t estimated_total(const FunctionTotals& totals) {
  return detail::estimate_for_all_calls(totals.all_calls(), totals.calls, totals.exact_calls,
                                        totals.total_ticks, totals.exact_total_ticks);
}

constexpr GuardOverhead kNoOverhead{0, 0, 0};

TEST(AdaptiveTiming, ShortNumerousCallsAreTimedOneInThePeriodAfterTheReview) {
  static Site site("adaptive.short", nullptr, __FILE__, __LINE__);
  std::uint64_t timed_after_review = 0;
  on_thread_with(kNoOverhead, 100, [&] {
    for (std::uint64_t i = 0; i < 10'000; ++i) {
      const bool timed = call(site, 1'000 * i, i < kAdaptiveReviewCalls ? 10 : 20);
      if (i >= kAdaptiveReviewCalls && timed) ++timed_after_review;
    }
  });
  const FunctionTotals totals = test::totals_for(site);
  const std::uint64_t after_review = 10'000 - kAdaptiveReviewCalls;
  // 46 or 47, by where the function's count started in the period.
  EXPECT_GE(timed_after_review, after_review / kAdaptivePeriod);
  EXPECT_LE(timed_after_review, after_review / kAdaptivePeriod + 1);
  EXPECT_TRUE(totals.adaptive);
  EXPECT_EQ(totals.all_calls(), 10'000u);
  EXPECT_EQ(totals.calls, kAdaptiveReviewCalls + timed_after_review);
  EXPECT_EQ(totals.exact_calls, kAdaptiveReviewCalls);
  // The calls before count once each (10 ticks), the chosen ones for all the calls
  // after the review (20 ticks each).
  EXPECT_EQ(estimated_total(totals), kAdaptiveReviewCalls * 10 + after_review * 20);
}

TEST(AdaptiveTiming, WorkRepeatingEveryPowerOfTwoCallsIsChosenInProportion) {
  static Site site("adaptive.refill", nullptr, __FILE__, __LINE__);
  // A stream whose every 256th call refills its buffer: 2,570 ticks, the others 10.
  constexpr std::uint64_t kRefillEvery = 256;
  constexpr std::uint64_t kAfter = 4 * kRefillEvery * kAdaptivePeriod;
  std::uint64_t true_total = 0;
  on_thread_with(kNoOverhead, 100, [&] {
    for (std::uint64_t i = 0; i < kAdaptiveReviewCalls + kAfter; ++i) {
      const std::uint64_t ticks = i % kRefillEvery == 0 ? 2'570 : 10;
      true_total += ticks;
      call(site, 10'000 * i, ticks);
    }
  });
  const FunctionTotals totals = test::totals_for(site);
  ASSERT_TRUE(totals.adaptive);
  // The chosen calls meet each place of the refill period in turn, so the refills'
  // share of them is theirs of all calls: 20 ticks a call on average after the
  // review. A period dividing 256 would choose the refills always or never.
  EXPECT_NEAR(static_cast<double>(estimated_total(totals)), static_cast<double>(true_total),
              0.01 * static_cast<double>(true_total));
}

TEST(AdaptiveTiming, LongCallsAndAZeroThresholdKeepEveryCallTimed) {
  static Site slow("adaptive.slow", nullptr, __FILE__, __LINE__);
  static Site off("adaptive.off", nullptr, __FILE__, __LINE__);
  on_thread_with(kNoOverhead, 100, [] {
    for (std::uint64_t i = 0; i < 10'000; ++i) call(slow, 1'000 * i, 500);
  });
  on_thread_with(kNoOverhead, 0, [] {
    for (std::uint64_t i = 0; i < 10'000; ++i) call(off, 100 * i, 10);
  });
  for (const Site* site : {&slow, &off}) {
    const FunctionTotals totals = test::totals_for(*site);
    EXPECT_FALSE(totals.adaptive) << site->explicit_name();
    EXPECT_EQ(totals.calls, 10'000u) << site->explicit_name();
    EXPECT_EQ(totals.all_calls(), 10'000u) << site->explicit_name();
  }
}

TEST(AdaptiveTiming, ACallHeldUpStandsForItselfUnlessItsFunctionRecursed) {
  static Site leaf("adaptive.held_up_leaf", nullptr, __FILE__, __LINE__);
  static Site recursive("adaptive.held_up_recursive", nullptr, __FILE__, __LINE__);
  constexpr std::uint64_t kCalls = kAdaptiveReviewCalls + 10 * kAdaptivePeriod;
  constexpr std::uint64_t kAfter = kCalls - kAdaptiveReviewCalls;
  // After the review the calls last 20 ticks, but the first chosen one lasts
  // 1,000,000: more than 1,000 times the threshold of 100.
  const auto run = [](const Site& site, std::uint64_t& chosen) {
    bool long_one_done = false;
    for (std::uint64_t i = 0; i < kCalls; ++i) {
      const bool timed = call_lasting(
          site, 0,
          [&]() -> std::uint64_t {
            if (i < kAdaptiveReviewCalls) return 10;
            if (long_one_done) return 20;
            long_one_done = true;
            return 1'000'000;
          },
          [] {});
      if (timed && i >= kAdaptiveReviewCalls) ++chosen;
    }
  };
  std::uint64_t leaf_chosen = 0;
  std::uint64_t recursive_chosen = 0;
  on_thread_with(kNoOverhead, 100, [&] {
    run(leaf, leaf_chosen);
    // The calls nested in one outer call: the review finds it active.
    call(recursive, 0, 1, [&] { run(recursive, recursive_chosen); });
  });
  ASSERT_EQ(leaf_chosen, 10u);
  ASSERT_EQ(recursive_chosen, 10u);
  const FunctionTotals leaf_totals = test::totals_for(leaf);
  ASSERT_TRUE(leaf_totals.adaptive);
  EXPECT_EQ(leaf_totals.all_calls(), kCalls);
  // The held-up call counts once; the nine other chosen calls stand for the other
  // 1,279 calls after the review.
  EXPECT_EQ(estimated_total(leaf_totals),
            kAdaptiveReviewCalls * 10 + 1'000'000 + (kAfter - 1) * 20);
  const FunctionTotals recursive_totals = test::totals_for(recursive);
  ASSERT_TRUE(recursive_totals.adaptive);
  EXPECT_EQ(recursive_totals.all_calls(), kCalls + 1);
  // The outer call, timed before, counts once; the ten chosen calls, the long one
  // too, stand for the 1,280 calls after the review.
  EXPECT_EQ(estimated_total(recursive_totals),
            1 + kAdaptiveReviewCalls * 10 + (1'000'000 + 9 * 20) * kAdaptivePeriod);
}

TEST(AdaptiveTiming, FunctionsTurningAdaptiveOneAfterTheOtherChooseDifferentCalls) {
  static Site caller("adaptive.lockstep_caller", nullptr, __FILE__, __LINE__);
  static Site callee("adaptive.lockstep_callee", nullptr, __FILE__, __LINE__);
  std::uint64_t both_chosen = 0;
  std::uint64_t caller_chosen = 0;
  on_thread_with(kNoOverhead, 100, [&] {
    // The callee turns adaptive as the caller's call ends, the caller just after:
    // one call each, in lockstep.
    for (std::uint64_t i = 0; i < kAdaptiveReviewCalls + 100 * kAdaptivePeriod; ++i) {
      bool callee_timed = false;
      const bool caller_timed =
          call(caller, 100 * i, 50, [&] { callee_timed = call(callee, 100 * i + 10, 10); });
      if (i >= kAdaptiveReviewCalls && caller_timed) {
        ++caller_chosen;
        both_chosen += callee_timed;
      }
    }
  });
  EXPECT_EQ(caller_chosen, 100u);
  EXPECT_EQ(both_chosen, 0u);
}

TEST(AdaptiveTiming, AnUntimedCallsOverheadLeavesTheCallAroundItToAFractionOfATick) {
  static Site caller("adaptive.caller", nullptr, __FILE__, __LINE__);
  static Site callee("adaptive.callee", nullptr, __FILE__, __LINE__);
  // 5.375 ticks a call: removed call by call in whole ticks, 200 calls would lose 75.
  constexpr std::uint64_t kUntimedFractions = 5 * detail::kOverheadFraction + 96;
  constexpr std::uint64_t kCallees = 200;
  std::uint64_t timed_callees = 0;
  on_thread_with(GuardOverhead{0, 0, kUntimedFractions}, 100, [&] {
    // Turns adaptive as its last review call ends: the next ones count from 0.
    for (std::uint64_t i = 0; i < kAdaptiveReviewCalls; ++i) call(callee, 100 * i, 10);
    call(caller, 0, 10'000, [&] {
      for (std::uint64_t i = 0; i < kCallees; ++i) timed_callees += call(callee, 1 + i, 10);
    });
  });
  // 1 or 2, by where the callee's count started in the period.
  ASSERT_GE(timed_callees, kCallees / kAdaptivePeriod);
  ASSERT_LE(timed_callees, kCallees / kAdaptivePeriod + 1);
  const FunctionTotals totals = test::totals_for(caller);
  const std::uint64_t untimed = kCallees - timed_callees;
  // Rounded once, to the nearest tick: 1,064 for 198 calls, 1,070 for 199.
  const std::uint64_t removed =
      (untimed * kUntimedFractions + detail::kOverheadFraction / 2) / detail::kOverheadFraction;
  EXPECT_EQ(totals.total_ticks, 10'000 - removed);
  EXPECT_EQ(totals.self_ticks, 10'000 - removed - timed_callees * 10);
  EXPECT_EQ(totals.overhead_ticks, removed);
}

TEST(AdaptiveTiming, TheFirstFunctionToTurnAdaptiveMeasuresItsCallsOverheadOutsideTheCalls) {
  static Site outer("adaptive.lazy_outer", nullptr, __FILE__, __LINE__);
  static Site inner("adaptive.lazy_inner", nullptr, __FILE__, __LINE__);
  constexpr std::uint64_t kOuterTicks = 1'000'000'000'000;
  const GuardOverhead saved_overhead = detail::guard_overhead();
  const std::uint64_t saved_threshold = detail::adaptive_threshold();
  // The timed guard's figures only, as the runtime starts: none for adaptive calls.
  detail::set_guard_overhead(GuardOverhead{});
  detail::set_adaptive_threshold(100);
  bool loaded_before = true;
  bool loaded_after = false;
  std::thread([&] {
    ThreadState& state = detail::t_thread_state;
    call(outer, 0, kOuterTicks, [&] {
      loaded_before = state.adaptive_overhead_loaded;
      // The review after the last of these turns the inner function adaptive.
      for (std::uint64_t i = 0; i < kAdaptiveReviewCalls; ++i) call(inner, 1 + 100 * i, 10);
    });
    loaded_after = state.adaptive_overhead_loaded;
  }).join();
  const GuardOverhead measured = detail::guard_overhead();
  detail::set_guard_overhead(saved_overhead);
  detail::set_adaptive_threshold(saved_threshold);
  EXPECT_FALSE(loaded_before);
  EXPECT_TRUE(loaded_after);
  EXPECT_TRUE(measured.adaptive_measured);
  EXPECT_GT(measured.fenced_own_ticks, 0u);
  // The measurement happened inside the outer call, whose guards cost nothing
  // here: what it removed from the outer call is the measurement's time.
  const FunctionTotals totals = test::totals_for(outer);
  EXPECT_GT(totals.overhead_ticks, 0u);
  EXPECT_EQ(totals.total_ticks, kOuterTicks - totals.overhead_ticks);
  EXPECT_EQ(totals.self_ticks, kOuterTicks - totals.overhead_ticks - kAdaptiveReviewCalls * 10);
}

}  // namespace
}  // namespace hotpath
