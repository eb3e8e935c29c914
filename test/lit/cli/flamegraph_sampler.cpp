// `hotpath flamegraph` with the preloaded sampler: the program's stdin, stdout and exit
// status pass through untouched, hotpath's one line goes to stderr, and the flame graph
// names both functions, the heavier one with about four times the samples. Without
// `--`, the first argument that is not an option starts the program, and every
// argument after it is the program's. The temporary directory is gone afterwards.
//
// REQUIRES: cpu, hotpath-cli
// RUN: %gxx -std=c++17 -O2 -g -fno-omit-frame-pointer -I%S/Inputs %s -o %t.exe
// RUN: rm -rf %t.svg %t.tmp && mkdir %t.tmp
//
// RUN: env TMPDIR=%t.tmp %hotpath flamegraph -o %t.svg -F 997 -- %t.exe hello > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=STDOUT --match-full-lines < %t.out
// RUN: count 1 < %t.out
// RUN: FileCheck %s --check-prefix=STDERR < %t.err
// RUN: %python %S/Inputs/svg_frames.py %t.svg heavy light main "heavy>2*light" "light>=20"
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: ls -A %t.tmp | count 0
//
// The program's own options after its name, no `--`.
// RUN: %hotpath flamegraph -o %t.args.svg %t.exe -o x --freq 3 -- -v > %t.args.out
// RUN: FileCheck %s --check-prefix=ARGS --match-full-lines < %t.args.out
// RUN: test -s %t.args.svg && test ! -e x
//
// The exit status passes through, and the graph is still written.
// RUN: rm -f %t.exit.svg
// RUN: %hotpath flamegraph -o %t.exit.svg -- %t.exe exit3 > %t.exit.out 2> %t.exit.err; test $? -eq 3
// RUN: FileCheck %s --check-prefix=STDERR < %t.exit.err
// RUN: %python %S/Inputs/svg_frames.py %t.exit.svg heavy light
//
// stdin passes through.
// RUN: echo from-stdin | %hotpath flamegraph -o %t.stdin.svg -- %t.exe stdin \
// RUN:   | FileCheck %s --check-prefix=STDIN
//
// --verbose says what is run, with which environment, and the files.
// RUN: %hotpath flamegraph -v -o %t.verbose.svg -F 499 -- %t.exe 2> %t.verbose.err > /dev/null
// RUN: FileCheck %s --check-prefix=VERBOSE < %t.verbose.err
//
// --flamechart: one stack per sample in time order; heavy() runs first here.
// RUN: %hotpath flamegraph --flamechart -o %t.chart.svg -- %t.exe 2> /dev/null > /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.chart.svg "heavy<<light" "heavy>2*light"

// STDOUT: args: hello
// STDERR: hotpath: wrote {{.*}}.svg ({{[0-9,]+}} samples)
// SVG: <text id="title" {{[^>]*}}>Flame Graph</text>
// SVG: <text id="subtitle" {{[^>]*}}>{{.*}}.exe — {{[0-9,]+}} samples at 997 Hz</text>
// ARGS: args: -o x --freq 3 -- -v
// STDIN: read: from-stdin
// STDIN-NEXT: args: stdin
// VERBOSE: hotpath: LD_PRELOAD={{.*}}libhotpath-cpu.so
// VERBOSE: hotpath: HOTPATH_CPU_LOG={{.*}}/samples.%p
// VERBOSE: hotpath: HOTPATH_CPU_FREQ=499
// VERBOSE: hotpath: HOTPATH_CPU_CHILDREN=0
// VERBOSE: hotpath: HOTPATH_CPU_FOLLOW_EXEC=0
// VERBOSE: hotpath: running {{.*}}.exe
// VERBOSE: hotpath: {{.*}}.exe ended (exit status 0) after {{[0-9.]+}} s
// VERBOSE: hotpath: read {{.*}}/samples.{{[0-9]+}}: {{[0-9]+}} samples of pid
// VERBOSE: hotpath: rendered
// VERBOSE: hotpath: wrote {{.*}}.verbose.svg

#include <cstdio>
#include <iostream>
#include <string>

#include "burn.hpp"

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "stdin") {
    std::string line;
    std::getline(std::cin, line);
    std::printf("read: %s\n", line.c_str());
  }
  g_sink = heavy(kLightIterations);
  g_sink = light(kLightIterations);
  std::printf("args:");
  for (int i = 1; i < argc; ++i) std::printf(" %s", argv[i]);
  std::printf("\n");
  return mode == "exit3" ? 3 : 0;
}
