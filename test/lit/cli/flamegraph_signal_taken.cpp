// A program that takes every real-time signal (here at the start of main, lowest
// first, so the sampler's SIGRTMAX is the last) leaves the sampler none to move to:
// sampling stops with one warning naming the signal, and `hotpath flamegraph` names
// that cause, not a lack of CPU time, suggests --perf, writes no SVG, and exits with
// the program's status. The program's handlers all work. At 1 Hz: at 997 Hz, the
// random first period of the main thread may end in the CPU the program uses before
// main, and a sample taken then is a flame graph to draw.
//
// REQUIRES: cpu, hotpath-cli
// RUN: %gxx -std=c++17 -O2 -g -I%S/Inputs %s -o %t.exe
// RUN: rm -f %t.svg
// RUN: %hotpath flamegraph --freq 1 -o %t.svg -- %t.exe > %t.out 2> %t.err; test $? -eq 3
// RUN: FileCheck %s --check-prefix=PROGRAM < %t.out
// RUN: FileCheck %s --check-prefix=STDERR --match-full-lines < %t.err
// RUN: test ! -e %t.svg

// PROGRAM: its handlers ran: 31 of 31
// STDERR: hotpath: the program sets its own action for SIGRTMAX, the CPU sampler's signal, and no other real-time signal is free: CPU sampling stops here (the samples taken so far are kept)
// STDERR-NEXT: hotpath: no samples, so no flame graph was written: sampling stopped before the first sample: the program set its own action for SIGRTMAX, the CPU sampler's signal, and no other real-time signal was free; try --perf
// STDERR-NOT: hotpath

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>

#include "burn.hpp"

namespace {

std::atomic<int> g_handled{0};

void handler(int) { g_handled.fetch_add(1); }

}  // namespace

int main() {
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; ++signal) ::signal(signal, handler);
  g_sink = heavy(kLightIterations);
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; ++signal) kill(getpid(), signal);
  std::printf("its handlers ran: %d of %d\n", g_handled.load(), SIGRTMAX - SIGRTMIN + 1);
  return 3;
}
