// --perf records with `perf record --call-graph dwarf` and folds `perf script`: the same
// heaviest function as the sampler, the program's exit status passed through.
// --perfdata draws a perf.data recorded beforehand; --pid attaches to a running program.
//
// REQUIRES: hotpath-cli, perf
// RUN: %gxx -std=c++17 -O2 -g -fno-omit-frame-pointer -I%S/Inputs %s -o %t.exe
// RUN: rm -f %t.*.svg %t.data
//
// RUN: %hotpath flamegraph --perf -o %t.perf.svg -- %t.exe exit3 > %t.out 2> %t.err; \
// RUN:   test $? -eq 3
// RUN: FileCheck %s --check-prefix=STDOUT --match-full-lines < %t.out
// RUN: FileCheck %s --check-prefix=WROTE < %t.err
// RUN: %python %S/Inputs/svg_frames.py %t.perf.svg main "heavy>2*light" "light>=10"
// RUN: FileCheck %s --check-prefix=SUBTITLE < %t.perf.svg
//
// RUN: perf record -q -F 997 --call-graph dwarf -o %t.data -- %t.exe > /dev/null 2>&1
// RUN: %hotpath flamegraph --perfdata %t.data -o %t.data.svg --title 'From perf.data' 2> %t.data.err
// RUN: FileCheck %s --check-prefix=WROTE < %t.data.err
// RUN: %python %S/Inputs/svg_frames.py %t.data.svg "heavy>2*light"
//
// RUN: %hotpath flamegraph --perfdata %t.missing.data -o %t.missing.svg 2> %t.missing.err; \
// RUN:   test $? -eq 1
// RUN: FileCheck %s --check-prefix=MISSING --match-full-lines < %t.missing.err
//
// --pid attaches to a running program until SIGINT; the program goes on meanwhile.
// RUN: %python %S/Inputs/attach.py 1.5 %t.exe spin -- \
// RUN:   %hotpath flamegraph --perf -o %t.pid.svg 2> %t.pid.err
// RUN: FileCheck %s --check-prefix=PID < %t.pid.err
// RUN: %python %S/Inputs/svg_frames.py %t.pid.svg spin "spin>=100"

// STDOUT: done
// WROTE: hotpath: wrote {{.*}}.svg ({{[0-9,]+}} samples)
// SUBTITLE: <text id="subtitle" {{[^>]*}}>{{.*}}.exe — {{[0-9,]+}} samples at 997 Hz</text>
// MISSING: hotpath flamegraph: cannot read "{{.*}}.missing.data": No such file or directory
// PID: hotpath: recording pid {{[0-9]+}}; press Ctrl-C to stop
// PID: hotpath: wrote {{.*}}.pid.svg ({{[0-9,]+}} samples)

#include <chrono>
#include <cstdio>
#include <cstring>

#include "burn.hpp"

// Burns CPU for at most 20 s, until it is killed.
__attribute__((noinline)) void spin() {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < end) g_sink = light(1000000);
}

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "spin") == 0) {
    spin();
    return 0;
  }
  g_sink = heavy(kLightIterations);
  g_sink = light(kLightIterations);
  std::printf("done\n");
  return argc > 1 && std::strcmp(argv[1], "exit3") == 0 ? 3 : 0;
}
