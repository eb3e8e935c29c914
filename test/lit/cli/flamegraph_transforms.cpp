// The stacks between recording and drawing: --post-process pipes the folded stacks
// through a shell command, --skip-after makes a function the root of its stacks,
// --reverse puts the leaf functions at the root. A failing post-process command is
// an error that names it.
//
// REQUIRES: cpu, hotpath-cli
// RUN: %gxx -std=c++17 -O2 -g -I%S/Inputs %s -o %t.exe
// RUN: rm -f %t.*.svg
//
// RUN: %hotpath flamegraph -o %t.post.svg --post-process 'sed s/heavy/HEAVY/' -- %t.exe \
// RUN:   > /dev/null 2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.post.svg HEAVY light !heavy "HEAVY>2*light"
//
// RUN: %hotpath flamegraph -o %t.skip.svg --skip-after main -- %t.exe > /dev/null 2> /dev/null
// main is a root: what called it is gone. (A sample taken after main returned,
// in exit(), has no main and keeps its whole stack, _start included.)
// RUN: %python %S/Inputs/svg_frames.py %t.skip.svg main@1 heavy@2 light@2
//
// RUN: %hotpath flamegraph -o %t.reverse.svg --reverse -- %t.exe > /dev/null 2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.reverse.svg heavy@1 light@1 "heavy>2*light"
//
// Both, on folded input: the stacks through compute are cut there (worker goes), the
// others are whole; then every stack is reversed.
// RUN: %hotpath flamegraph --folded %S/Inputs/sample.folded -o %t.both.svg \
// RUN:   --skip-after compute --reverse 2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.both.svg multiply@1 add@1 compute@2 read_file@1 \
// RUN:   app@4 !worker
//
// RUN: %hotpath flamegraph -o %t.fail.svg --post-process 'exit 7' -- %t.exe \
// RUN:   > /dev/null 2> %t.fail.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=FAIL --match-full-lines < %t.fail.err
// RUN: test ! -e %t.fail.svg
// The program's own failure comes first.
// RUN: %hotpath flamegraph -o %t.fail.svg --post-process 'exit 7' -- %t.exe exit3 \
// RUN:   > /dev/null 2> %t.fail3.err; test $? -eq 3
// RUN: FileCheck %s --check-prefix=FAIL --match-full-lines < %t.fail3.err

// FAIL: hotpath flamegraph: --post-process command "exit 7" failed (exit status 7)

#include <cstring>

#include "burn.hpp"

int main(int argc, char** argv) {
  g_sink = heavy(kLightIterations);
  g_sink = light(kLightIterations);
  return argc > 1 && std::strcmp(argv[1], "exit3") == 0 ? 3 : 0;
}
