// `hotpath flamegraph --off-cpu`: any program, built without hotpath, runs with
// libhotpath-wait preloaded, and the graph shows where it waited, in microseconds:
// napper()'s three sleeps of 20 ms under nanosleep, reader()'s wait of 30 ms for a
// pipe under read, and nothing of busy(), which only computes. The program's
// output and exit status pass through. Waits shorter than --min-block are left out;
// with none left, no graph is written and hotpath says why.
//
// REQUIRES: waits, hotpath-cli
// RUN: %gxx -std=c++17 -O2 -g -pthread %s -o %t.exe
// RUN: rm -f %t.svg
// RUN: %hotpath flamegraph --off-cpu -o %t.svg -- %t.exe > %t.out 2> %t.err; test $? -eq 7
// RUN: FileCheck %s --check-prefix=STDOUT < %t.out
// RUN: FileCheck %s --check-prefix=STDERR < %t.err
// RUN: %python %S/Inputs/svg_frames.py %t.svg "napper>=59000" "nanosleep>=59000" \
// RUN:   "reader>=29000" read "napper>reader" !busy fill=blue
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// STDOUT: computed
// STDERR: hotpath: wrote {{.*}}.svg ({{[0-9,]+}} us)
// SVG: Off-CPU Flame Graph
//
// --min-block: the 20 ms sleeps stay, nothing of 40 ms or more is there.
// RUN: %hotpath flamegraph --off-cpu --min-block 15000 -o %t.min.svg -- %t.exe > /dev/null 2>&1; test $? -eq 7
// RUN: %python %S/Inputs/svg_frames.py %t.min.svg "napper>=59000" "reader>=29000"
// RUN: %hotpath flamegraph --off-cpu --min-block 40000 -o %t.none.svg -- %t.exe > /dev/null 2> %t.none.err; test $? -eq 7
// RUN: FileCheck %s --check-prefix=NONE < %t.none.err
// RUN: test ! -e %t.none.svg
// NONE: hotpath: no waits, so no flame graph was written: "{{.*}}.exe" never waited as long as the threshold in a call the wait library watches: try a lower --min-block
//
// Mistakes are named.
// RUN: not %hotpath flamegraph --off-cpu --perf -- %t.exe 2>&1 | FileCheck %s --check-prefix=PERF
// PERF: hotpath flamegraph: --off-cpu and --perf exclude each other
// RUN: not %hotpath flamegraph --min-block 5 -- %t.exe 2>&1 | FileCheck %s --check-prefix=NEEDS
// NEEDS: hotpath flamegraph: --min-block needs --off-cpu
// RUN: not %hotpath flamegraph --off-cpu --min-block soon -- %t.exe 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: hotpath flamegraph: --min-block expects a whole number of microseconds up to 60000000, got "soon"
// RUN: env HOTPATH_WAIT_LIBRARY=/nonexistent.so not %hotpath flamegraph --off-cpu -- %t.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LIBRARY
// LIBRARY: hotpath flamegraph: HOTPATH_WAIT_LIBRARY is "/nonexistent.so", which is not a file

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

__attribute__((noinline)) void napper() {
  for (int i = 0; i < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

__attribute__((noinline)) void reader() {
  int fds[2];
  if (pipe(fds) != 0) return;
  std::thread writer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    if (write(fds[1], "x", 1) != 1) return;
  });
  char byte;
  if (read(fds[0], &byte, 1) != 1) std::puts("no byte");
  writer.join();
}

__attribute__((noinline)) unsigned busy() {
  volatile unsigned sum = 0;
  for (unsigned i = 0; i < 20'000'000; ++i) sum = sum + i;
  return sum;
}

int main() {
  napper();
  reader();
  if (busy() != 0) std::puts("computed");
  return 7;
}
