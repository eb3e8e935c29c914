// A program that waits in known ways, for the wait tests: each measured function
// blocks a known number of times for one cause (a contended std::mutex, a
// condition variable, a pipe read, a sleep, a join), and times every blocking call
// itself with steady_clock. It prints those independent figures as JSON on stdout;
// the report goes where HOTPATH_OUTPUT_PATH says.
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "cpu_burn.hpp"
#include "hotpath/hotpath.hpp"

namespace {

using Clock = std::chrono::steady_clock;

/// What the program measured itself, per function.
struct Expected {
  int count = 0;
  std::int64_t ns = 0;
  std::int64_t bytes = 0;

  template <typename Call>
  void time(Call call) {
    const auto start = Clock::now();
    call();
    ns += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
    ++count;
  }
};

Expected g_lock, g_condition, g_pipe, g_switched_pipe, g_ioctl_pipe, g_sleep, g_join;

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

}  // namespace

namespace app {

// A holder thread takes the mutex, says so, and keeps it 20 ms: each lock() here
// waits for it.
void wait_for_lock(int times) {
  HOTPATH_MEASURE();
  std::mutex mutex;
  for (int i = 0; i < times; ++i) {
    std::atomic<bool> held{false};
    std::thread holder([&] {
      mutex.lock();
      held = true;
      sleep_ms(20);
      mutex.unlock();
    });
    while (!held) std::this_thread::yield();
    g_lock.time([&] { mutex.lock(); });
    mutex.unlock();
    holder.join();
  }
}

// A notifier sets the flag after 15 ms: each wait here waits for it.
void wait_for_condition(int times) {
  HOTPATH_MEASURE();
  for (int i = 0; i < times; ++i) {
    std::mutex mutex;
    std::condition_variable ready;
    bool set = false;
    std::thread notifier([&] {
      sleep_ms(15);
      {
        std::lock_guard<std::mutex> lock(mutex);
        set = true;
      }
      ready.notify_one();
    });
    {
      std::unique_lock<std::mutex> lock(mutex);
      g_condition.time([&] { ready.wait(lock, [&] { return set; }); });
    }
    notifier.join();
  }
}

// A writer writes 100 bytes after 10 ms, `times` times: each read here waits for them.
void read_pipe(int times) {
  HOTPATH_MEASURE();
  int fds[2];
  if (pipe(fds) != 0) return;
  std::thread writer([&] {
    char block[100] = {};
    for (int i = 0; i < times; ++i) {
      sleep_ms(10);
      if (write(fds[1], block, sizeof block) != sizeof block) return;
    }
  });
  char buffer[100];
  for (int i = 0; i < times; ++i) {
    ssize_t got = 0;
    g_pipe.time([&] { got = read(fds[0], buffer, sizeof buffer); });
    g_pipe.bytes += got;
  }
  writer.join();
  close(fds[0]);
  close(fds[1]);
}

// A pipe in non-blocking mode, used once that way, then switched to blocking mode
// with fcntl: the read after waits 10 ms for a writer, and must count.
void read_switched_pipe() {
  HOTPATH_MEASURE();
  int fds[2];
  if (pipe2(fds, O_NONBLOCK) != 0) return;
  char byte;
  if (read(fds[0], &byte, 1) != -1) std::abort();  // EAGAIN: not a wait
  if (fcntl(fds[0], F_SETFL, 0) != 0) std::abort();
  std::thread writer([&] {
    sleep_ms(10);
    if (write(fds[1], "x", 1) != 1) std::abort();
  });
  ssize_t got = 0;
  g_switched_pipe.time([&] { got = read(fds[0], &byte, 1); });
  g_switched_pipe.bytes += got;
  writer.join();
  close(fds[0]);
  close(fds[1]);
}

// The same, switched to blocking mode with ioctl(FIONBIO).
void read_ioctl_switched_pipe() {
  HOTPATH_MEASURE();
  int fds[2];
  if (pipe2(fds, O_NONBLOCK) != 0) return;
  char byte;
  if (read(fds[0], &byte, 1) != -1) std::abort();  // EAGAIN: not a wait
  int non_blocking = 0;
  if (ioctl(fds[0], FIONBIO, &non_blocking) != 0) std::abort();
  std::thread writer([&] {
    sleep_ms(10);
    if (write(fds[1], "x", 1) != 1) std::abort();
  });
  ssize_t got = 0;
  g_ioctl_pipe.time([&] { got = read(fds[0], &byte, 1); });
  g_ioctl_pipe.bytes += got;
  writer.join();
  close(fds[0]);
  close(fds[1]);
}

void nap(int times) {
  HOTPATH_MEASURE();
  for (int i = 0; i < times; ++i) g_sleep.time([] { sleep_ms(10); });
}

// Starts a thread that sleeps 25 ms, and joins it.
void join_worker() {
  HOTPATH_MEASURE();
  std::thread worker([] { sleep_ms(25); });
  g_join.time([&] { worker.join(); });
}

// Reads that never wait: /dev/zero has data at once, an empty pipe in
// non-blocking mode answers EAGAIN at once. None is a wait (but for a preemption
// in the middle of one, which the machine may cause).
void read_ready(int times) {
  HOTPATH_MEASURE();
  const int zero = open("/dev/zero", O_RDONLY);
  int fds[2];
  if (zero < 0 || pipe2(fds, O_NONBLOCK) != 0) return;
  char buffer[64];
  for (int i = 0; i < times; ++i) {
    if (read(zero, buffer, sizeof buffer) != sizeof buffer) std::abort();
    if (read(fds[0], buffer, 1) != -1) std::abort();
  }
  close(zero);
  close(fds[0]);
  close(fds[1]);
}

// Computes only: no wait.
std::uint64_t compute() {
  HOTPATH_MEASURE();
  return burn_cpu(0.02);
}

// Waits only through its callees: inclusive figures, no self ones.
void outer() {
  HOTPATH_MEASURE();
  wait_for_lock(5);
  wait_for_condition(4);
  read_pipe(3);
  read_switched_pipe();
  read_ioctl_switched_pipe();
  nap(3);
  join_worker();
  read_ready(1000);
}

}  // namespace app

namespace {

void print(const char* name, const Expected& expected, bool last = false) {
  std::printf("  \"%s\": {\"count\": %d, \"ns\": %lld, \"bytes\": %lld}%s\n", name, expected.count,
              static_cast<long long>(expected.ns), static_cast<long long>(expected.bytes),
              last ? "" : ",");
}

}  // namespace

int main() {
  HOTPATH_MEASURE();
  app::outer();
  if (app::compute() == 42) std::puts("unlikely");
  std::printf("{\n");
  print("app::wait_for_lock", g_lock);
  print("app::wait_for_condition", g_condition);
  print("app::read_pipe", g_pipe);
  print("app::read_switched_pipe", g_switched_pipe);
  print("app::read_ioctl_switched_pipe", g_ioctl_pipe);
  print("app::nap", g_sleep);
  print("app::join_worker", g_join, true);
  std::printf("}\n");
  std::fflush(stdout);
  return 0;
}
