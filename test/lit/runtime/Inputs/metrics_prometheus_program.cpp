// The program a real Prometheus scrapes in metrics_prometheus.cpp: six measured
// functions whose calls last about 1 us, 30 us, 1 ms, 20 ms, 300 ms and 2 s, each
// called on a few threads for about 12 s once the checker says so. Nine calls in
// ten take the function's duration and the tenth three times as long, so that a
// function's p95 lies inside its slow calls, not on a bucket bound by
// construction. The counts are fixed: 28,910 calls in all.
#include <hotpath/hotpath.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

/// Spends `duration`, spinning below a millisecond (a sleep that short lasts what
/// the timer slack makes of it) and sleeping above.
void spend(std::chrono::nanoseconds duration) {
  if (duration >= std::chrono::milliseconds(1)) {
    std::this_thread::sleep_for(duration);
    return;
  }
  const Clock::time_point end = Clock::now() + duration;
  while (Clock::now() < end) {
  }
}

/// A call of 3 times `base` when `slow`, of `base` otherwise.
void spend(std::chrono::nanoseconds base, bool slow) { spend(slow ? 3 * base : base); }

}  // namespace

namespace app {

HOTPATH_NOINLINE void wait_1us(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::microseconds(1), slow);
}

HOTPATH_NOINLINE void wait_30us(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::microseconds(30), slow);
}

HOTPATH_NOINLINE void wait_1ms(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::milliseconds(1), slow);
}

HOTPATH_NOINLINE void wait_20ms(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::milliseconds(20), slow);
}

HOTPATH_NOINLINE void wait_300ms(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::milliseconds(300), slow);
}

HOTPATH_NOINLINE void wait_2s(bool slow) {
  HOTPATH_MEASURE();
  spend(std::chrono::seconds(2), slow);
}

}  // namespace app

namespace {

/// How one function is called: `calls_per_thread` calls on each of `threads`
/// threads, with a pause of `pause` after every `calls_between_pauses` calls so that
/// the short functions' calls spread over the run instead of using a core.
struct CallPlan {
  void (*function)(bool slow);
  int threads;
  int calls_per_thread;
  int calls_between_pauses;  ///< 0: no pause
  std::chrono::milliseconds pause;
};

// Each plan lasts 10 to 12 s.
constexpr CallPlan kPlans[] = {
    {app::wait_1us, 2, 10'000, 100, std::chrono::milliseconds(110)},
    {app::wait_30us, 2, 2'000, 20, std::chrono::milliseconds(110)},
    {app::wait_1ms, 2, 2'000, 20, std::chrono::milliseconds(80)},
    {app::wait_20ms, 2, 400, 0, {}},
    {app::wait_300ms, 3, 30, 0, {}},
    {app::wait_2s, 5, 4, 0, {}},
};

/// The calls of thread `thread` of `plan`: call i of the function (numbered over
/// all its threads) is a slow one when i % 10 == 9.
void call(const CallPlan& plan, int thread) {
  for (int j = 0; j < plan.calls_per_thread; ++j) {
    const int i = thread * plan.calls_per_thread + j;
    plan.function(i % 10 == 9);
    if (plan.calls_between_pauses > 0 && (j + 1) % plan.calls_between_pauses == 0)
      std::this_thread::sleep_for(plan.pause);
  }
}

/// Returns once `path` exists, or after a minute.
void wait_for_file(const char* path) {
  for (int i = 0; i < 600 && !std::ifstream(path).good(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

}  // namespace

// argv[1]: the file whose existence starts the calls (waited for a minute at
// most); argv[2]: the file written with the number of calls once every call has
// returned; argv[3]: the file whose existence then ends the program (a minute at
// most too, so that a checker that died leaves no program behind).
int main(int argc, char** argv) {
  if (argc != 4) return 2;
  auto session = hotpath::GuardBuilder("main").build();
  wait_for_file(argv[1]);
  std::vector<std::thread> threads;
  long calls = 0;
  for (const CallPlan& plan : kPlans) {
    calls += static_cast<long>(plan.threads) * plan.calls_per_thread;
    for (int t = 0; t < plan.threads; ++t) threads.emplace_back(call, std::cref(plan), t);
  }
  for (std::thread& thread : threads) thread.join();
  // Written whole under another name first: the checker never reads half a number.
  const std::string written = std::string(argv[2]) + ".part";
  std::ofstream(written) << calls << "\n";
  std::rename(written.c_str(), argv[2]);
  wait_for_file(argv[3]);
}
