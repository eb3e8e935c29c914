// The signal of the perf events: the highest real-time signal nobody handles, ignores
// or blocks when sampling starts (SIGRTMAX here); the next one down when the program
// inherits SIGRTMAX ignored; HOTPATH_CPU_SIGNAL when it names a free one, and the
// automatic choice, with one warning, when it is not a signal the sampler can use.
// A program that takes the sampler's signal over later gets it (its handler runs on
// kill()), and sampling moves to the next free real-time signal, with one note, and
// goes on: the function measured after the takeover has its samples. A forked child,
// which samples itself, keeps the signal (and says nothing). Real-time signals queue:
// a thread that blocks every signal while it burns CPU has at most 16 of the
// sampler's pending, not one per sample.
//
// REQUIRES: cpu
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
//
// RUN: env HOTPATH_OUTPUT_FORMAT=none %t 2> %t.err | FileCheck %s --check-prefix=FIRST
// RUN: count 0 < %t.err
// RUN: env HOTPATH_OUTPUT_FORMAT=none %python -c "import os, signal, sys; \
// RUN:   signal.signal(signal.SIGRTMAX, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])" \
// RUN:   %t 2> %t.ignored.err | FileCheck %s --check-prefix=NEXT
// RUN: count 0 < %t.ignored.err
//
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_CPU_SIGNAL=sigrtmin+2 %t 2> %t.env.err \
// RUN:   | FileCheck %s --check-prefix=ENV
// RUN: count 0 < %t.env.err
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_CPU_SIGNAL=SIGRTMAX-40 %t 2> %t.bad.err \
// RUN:   | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --check-prefix=BAD < %t.bad.err
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_CPU_SIGNAL=SIGUSR1 %t 2> %t.usr1.err \
// RUN:   | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --check-prefix=USR1 < %t.usr1.err
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_CPU_SIGNAL=SIGRTMIN+2 %t fork 2> %t.fork.err \
// RUN:   | FileCheck %s --check-prefix=FORK
// RUN: count 0 < %t.fork.err
// RUN: env HOTPATH_OUTPUT_FORMAT=none %t blocked 2> %t.blocked.err \
// RUN:   | FileCheck %s --check-prefix=BLOCKED
// RUN: count 0 < %t.blocked.err
//
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t takeover 2> %t.takeover.err \
// RUN:   | FileCheck %s --check-prefix=TAKEOVER
// RUN: FileCheck %s --check-prefix=MOVED < %t.takeover.err
// RUN: %python %S/Inputs/cpu_check.py %t.json timer=perf_event stopped_early=false \
// RUN:   app::before~0.2 app::after~0.2

// FIRST: SIGRTMAX: sampler
// FIRST-NEXT: SIGRTMAX-1: free
// NEXT: SIGRTMAX: ignored
// NEXT-NEXT: SIGRTMAX-1: sampler
// ENV: SIGRTMIN+2: sampler
// ENV-NEXT: SIGRTMAX: free
// BAD: hotpath: ignoring HOTPATH_CPU_SIGNAL="SIGRTMAX-40": expected SIGPROF or a real-time signal: SIGRTMIN+N or SIGRTMAX-N (N up to {{[0-9]+}}), or a number from {{[0-9]+}} to {{[0-9]+}}
// BAD-NOT: hotpath:
// USR1: hotpath: ignoring HOTPATH_CPU_SIGNAL="SIGUSR1": expected SIGPROF or a real-time signal
// FORK: child: SIGRTMIN+2: sampler
// FORK-NEXT: child: SIGRTMIN+1: free
// FORK-NEXT: child: SIGRTMAX: free
// BLOCKED: SIGRTMAX pending after 0.5 s of CPU: from 1 to 16
// TAKEOVER: SIGRTMAX: sampler
// TAKEOVER-NEXT: SIGRTMAX: the program's
// TAKEOVER-NEXT: SIGRTMAX-1: sampler
// TAKEOVER-NEXT: kill(SIGRTMAX) reached it: yes
// MOVED: hotpath: the program sets its own action for SIGRTMAX, the CPU sampler's signal: sampling goes on with SIGRTMAX-1
// MOVED-NOT: hotpath:

#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <hotpath/hotpath.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu_burn.hpp"

namespace {

std::atomic<int> g_own_signals{0};

void own_handler(int) { g_own_signals.fetch_add(1); }

/// Who has `signal`: the sampler (an SA_SIGINFO handler), the program, or nobody.
void show(const char* name, int signal) {
  struct sigaction current;
  sigaction(signal, nullptr, &current);
  const char* owner = (current.sa_flags & SA_SIGINFO) != 0 ? "sampler"
                      : current.sa_handler == SIG_IGN      ? "ignored"
                      : current.sa_handler == SIG_DFL      ? "free"
                                                           : "the program's";
  std::printf("%s: %s\n", name, owner);
}

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
  if (argc > 1 && std::strcmp(argv[1], "takeover") == 0) {
    auto session = hotpath::GuardBuilder("main").build();
    show("SIGRTMAX", SIGRTMAX);
    app::before();
    signal(SIGRTMAX, own_handler);
    show("SIGRTMAX", SIGRTMAX);
    show("SIGRTMAX-1", SIGRTMAX - 1);
    app::after();
    kill(getpid(), SIGRTMAX);
    std::printf("kill(SIGRTMAX) reached it: %s\n", g_own_signals.load() == 1 ? "yes" : "no");
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "blocked") == 0) {
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);
    burn_cpu(0.5);
    sigset_t sampler;
    sigemptyset(&sampler);
    sigaddset(&sampler, SIGRTMAX);
    const timespec now{0, 0};
    int pending = 0;
    while (sigtimedwait(&sampler, nullptr, &now) == SIGRTMAX) ++pending;
    if (pending >= 1 && pending <= 16) {
      std::printf("SIGRTMAX pending after 0.5 s of CPU: from 1 to 16\n");
    } else {
      std::printf("SIGRTMAX pending after 0.5 s of CPU: %d\n", pending);
    }
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "fork") == 0) {
    const pid_t child = fork();
    if (child == 0) {
      show("child: SIGRTMIN+2", SIGRTMIN + 2);
      show("child: SIGRTMIN+1", SIGRTMIN + 1);
      show("child: SIGRTMAX", SIGRTMAX);
      std::fflush(stdout);
      _exit(0);
    }
    waitpid(child, nullptr, 0);
    return 0;
  }
  if (std::getenv("HOTPATH_CPU_SIGNAL") != nullptr &&
      std::strcmp(std::getenv("HOTPATH_CPU_SIGNAL"), "sigrtmin+2") == 0) {
    show("SIGRTMIN+2", SIGRTMIN + 2);
  }
  show("SIGRTMAX", SIGRTMAX);
  show("SIGRTMAX-1", SIGRTMAX - 1);
  return 0;
}
