// A program whose locks are contended in known ways, for the locks table: each
// waiter blocks a known number of times while a known measured function holds the
// lock, and times every blocking lock() itself with steady_clock. It prints those
// figures as JSON on stdout, with the source line of each waiting lock() call
// (the lines that pass __LINE__ to Expected::time); the report goes where
// HOTPATH_OUTPUT_PATH says.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <shared_mutex>
#include <thread>

#include "hotpath/hotpath.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using Guard = std::lock_guard<std::mutex>;
using SharedGuard = std::shared_lock<std::shared_mutex>;

struct Expected {
  int count = 0;
  std::int64_t ns = 0;
  int line = 0;  ///< where the lock was first waited for

  template <typename Call>
  void time(int at, Call call) {
    const auto start = Clock::now();
    call();
    ns += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
    if (count++ == 0) line = at;
  }
};

Expected g_jobs, g_state, g_reads, g_local;

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

/// Runs `hold` on a thread of its own, which takes `lock` and keeps it; returns
/// once the lock is held.
template <typename Lock, typename Hold>
std::thread holding(Lock& lock, Hold hold) {
  std::atomic<bool> held{false};
  std::thread holder([&lock, &held, hold] { hold(lock, held); });
  while (!held) std::this_thread::yield();
  return holder;
}

}  // namespace

namespace app {

std::mutex g_state_mutex;
std::shared_mutex g_table;

/// Holds a lock 20 ms.
void hold_long(std::mutex& lock, std::atomic<bool>& held) {
  HOTPATH_MEASURE();
  lock.lock();
  held = true;
  sleep_ms(20);
  lock.unlock();
}

/// Holds a lock 10 ms.
void hold_short(std::mutex& lock, std::atomic<bool>& held) {
  HOTPATH_MEASURE();
  std::lock_guard<std::mutex> guard(lock);
  held = true;
  sleep_ms(10);
}

/// Writes the table for 10 ms.
void update_table(std::shared_mutex& table, std::atomic<bool>& held) {
  HOTPATH_MEASURE();
  std::unique_lock<std::shared_mutex> guard(table);
  held = true;
  sleep_ms(10);
}

// A mutex named "jobs": 3 waits while hold_long has it, 2 while hold_short has it.
void take_jobs() {
  HOTPATH_MEASURE();
  auto* jobs = new std::mutex;
  hotpath::name_lock(jobs, "jobs");
  for (int i = 0; i < 5; ++i) {
    std::thread holder = holding(*jobs, i < 3 ? hold_long : hold_short);
    g_jobs.time(__LINE__, [&] { jobs->lock(); });
    jobs->unlock();
    holder.join();
  }
  delete jobs;
}

// A mutex with static storage, named after its variable: 2 waits.
void take_state() {
  HOTPATH_MEASURE();
  for (int i = 0; i < 2; ++i) {
    std::thread holder = holding(g_state_mutex, hold_long);
    g_state.time(__LINE__, [&] { Guard guard(g_state_mutex); });
    holder.join();
  }
}

// A read-write lock: 2 shared locks wait for the writer.
void read_table() {
  HOTPATH_MEASURE();
  for (int i = 0; i < 2; ++i) {
    std::thread writer = holding(g_table, update_table);
    g_reads.time(__LINE__, [&] { SharedGuard guard(g_table); });
    writer.join();
  }
}

// A mutex on the stack, with no name: "mutex #N". 1 wait.
void take_local() {
  HOTPATH_MEASURE();
  std::mutex local;
  std::thread holder = holding(local, hold_short);
  g_local.time(__LINE__, [&] { local.lock(); });
  local.unlock();
  holder.join();
}

// Taken often, never while held: not in the table.
int take_free(int times) {
  HOTPATH_MEASURE();
  std::mutex free;
  int sum = 0;
  for (int i = 0; i < times; ++i) {
    std::lock_guard<std::mutex> guard(free);
    sum += i;
  }
  return sum;
}

}  // namespace app

namespace {

void print(const char* name, const Expected& expected, bool last = false) {
  std::printf("  \"%s\": {\"count\": %d, \"ns\": %lld, \"line\": %d}%s\n", name, expected.count,
              static_cast<long long>(expected.ns), expected.line, last ? "" : ",");
}

}  // namespace

int main() {
  HOTPATH_MEASURE();
  app::take_jobs();
  app::take_state();
  app::read_table();
  app::take_local();
  if (app::take_free(1000) == 42) std::puts("unlikely");
  std::printf("{\n");
  print("jobs", g_jobs);
  print("app::g_state_mutex", g_state);
  print("app::g_table", g_reads);
  print("mutex", g_local, true);
  std::printf("}\n");
  std::fflush(stdout);
  return 0;
}
