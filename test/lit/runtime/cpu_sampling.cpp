// CPU sampling end to end: a program linked with hotpath-cpu gets a CPU section in
// which each sample counts for the measured calls of the thread it interrupted.
// Threads created after the sampler started are sampled; a thread that only runs
// one measured function gets the samples whose native stacks (the folded stacks of
// the same run) contain it, up to the guard's own instructions at the function's
// entry and exit; the rows of self mode add up to every sample, exactly, and so do
// the folded stacks; the sample counts follow the CPU time burned at 997 Hz.
//
// REQUIRES: cpu
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.self.json HOTPATH_FOLDED=%t.folded %t
// RUN: %python %S/Inputs/cpu_check.py %t.self.json --folded %t.folded mode=self lost=0 \
// RUN:   stopped_early=false total=FOLDED rows=TOTAL signatures=TIMING \
// RUN:   app::worker_a=FOLDED app::worker_b=FOLDED app::inner=FOLDED \
// RUN:   app::worker_a~0.4 app::worker_b~0.2 app::inner~0.2 app::outer~0.1 main~0.1 \
// RUN:   "(not measured)<=5%"
//
// Inclusive mode: outer's samples include inner's.
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.inclusive.json \
// RUN:   HOTPATH_CPU_INCLUSIVE=1 %t
// RUN: %python %S/Inputs/cpu_check.py %t.inclusive.json mode=inclusive app::outer~0.3 \
// RUN:   app::inner~0.2 main~0.4
//
// The table: one section after timing, in the shape Function | Samples | % Total.
// RUN: %t | FileCheck %s --check-prefix=TABLE
// TABLE: [hotpath] cpu - CPU samples of functions (self).
// TABLE-NEXT: main: {{[0-9]+}} samples at 997 Hz (perf_event); the process used {{.*}} of CPU
// TABLE: | Function {{ *}}| Samples | % Total |
// TABLE: | app::worker_a {{ *}}| {{[0-9]+ *}}| {{[0-9.]+}}% |
//
// HOTPATH_CPU=0 turns sampling off: no CPU section.
// RUN: env HOTPATH_CPU=0 %t | FileCheck %s --check-prefix=OFF
// OFF: [hotpath] timing
// OFF-NOT: [hotpath] cpu

#include <hotpath/hotpath.hpp>

#include <thread>

#include "cpu_burn.hpp"

namespace app {

__attribute__((noinline)) void worker_a() {
  HOTPATH_MEASURE();
  burn_cpu(0.4);
}

__attribute__((noinline)) void worker_b() {
  HOTPATH_MEASURE();
  burn_cpu(0.2);
}

__attribute__((noinline)) void inner() {
  HOTPATH_MEASURE();
  burn_cpu(0.1);
}

__attribute__((noinline)) void outer() {
  HOTPATH_MEASURE();
  burn_cpu(0.1);
  inner();
  inner();
}

}  // namespace app

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  std::thread a(app::worker_a);
  std::thread b(app::worker_b);
  a.join();
  b.join();
  app::outer();
  burn_cpu(0.1);  // main's own
}
