// HOTPATH_DUMP_SIGNAL: on that signal the report so far is written where the
// report at the end goes, from the background thread, and the program runs on,
// with the live server on as well. A bad value warns; a signal the
// program ignores or handles itself is not taken over, and a handler installed
// later is noticed.
//
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: rm -f %t.json %t.json.dump
// RUN: env HOTPATH_DUMP_SIGNAL=SIGUSR1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json \
// RUN:   %t %t.json 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %python %S/Inputs/dump_rows.py %t.json.dump %t.json | FileCheck %s
// QUIET-NOT: hotpath
// CHECK: dump: app::work 3
// CHECK-NEXT: dump: no row of main
// CHECK-NEXT: end: app::work 5
// CHECK-NEXT: end: main 1
//
// The same with the live server on (a port of its own), whose reports the
// background thread also takes.
// RUN: rm -f %t.json %t.json.dump
// RUN: env HOTPATH_DUMP_SIGNAL=usr1 HOTPATH_LIVE=1 HOTPATH_METRICS_PORT=0 \
// RUN:   HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t %t.json
// RUN: %python %S/Inputs/dump_rows.py %t.json.dump %t.json | FileCheck %s
//
// RUN: env HOTPATH_DUMP_SIGNAL=SIGTERM HOTPATH_OUTPUT_FORMAT=none %t %t.none quiet 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: hotpath: ignoring HOTPATH_DUMP_SIGNAL="SIGTERM": expected SIGUSR1, SIGUSR2, SIGHUP or SIGQUIT (or USR1, 10...)
//
// RUN: env HOTPATH_DUMP_SIGNAL=SIGUSR2 HOTPATH_OUTPUT_FORMAT=none %python -c \
// RUN:   "import os, signal, sys; signal.signal(signal.SIGUSR2, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])" \
// RUN:   %t %t.none quiet 2>&1 | FileCheck %s --check-prefix=IGNORED
// IGNORED: hotpath: ignoring HOTPATH_DUMP_SIGNAL: the program already handles SIGUSR2
//
// RUN: env HOTPATH_DUMP_SIGNAL=SIGUSR1 HOTPATH_OUTPUT_FORMAT=none %t %t.none own 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TAKEN
// TAKEN: hotpath: the program installed its own handler of SIGUSR1: HOTPATH_DUMP_SIGNAL writes no report from now on

#include <signal.h>
#include <unistd.h>
#include <hotpath/hotpath.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

namespace app {

HOTPATH_NOINLINE void work() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::microseconds(50));
}

}  // namespace app

void own_handler(int) {}

// argv[1]: where the report goes; the dump found there is moved to argv[1].dump.
// argv[2] "own": the program installs its own handler of SIGUSR1 instead; "quiet":
// no signal.
int main(int argc, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  for (int i = 0; i < 3; ++i) app::work();
  if (argc > 2 && std::strcmp(argv[2], "own") == 0) {
    signal(SIGUSR1, own_handler);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return 0;
  }
  if (argc > 2 && std::strcmp(argv[2], "quiet") == 0) return 0;
  kill(getpid(), SIGUSR1);
  const std::string dump = std::string(argv[1]) + ".dump";
  for (int i = 0; i < 400 && std::rename(argv[1], dump.c_str()) != 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  for (int i = 0; i < 2; ++i) app::work();
}
