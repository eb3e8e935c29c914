// The threads monitor: the stat line of a task read exactly, a spinning thread
// told from a sleeping one, both marked exited once gone, and a short-lived thread
// that records measured calls seen with its whole CPU time.
#include "live/threads_monitor.hpp"

#include <gtest/gtest.h>
#include <pthread.h>
#include <time.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "hotpath/scope_guard.hpp"
#include "hotpath/site.hpp"

namespace hotpath::detail {
namespace {

TEST(TaskStat, NameStateAndCpuTicksAreRead) {
  const auto stat = parse_task_stat(
      "4242 (my (odd) name) S 1 4242 4242 0 -1 4194368 100 0 0 0 20 30 0 0 20 0 1 0 777 0 0");
  ASSERT_TRUE(stat.has_value());
  EXPECT_EQ(stat->name, "my (odd) name");
  EXPECT_EQ(stat->state, 'S');
  EXPECT_EQ(stat->cpu_ticks, 50u);
  EXPECT_EQ(stat->start_ticks, 777u);
}

TEST(TaskStat, WhatIsNoStatLineIsRefused) {
  EXPECT_FALSE(parse_task_stat(""));
  EXPECT_FALSE(parse_task_stat("4242 (name S 1 2"));
  EXPECT_FALSE(parse_task_stat("4242 (name) S 1 2 3"));  // too few fields
  EXPECT_FALSE(parse_task_stat("4242 (name) S 1 2 3 4 5 6 7 8 9 10 x 30 0 0 0 0 0 0 9 0"));
  EXPECT_FALSE(parse_task_stat("4242 (name) Sleeping 1 2 3 4 5 6 7 8 9 10 20 30 0 0 0 0 0 0 9 0"));
}

TEST(TaskStat, StatesHaveNames) {
  EXPECT_STREQ(thread_status_name('R'), "running");
  EXPECT_STREQ(thread_status_name('S'), "sleeping");
  EXPECT_STREQ(thread_status_name('D'), "disk sleep");
  EXPECT_STREQ(thread_status_name('Z'), "zombie");
  EXPECT_STREQ(thread_status_name('?'), "unknown");
}

const MonitoredThread* find(const std::vector<MonitoredThread>& threads, const char* name) {
  for (const MonitoredThread& thread : threads) {
    if (thread.name == name) return &thread;
  }
  return nullptr;
}

TEST(ThreadsMonitor, ASpinningThreadTakesACoreAndASleepingOneNone) {
  std::uint32_t interval_ms = 0;
  start_threads_monitor();
  std::atomic<bool> stop{false};
  std::thread spinner([&] {
    pthread_setname_np(pthread_self(), "hp-spinner");
    while (!stop.load()) {
    }
  });
  std::thread sleeper([&] {
    pthread_setname_np(pthread_self(), "hp-sleeper");
    while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  sample_threads();  // both seen
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  sample_threads();
  auto running = monitored_threads(interval_ms);
  ASSERT_TRUE(running.has_value());
  EXPECT_EQ(interval_ms, 250u);
  const MonitoredThread* spinning = find(*running, "hp-spinner");
  const MonitoredThread* sleeping = find(*running, "hp-sleeper");
  ASSERT_NE(spinning, nullptr);
  ASSERT_NE(sleeping, nullptr);
  // On a loaded machine the spinner shares its core with whatever else runs (the
  // test suite runs tests side by side on two cores): bounds, not 100%, and the
  // spinner's share against the sleeper's, which the load does not change.
  EXPECT_GT(spinning->cpu_percent_max, 5.0);
  EXPECT_GT(spinning->cpu_percent_avg, 5.0);
  EXPECT_GT(spinning->cpu_ns, 20'000'000u);
  EXPECT_GT(spinning->cpu_ns, 5 * sleeping->cpu_ns);
  EXPECT_LT(sleeping->cpu_percent_avg, 20.0);
  EXPECT_NE(spinning->status, "exited");
  EXPECT_GT(spinning->tid, 0u);

  stop = true;
  spinner.join();
  sleeper.join();
  sample_threads();
  auto after = monitored_threads(interval_ms);
  ASSERT_TRUE(after.has_value());
  ASSERT_NE(find(*after, "hp-spinner"), nullptr);
  EXPECT_EQ(find(*after, "hp-spinner")->status, "exited");
  EXPECT_EQ(find(*after, "hp-sleeper")->status, "exited");
}

TEST(ThreadsMonitor, AThreadThatRecordsHasItsFiguresTakenAsItExits) {
  std::uint32_t interval_ms = 0;
  start_threads_monitor();
  static Site site("monitor.short", nullptr, __FILE__, __LINE__);
  // Started and ended between two samples; it spins for 20 ms of its CPU time.
  std::thread short_lived([] {
    pthread_setname_np(pthread_self(), "hp-short");
    ScopeGuard guard(site);
    timespec start{};
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    do {
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    } while ((now.tv_sec - start.tv_sec) * 1'000'000'000L + (now.tv_nsec - start.tv_nsec) <
             20'000'000L);
  });
  short_lived.join();
  auto threads = monitored_threads(interval_ms);
  ASSERT_TRUE(threads.has_value());
  const MonitoredThread* seen = find(*threads, "hp-short");
  ASSERT_NE(seen, nullptr);
  EXPECT_EQ(seen->status, "exited");
  EXPECT_GE(seen->cpu_ns, 20'000'000u);
  EXPECT_GT(seen->cpu_percent_avg, 0.0);
  // A sample after its exit changes nothing.
  sample_threads();
  threads = monitored_threads(interval_ms);
  ASSERT_TRUE(threads.has_value());
  seen = find(*threads, "hp-short");
  ASSERT_NE(seen, nullptr);
  EXPECT_EQ(seen->status, "exited");
  EXPECT_GE(seen->cpu_ns, 20'000'000u);
}

TEST(ThreadsMonitor, TheCpuOfThreadsNeverSeenIsWhatTheProcessUsedBesides) {
  std::vector<MonitoredThread> threads(2);
  threads[0].cpu_ns = 30;
  threads[1].cpu_ns = 12;
  EXPECT_EQ(unseen_threads_cpu_ns(threads, 100), 58u);
  EXPECT_EQ(unseen_threads_cpu_ns(threads, 42), 0u);
  EXPECT_EQ(unseen_threads_cpu_ns(threads, 40), 0u);  // never below 0
  EXPECT_EQ(unseen_threads_cpu_ns({}, 7), 7u);
}

}  // namespace
}  // namespace hotpath::detail
