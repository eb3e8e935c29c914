// A session can ask for the flame graph and the folded stacks itself
// (GuardBuilder::flamegraph / folded, [[hotpath::main("flamegraph=...")]]): the
// stacks are kept from the session's start, HOTPATH_FLAMEGRAPH and HOTPATH_FOLDED
// take precedence, and a program without hotpath-cpu says why it writes none.
//
// REQUIRES: cpu
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=none %t %t.dir/session.svg %t.dir/session.folded
// RUN: grep -q "<svg" %t.dir/session.svg
// RUN: grep -q "app::work" %t.dir/session.svg
// RUN: grep -q "main;app::work();" %t.dir/session.folded
//
// The environment wins: the session's paths are not written.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_FOLDED=%t.dir/env.folded %t %t.dir/session.svg %t.dir/session.folded
// RUN: ls %t.dir | FileCheck %s --check-prefix=ENV
// ENV: env.folded
// ENV-NEXT: session.svg
// ENV-NOT: session.folded
//
// Without hotpath-cpu.
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t.unsampled %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=none %t.unsampled %t.dir/x.svg %t.dir/x.folded 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNSAMPLED
// UNSAMPLED: hotpath: no flame graph or folded stacks: the program does not link hotpath-cpu (or HOTPATH_CPU=0)

#include <hotpath/hotpath.hpp>

#include "cpu_burn.hpp"

namespace app {

volatile std::uint64_t g_sink;

__attribute__((noinline)) void work() {
  HOTPATH_MEASURE();
  g_sink = g_sink + burn_cpu(0.1);
}

}  // namespace app

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  auto session = hotpath::GuardBuilder("main").flamegraph(argv[1]).folded(argv[2]).build();
  app::work();
}
