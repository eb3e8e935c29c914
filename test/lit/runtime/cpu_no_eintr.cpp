// Sampling never makes the program's system calls fail with EINTR: the handler is
// installed with SA_RESTART, and the task-clock timers fire only while a thread
// runs its own code. Two threads interleave CPU work with blocking calls (pipe
// reads and writes, poll, nanosleep, select) thousands of times; every call must
// succeed or time out, never fail with EINTR.
//
// REQUIRES: cpu
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t | FileCheck %s
// RUN: %python %S/Inputs/cpu_check.py %t.json "app::io_loop>=100"
// CHECK: EINTR failures: 0
// CHECK-NEXT: calls: 24000

#include <poll.h>
#include <sys/select.h>
#include <unistd.h>
#include <hotpath/hotpath.hpp>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <thread>

#include "cpu_burn.hpp"

namespace {

std::atomic<int> g_eintr{0};
std::atomic<int> g_calls{0};

void check(long result) {
  g_calls.fetch_add(1);
  if (result < 0 && errno == EINTR) g_eintr.fetch_add(1);
}

}  // namespace

namespace app {

__attribute__((noinline)) void io_loop() {
  HOTPATH_MEASURE();
  int fds[2];
  if (pipe(fds) != 0) return;
  char byte = 'x';
  for (int i = 0; i < 2000; ++i) {
    burn_cpu(0.0002);
    check(write(fds[1], &byte, 1));
    pollfd ready{fds[0], POLLIN, 0};
    check(poll(&ready, 1, 100));
    check(read(fds[0], &byte, 1));
    timespec pause{0, 1000};
    check(nanosleep(&pause, nullptr));
    fd_set set;
    FD_ZERO(&set);
    FD_SET(fds[0], &set);
    timeval none{0, 0};
    check(select(fds[0] + 1, &set, nullptr, nullptr, &none));
    check(usleep(1));
  }
  close(fds[0]);
  close(fds[1]);
}

}  // namespace app

int main() {
  auto session = hotpath::GuardBuilder("main").format(hotpath::Format::None).build();
  std::thread other(app::io_loop);
  app::io_loop();
  other.join();
  std::printf("EINTR failures: %d\ncalls: %d\n", g_eintr.load(), g_calls.load());
}
