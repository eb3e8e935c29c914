// A program killed by SIGINT, SIGTERM or SIGHUP, or ended by an uncaught exception,
// still reports: the signal's default action happens after the report (the exit
// status says "killed by"), std::terminate aborts after it. A program with its own
// handler keeps it.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t raise-int > %t.out 2> %t.err; echo "status $?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,INT < %t.out
// RUN: env HOTPATH_OUTPUT_FORMAT=json timeout -k 10 60 %t killed 15 > %t.out 2> %t.err; echo "status $?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,TERM < %t.out
// RUN: env HOTPATH_OUTPUT_FORMAT=json timeout -k 10 60 %t killed 1 > %t.out 2> %t.err; echo "status $?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,HUP < %t.out
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t throw > %t.out 2> %t.err; echo "status $?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,ABORT < %t.out
// RUN: FileCheck %s --check-prefix=WHAT < %t.err
// RUN: env HOTPATH_OUTPUT_FORMAT=json timeout -k 10 60 %t own-handler 15 > %t.out; echo "status $?" >> %t.out
// RUN: FileCheck %s --check-prefix=OWN < %t.out
// A forked child killed by a signal ends at once, and its parent goes on and reports.
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t child-term > %t.out; echo "status $?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHILD,CHECK < %t.out
// A child forked before anything was measured starts no watcher thread at its first
// call (no thread may be started there).
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t fork-first > %t.out; echo "status $?" >> %t.out
// RUN: FileCheck %s --check-prefixes=FIRST,CHECK < %t.out
//
// FIRST: threads in the child: 1
// CHILD: child killed by signal 15
// CHECK: {"schema_version":1,"functions_timing":{"caller_name":"main",
// CHECK-SAME: {"name":"app::work","signature":"app::work(int)","calls":3,
// INT-NEXT:   status 130
// TERM-NEXT:  status 143
// HUP-NEXT:   status 129
// ABORT-NEXT: status 134
// WHAT: terminate called after throwing an instance of 'std::runtime_error'
// CHILD-NEXT: status 0
// FIRST-NEXT: status 0
// OWN-NOT:    schema_version
// OWN:        own handler: 15
// OWN-NEXT:   status 3

#include <hotpath/hotpath.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <stdexcept>

namespace app {

int work(int value) {
  HOTPATH_MEASURE();
  if (value < 0) throw std::runtime_error("no negative values");
  return value + 1;
}

}  // namespace app

// Only async-signal-safe calls: the signal may come while the main thread holds
// a lock of malloc (glibc's fork() takes them all).
extern "C" void own_handler(int signal_number) {
  char text[] = "own handler: 00\n";
  text[13] = static_cast<char>('0' + signal_number / 10);
  text[14] = static_cast<char>('0' + signal_number % 10);
  if (write(STDOUT_FILENO, text, sizeof text - 1) < 0) _exit(4);
  _exit(3);
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  // A shell running this in the background may have set SIGINT to be ignored,
  // which the runtime would respect: the test wants the default.
  signal(SIGINT, SIG_DFL);
  if (std::strcmp(mode, "own-handler") == 0) signal(SIGTERM, own_handler);
  if (std::strcmp(mode, "fork-first") == 0) {
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
      app::work(7);
      const auto threads = std::distance(std::filesystem::directory_iterator("/proc/self/task"),
                                         std::filesystem::directory_iterator());
      std::printf("threads in the child: %d\n", static_cast<int>(threads));
      std::fflush(stdout);
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
  }
  auto session = hotpath::GuardBuilder("main").build();
  for (int i = 0; i < 3; ++i) app::work(i);
  if (std::strcmp(mode, "raise-int") == 0) raise(SIGINT);
  if (std::strcmp(mode, "fork-first") == 0) return 0;
  if (std::strcmp(mode, "child-term") == 0) {
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
      app::work(7);
      raise(SIGTERM);
      for (;;) pause();
    }
    int status = 0;
    waitpid(child, &status, 0);
    std::printf("child killed by signal %d\n", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return 0;
  }
  if (std::strcmp(mode, "throw") == 0) {
    // Not counted: the call never ends, the program does.
    std::fflush(stdout);
    app::work(-1);
  }
  // Killed from outside while waiting: by another process, once the program is
  // ready (a signal sent on a timer could come before the handlers exist).
  if (argc > 2) {
    std::fflush(stdout);
    const pid_t waiting = getpid();
    if (fork() == 0) {
      kill(waiting, std::atoi(argv[2]));
      _exit(0);
    }
  }
  for (;;) pause();
}
