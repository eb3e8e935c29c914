// The call tree end to end: exact calls per path in the JSON report (nested calls,
// direct and mutual recursion folded, a second thread with a tree of its own), the
// table's hottest paths and callers/callees (HOTPATH_REPORT), and the wall-clock
// flame graph and folded stacks, where a function that sleeps 100 ms weighs at
// least 100 ms. Built by both compilers: the tree is the same.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t.clang %hotpath_libs
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.gxx %hotpath_libs
// RUN: rm -f %t.*.json %t.*.folded %t.*.svg
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.clang.json %t.clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.gxx.json %t.gxx
// RUN: %python %S/Inputs/check_call_tree.py json %t.clang.json paths=9 main=1 \
// RUN:   "main;work=2" "main;work;leaf=5" "main;fact=6" "main;is_even=3" \
// RUN:   "main;is_even;is_odd=3" "main;sleeper=1" "main;sleeper>=100000000" "work=1" "work;leaf=4"
// RUN: %python %S/Inputs/check_call_tree.py json %t.gxx.json paths=9 main=1 \
// RUN:   "main;work=2" "main;work;leaf=5" "main;fact=6" "main;is_even=3" \
// RUN:   "main;is_even;is_odd=3" "main;sleeper=1" "main;sleeper>=100000000" "work=1" "work;leaf=4"
//
// RUN: env HOTPATH_REPORT=timing,tree HOTPATH_LIMIT=0 %t.clang > %t.table
// RUN: FileCheck %s --check-prefix=TABLE < %t.table
//
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_FOLDED_WALL=%t.folded \
// RUN:   HOTPATH_FLAMEGRAPH_WALL=%t.svg %t.clang
// RUN: %python %S/Inputs/check_call_tree.py folded %t.folded paths=9 \
// RUN:   "main;sleeper>=100000000"
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: %python %S/../cli/Inputs/svg_frames.py %t.svg upright main@1 sleeper@2 \
// RUN:   "sleeper>=100000000" "main>=100000000" "sleeper>10*fact"
//
// The same outputs asked for by the session's options, as [[hotpath::main(...)]]
// passes them (the table gets the tree section, the folded stacks their file).
// RUN: rm -f %t.options.folded
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.options %hotpath_libs \
// RUN:   '-DMAIN_OPTIONS="report=tree;wall_folded=%t.options.folded"'
// RUN: %t.options > %t.options.table
// RUN: FileCheck %s --check-prefix=OPTIONS < %t.options.table
// RUN: %python %S/Inputs/check_call_tree.py folded %t.options.folded paths=9 \
// RUN:   "main;sleeper>=100000000"

// TABLE:      [hotpath] timing - execution duration of functions (inclusive).
// TABLE:      [hotpath] call tree - hottest paths of measured calls (wall time).
// TABLE-NEXT: +-
// TABLE-NEXT: | Call path {{ *}}| Calls | Total {{ *}}| Self {{ *}}| % Total |
// TABLE-NEXT: +-
// TABLE-NEXT: | main {{ *}}| 1 {{ *}}|
// TABLE-NEXT: +-
// TABLE-NEXT: |   sleeper {{ *}}| 1 {{ *}}| {{[0-9.]+}} ms {{ *}}| {{[0-9.]+}} ms {{ *}}|
// TABLE:      |   is_even {{ *}}| 3 {{ *}}|
// TABLE:      |     is_odd {{ *}}| 3 {{ *}}|
// TABLE:      [hotpath] callers and callees - of the 5 functions with the largest total.
// TABLE:      work  3 calls,
// TABLE-DAG:    <- main  2 calls,
// TABLE-DAG:    <- (no measured caller)  1 calls,
// TABLE:        -> leaf  9 calls,

// OPTIONS-NOT: [hotpath] timing
// OPTIONS:     [hotpath] call tree - hottest paths of measured calls (wall time).
// OPTIONS:     [hotpath] callers and callees

// SVG: <svg
// SVG: Wall-Clock Flame Graph
// SVG: main (pid {{[0-9]+}}):

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <thread>

volatile int sink = 0;

// Does a little work: a call compensated to 0 ns would weigh nothing in the folded
// stacks, and its path would be left out.
void leaf() {
  HOTPATH_MEASURE();
  for (int i = 0; i < 100; ++i) sink = sink + i;
}

// Sleeps, so that it is third by total time, after main and sleeper.
void work(int calls) {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  for (int i = 0; i < calls; ++i) leaf();
}

int fact(int n) {
  HOTPATH_MEASURE();
  return n <= 1 ? 1 : n * fact(n - 1);
}

bool is_even(int n);
bool is_odd(int n) {
  HOTPATH_MEASURE();
  return n == 0 ? false : is_even(n - 1);
}
bool is_even(int n) {
  HOTPATH_MEASURE();
  return n == 0 ? true : is_odd(n - 1);
}

void sleeper() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

int main() {
#ifdef MAIN_OPTIONS
  hotpath::MainGuard session("main", MAIN_OPTIONS, __FILE__, __LINE__);
#else
  auto session = hotpath::GuardBuilder("main").build();
#endif
  work(3);
  work(2);
  volatile int product = fact(6);
  volatile bool even = is_even(5);  // is_even(5) is_odd(4) ... is_odd(0)
  std::thread([] { work(4); }).join();
  sleeper();
  (void)product;
  (void)even;
}
