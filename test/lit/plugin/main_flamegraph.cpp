// REQUIRES: plugin, cpu
// [[hotpath::main("flamegraph=...", "folded=...")]] asks hotpath-cpu for the flame
// graph and the folded stacks of the program; `%p` is the pid. A path that is empty
// is refused at compile time.
//
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: %clangxx -std=c++17 -O1 -g -Werror -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s -o %t.dir/program %hotpath_cpu_libs %hotpath_libs
// RUN: cd %t.dir && env HOTPATH_OUTPUT_FORMAT=none ./program
// RUN: ls %t.dir | FileCheck %s
// CHECK: cpu.{{[0-9]+}}.svg
// CHECK-NEXT: cpu.folded
// CHECK-NEXT: program
// RUN: grep -q "app::spin" %t.dir/cpu.folded
//
// RUN: not %clangxx -std=c++17 -fsyntax-only -fplugin=%hotpath_plugin -DEMPTY %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY
// EMPTY: invalid 'hotpath::main' option 'flamegraph=': flamegraph is a file path

#include <cstdint>

namespace app {

volatile std::uint64_t g_sink;

[[hotpath::measure]] [[gnu::noinline]] void spin() {
  std::uint64_t value = 1;
  for (int i = 0; i < 50000000; ++i) value = value * 6364136223846793005u + 1;
  g_sink = value;
}

}  // namespace app

#ifdef EMPTY
[[hotpath::main("flamegraph=")]] int main() { return 0; }
#else
[[hotpath::main("flamegraph=cpu.%p.svg", "folded=cpu.folded")]] int main() {
  app::spin();
  return 0;
}
#endif
