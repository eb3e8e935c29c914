// Calls of 1 us to 60 s for bench/live_load/prometheus_scrape.sh (`workload SECONDS
// --spread`): seven measured functions, spread::wait_1us to spread::wait_60s, each
// called on a few threads for about a minute. Nine calls in ten take the
// function's duration and the tenth three times as long (1.1 times for the minute,
// which would otherwise last three), so that a function's p95 lies inside its
// slow calls, not on a histogram bucket's bound by construction. Each function's
// total time is at least half a second, which keeps it among the 50 functions of
// most total time that /metrics has by default, above the 10,000 load functions.
#pragma once

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <functional>
#include <thread>
#include <vector>

namespace spread {

/// Spends `duration`, spinning below a millisecond (a sleep that short lasts what
/// the timer slack makes of it) and sleeping above.
inline void spend(std::chrono::nanoseconds duration) {
  if (duration >= std::chrono::milliseconds(1)) {
    std::this_thread::sleep_for(duration);
    return;
  }
  const auto end = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < end) {
  }
}

HOTPATH_NOINLINE inline void wait_1us(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::microseconds(slow ? 3 : 1));
}

HOTPATH_NOINLINE inline void wait_30us(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::microseconds(slow ? 90 : 30));
}

HOTPATH_NOINLINE inline void wait_1ms(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::milliseconds(slow ? 3 : 1));
}

HOTPATH_NOINLINE inline void wait_20ms(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::milliseconds(slow ? 60 : 20));
}

HOTPATH_NOINLINE inline void wait_300ms(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::milliseconds(slow ? 900 : 300));
}

HOTPATH_NOINLINE inline void wait_2s(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::seconds(slow ? 6 : 2));
}

HOTPATH_NOINLINE inline void wait_60s(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::seconds(slow ? 66 : 60));
}

/// How one function is called: `calls_per_thread` calls on each of `threads`
/// threads, with a pause of `pause` after every `calls_between_pauses` calls (0:
/// none), so that the short functions' calls spread over the minute instead of
/// taking a core.
struct CallPlan {
  void (*function)(bool slow);
  int threads;
  int calls_per_thread;
  int calls_between_pauses;
  std::chrono::milliseconds pause;
};

// Each plan lasts about 50 to 66 s on an idle machine.
inline constexpr CallPlan kPlans[] = {
    {wait_1us, 2, 250'000, 500, std::chrono::milliseconds(100)},
    {wait_30us, 2, 20'000, 40, std::chrono::milliseconds(100)},
    {wait_1ms, 2, 20'000, 40, std::chrono::milliseconds(60)},
    {wait_20ms, 2, 2'000, 0, {}},
    {wait_300ms, 3, 150, 0, {}},
    {wait_2s, 5, 20, 0, {}},
    {wait_60s, 10, 1, 0, {}},
};

/// The calls of thread `thread` of `plan`: call i of the function (numbered over
/// all its threads) is a slow one when i % 10 == 9.
inline void call(const CallPlan& plan, int thread) {
  for (int j = 0; j < plan.calls_per_thread; ++j) {
    const int i = thread * plan.calls_per_thread + j;
    plan.function(i % 10 == 9);
    if (plan.calls_between_pauses > 0 && (j + 1) % plan.calls_between_pauses == 0)
      std::this_thread::sleep_for(plan.pause);
  }
}

/// Makes every call of every plan, on threads of its own, and returns their
/// number once all have returned.
inline long make_calls() {
  std::vector<std::thread> threads;
  long calls = 0;
  for (const CallPlan& plan : kPlans) {
    calls += static_cast<long>(plan.threads) * plan.calls_per_thread;
    for (int t = 0; t < plan.threads; ++t) threads.emplace_back(call, std::cref(plan), t);
  }
  for (std::thread& thread : threads) thread.join();
  return calls;
}

}  // namespace spread
