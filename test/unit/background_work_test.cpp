// The runtime's background thread: a periodic task runs on its own, a wake-up runs
// every task at once, and one task can be asked for alone; all on one thread that
// is not the caller's.
#include "own_threads/background_work.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "test_support.hpp"

namespace hotpath::detail {
namespace {

using test::eventually;

std::atomic<int> g_frequent_runs{0};
std::atomic<int> g_rare_runs{0};
std::atomic<std::thread::id> g_runner{};

void frequent_task() noexcept {
  g_runner.store(std::this_thread::get_id());
  g_frequent_runs.fetch_add(1);
}
void rare_task() noexcept { g_rare_runs.fetch_add(1); }
std::atomic<int> g_asked_runs{0};
void asked_task() noexcept { g_asked_runs.fetch_add(1); }

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

TEST(BackgroundWork, ATaskAskedForRunsAloneAndSoon) {
  add_background_task(asked_task, 3'600'000);
  const int rare_before = g_rare_runs.load();
  run_background_task_soon(asked_task);
  EXPECT_TRUE(eventually([] { return g_asked_runs.load() == 1; }));
  run_background_task_soon(asked_task);
  EXPECT_TRUE(eventually([] { return g_asked_runs.load() == 2; }));
  EXPECT_EQ(g_rare_runs.load(), rare_before);
}

}  // namespace
}  // namespace hotpath::detail
