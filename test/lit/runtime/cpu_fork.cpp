// fork(): the child samples afresh into files of its own (`%p` in the paths is the
// pid), and neither file holds the other process's work. With
// HOTPATH_CPU_CHILDREN=0, or paths without `%p` (the child would overwrite its
// parent's files), the child does not sample.
//
// REQUIRES: cpu
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_FOLDED=%t.dir/cpu.%%p.folded %t > %t.pids
// RUN: %python -c "import sys; parent, child = open(sys.argv[1]).read().split(); \
// RUN:   p = open(sys.argv[2] + '/cpu.' + parent + '.folded').read(); \
// RUN:   c = open(sys.argv[2] + '/cpu.' + child + '.folded').read(); \
// RUN:   assert 'parent_work' in p and 'child_work' not in p, p; \
// RUN:   assert 'child_work' in c and 'parent_work' not in c, c; print('ok')" %t.pids %t.dir
//
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_CPU_CHILDREN=0 HOTPATH_FOLDED=%t.dir/cpu.%%p.folded %t
// RUN: ls %t.dir | count 1
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_FOLDED=%t.dir/cpu.folded %t
// RUN: ls %t.dir | count 1
// RUN: grep -q parent_work %t.dir/cpu.folded
// RUN: not grep -q child_work %t.dir/cpu.folded

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "cpu_burn.hpp"

// The results are used after the call, which must not become a tail jump: the
// caller's frame would then be missing from the stacks.
volatile std::uint64_t g_sink;
__attribute__((noinline)) void parent_work() { g_sink = g_sink + burn_cpu(0.1); }
__attribute__((noinline)) void child_work() { g_sink = g_sink + burn_cpu(0.1); }

int main() {
  parent_work();
  std::fflush(stdout);
  const pid_t child = fork();
  if (child == 0) {
    child_work();
    std::exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  parent_work();
  std::printf("%d %d\n", static_cast<int>(getpid()), static_cast<int>(child));
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
