// A program that dies of a signal still gets its flame graph: every complete sample
// is in the log when the process is killed, and hotpath exits 128 + the signal.
// hotpath ignores SIGINT while the program runs (a terminal's Ctrl-C reaches both),
// and passes SIGTERM on to the program. The temporary directory is removed each time.
//
// REQUIRES: cpu, hotpath-cli
// RUN: %gxx -std=c++17 -O2 -g -I%S/Inputs %s -o %t.exe
// RUN: rm -rf %t.tmp %t.*.svg && mkdir %t.tmp
//
// SIGKILL from the program itself, after burning CPU.
// RUN: env TMPDIR=%t.tmp %hotpath flamegraph -o %t.kill.svg -- %t.exe kill \
// RUN:   > %t.kill.out 2> %t.kill.err; test $? -eq 137
// RUN: FileCheck %s --check-prefix=WROTE < %t.kill.err
// RUN: %python %S/Inputs/svg_frames.py %t.kill.svg "heavy>=50" "heavy>2*light"
// RUN: FileCheck %s --check-prefix=BEFORE < %t.kill.out
// RUN: ls -A %t.tmp | count 0
//
// Ctrl-C: SIGINT reaches hotpath, which goes on, and the program, which dies of it.
// (lit runs tests with SIGINT ignored: default_signals.py gives back a terminal's.)
// RUN: env TMPDIR=%t.tmp %python %S/Inputs/default_signals.py %hotpath flamegraph \
// RUN:   -o %t.int.svg -- %t.exe interrupt > /dev/null 2> %t.int.err; test $? -eq 130
// RUN: FileCheck %s --check-prefix=WROTE < %t.int.err
// RUN: %python %S/Inputs/svg_frames.py %t.int.svg "heavy>=50"
//
// SIGTERM sent to hotpath is passed on to the program.
// RUN: env TMPDIR=%t.tmp %hotpath flamegraph -o %t.term.svg -- %t.exe terminate \
// RUN:   > /dev/null 2> %t.term.err; test $? -eq 143
// RUN: FileCheck %s --check-prefix=WROTE < %t.term.err
// RUN: %python %S/Inputs/svg_frames.py %t.term.svg "heavy>=50"
// RUN: ls -A %t.tmp | count 0

// WROTE: hotpath: wrote {{.*}}.svg ({{[0-9,]+}} samples)
// BEFORE: burned

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "burn.hpp"

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  g_sink = heavy(kLightIterations);
  g_sink = light(kLightIterations);
  std::printf("burned\n");
  std::fflush(stdout);
  if (std::strcmp(mode, "kill") == 0) raise(SIGKILL);
  if (std::strcmp(mode, "interrupt") == 0) {
    kill(getppid(), SIGINT);
    raise(SIGINT);
  }
  if (std::strcmp(mode, "terminate") == 0) {
    kill(getppid(), SIGTERM);
    for (;;) pause();
  }
  return 0;
}
