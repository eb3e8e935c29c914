// The runtime's background thread: a periodic task runs on its own, and a wake-up
// runs every task at once; all on one thread that is not the caller's.
#include "background_work.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace hotpath::detail {
namespace {

std::atomic<int> g_frequent_runs{0};
std::atomic<int> g_rare_runs{0};
std::atomic<std::thread::id> g_runner{};

void frequent_task() noexcept {
  g_runner.store(std::this_thread::get_id());
  g_frequent_runs.fetch_add(1);
}
void rare_task() noexcept { g_rare_runs.fetch_add(1); }

/// Waits up to 5 s for `condition`.
template <typename Condition>
bool eventually(Condition condition) {
  for (int i = 0; i < 500; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return condition();
}

TEST(BackgroundWork, PeriodicTasksRunOnTheirOwnAndAWakeUpRunsEveryTask) {
  add_background_task(frequent_task, 10);
  add_background_task(rare_task, 3'600'000);  // an hour: only wake-ups run it
  EXPECT_TRUE(eventually([] { return g_frequent_runs.load() >= 3; }));
  EXPECT_NE(g_runner.load(), std::this_thread::get_id());
  EXPECT_EQ(g_rare_runs.load(), 0);
  wake_background_work();
  EXPECT_TRUE(eventually([] { return g_rare_runs.load() == 1; }));
  wake_background_work();
  EXPECT_TRUE(eventually([] { return g_rare_runs.load() == 2; }));
}

}  // namespace
}  // namespace hotpath::detail
