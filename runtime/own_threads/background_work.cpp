// The runtime's background thread (see the header): it sleeps in poll() on an
// eventfd until the next task is due or something wakes it.
#include "own_threads/background_work.hpp"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {
namespace {

using Clock = std::chrono::steady_clock;

struct ScheduledTask {
  BackgroundTask run;
  std::chrono::milliseconds period;
  Clock::time_point due;
};

// Trivially initialized (before any library constructor runs) except the tasks,
// which are built on first use: the constructors of HOTPATH_DUMP_SIGNAL and
// HOTPATH_LIVE add tasks before this file's own initializers may have run.
std::mutex g_mutex;
std::thread* g_thread = nullptr;  // left allocated in a forked child
bool g_stopping = false;
int g_wake_fd = -1;
/// Set by wake_background_work(): every task is due, whatever its schedule.
std::atomic<bool> g_all_due{false};

/// The tasks, guarded by g_mutex; never destroyed (the thread may run during exit).
std::vector<ScheduledTask>& tasks() {
  static auto* const scheduled = new std::vector<ScheduledTask>;
  return *scheduled;
}

/// Milliseconds until the next task is due; -1 when there is none.
int milliseconds_to_next_due() {
  std::lock_guard<std::mutex> lock(g_mutex);
  const Clock::time_point now = Clock::now();
  int wait = -1;
  for (const ScheduledTask& task : tasks()) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(task.due - now).count();
    const int left_ms = left < 0 ? 0 : static_cast<int>(left);
    if (wait < 0 || left_ms < wait) wait = left_ms;
  }
  return wait;
}

/// Drains the wake-ups.
void take_wake_ups() {
  std::uint64_t count = 0;
  [[maybe_unused]] const ssize_t drained = ::read(g_wake_fd, &count, sizeof count);
}

/// Runs the tasks that are due, or all of them after wake_background_work().
void run_due_tasks() noexcept {
  take_wake_ups();
  const bool all_due = g_all_due.exchange(false);
  std::vector<BackgroundTask> due;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    const Clock::time_point now = Clock::now();
    for (ScheduledTask& task : tasks()) {
      if (!all_due && task.due > now) continue;
      due.push_back(task.run);
      task.due = now + task.period;
    }
  }
  for (BackgroundTask task : due) task();
}

void work_loop() {
  pthread_setname_np(pthread_self(), "hotpath-worker");
  // The program's signals (HOTPATH_DUMP_SIGNAL's too) are for its own threads.
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, nullptr);
  RuntimeScope runtime;
  while (true) {
    pollfd wake{g_wake_fd, POLLIN, 0};
    ::poll(&wake, 1, milliseconds_to_next_due());
    {
      std::lock_guard<std::mutex> lock(g_mutex);
      if (g_stopping) return;
    }
    run_due_tasks();
  }
}

/// Wakes the eventfd of the thread.
void write_wake_up() noexcept {
  const int saved_errno = errno;
  if (g_wake_fd >= 0) {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = ::write(g_wake_fd, &one, sizeof one);
  }
  errno = saved_errno;
}

/// Ends the thread and waits for it (at exit).
void stop_at_exit() {
  std::thread* thread = nullptr;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_stopping = true;
    thread = g_thread;
    g_thread = nullptr;
  }
  write_wake_up();
  if (thread != nullptr && thread->joinable()) thread->join();
  delete thread;
}

void lock_for_fork() { g_mutex.lock(); }
void unlock_after_fork() { g_mutex.unlock(); }
/// A forked child has no background thread: its work stops there.
void forget_thread_in_child() {
  g_thread = nullptr;
  g_stopping = true;
  g_mutex.unlock();
}

/// Starts the thread; g_mutex held.
void start_thread_locked() {
  if (g_thread != nullptr || g_stopping) return;
  if (g_wake_fd < 0) {
    g_wake_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (g_wake_fd < 0) {
      std::fprintf(stderr, "hotpath: no background thread: eventfd failed\n");
      return;
    }
  }
  static const bool registered = [] {
    pthread_atfork(lock_for_fork, unlock_after_fork, forget_thread_in_child);
    return std::atexit(stop_at_exit) == 0;
  }();
  (void)registered;
  g_thread = new std::thread(work_loop);
}

}  // namespace

void add_background_task(BackgroundTask task, std::uint32_t period_ms) {
  std::lock_guard<std::mutex> lock(g_mutex);
  const std::chrono::milliseconds period(std::max<std::uint32_t>(period_ms, 1));
  tasks().push_back({task, period, Clock::now() + period});
  start_thread_locked();
}

void wake_background_work() noexcept {
  g_all_due.store(true);
  write_wake_up();
}

void run_background_task_soon(BackgroundTask task) noexcept {
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    for (ScheduledTask& scheduled : tasks())
      if (scheduled.run == task) scheduled.due = Clock::now();
  }
  write_wake_up();
}

}  // namespace hotpath::detail
