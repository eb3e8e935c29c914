// A program that installs its own SIGPROF handler (here with setitimer(ITIMER_PROF),
// as gprof-style profilers do, and GNU sort among its cleanup signals) gets the
// signal to itself, and is sampled all along: the perf events send a real-time
// signal. Its handler also runs when SIGPROF comes from kill(). Both ways of
// installing a handler are covered: sigaction() and signal().
// (Where perf events are refused, the CPU timers need SIGPROF, and sampling stops
// with a warning at the program's handler instead.)
//
// REQUIRES: cpu
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t sigaction 2> %t.err \
// RUN:   | FileCheck %s --check-prefix=PROGRAM
// RUN: count 0 < %t.err
// RUN: %python %S/Inputs/cpu_check.py %t.json timer=perf_event stopped_early=false \
// RUN:   app::before~0.2 app::after~0.2
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.signal.json %t signal 2> %t.signal.err \
// RUN:   | FileCheck %s --check-prefix=PROGRAM
// RUN: count 0 < %t.signal.err
// RUN: %python %S/Inputs/cpu_check.py %t.signal.json timer=perf_event stopped_early=false \
// RUN:   app::before~0.2 app::after~0.2
//
// PROGRAM: its own handler ran: yes
// PROGRAM-NEXT: kill(SIGPROF) reached it: yes

#include <signal.h>
#include <sys/time.h>
#include <unistd.h>
#include <hotpath/hotpath.hpp>

#include <atomic>
#include <cstdio>
#include <cstring>

#include "cpu_burn.hpp"

namespace {

std::atomic<int> g_own_signals{0};

void own_handler(int) { g_own_signals.fetch_add(1); }

}  // namespace

namespace app {

__attribute__((noinline)) void before() {
  HOTPATH_MEASURE();
  burn_cpu(0.2);
}

__attribute__((noinline)) void after() {
  HOTPATH_MEASURE();
  burn_cpu(0.2);
}

}  // namespace app

int main(int argc, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  app::before();
  if (argc > 1 && std::strcmp(argv[1], "signal") == 0) {
    signal(SIGPROF, own_handler);
  } else {
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = own_handler;
    sigaction(SIGPROF, &action, nullptr);
  }
  itimerval every_10ms{{0, 10000}, {0, 10000}};
  setitimer(ITIMER_PROF, &every_10ms, nullptr);
  app::after();
  // On a loaded machine the timer's signals may lag the CPU time: allow up to 2 s more.
  for (double spent = 0; g_own_signals.load() <= 5 && spent < 2.0; spent += 0.01) burn_cpu(0.01);
  itimerval off{};
  setitimer(ITIMER_PROF, &off, nullptr);
  std::printf("its own handler ran: %s\n", g_own_signals.load() > 5 ? "yes" : "no");
  const int before_kill = g_own_signals.load();
  kill(getpid(), SIGPROF);
  std::printf("kill(SIGPROF) reached it: %s\n",
              g_own_signals.load() == before_kill + 1 ? "yes" : "no");
}
