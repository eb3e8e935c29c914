// CPU samples of short threads: 128 threads that each use 0.9 ms of CPU, less than
// one sampling period (1 ms at 997 Hz). Each thread's first period is a random
// part of a period, so each gets a sample about nine times in ten and their
// function gets the samples of its CPU time (about 115; at least half of them on a
// busy machine), not none as with whole first periods.
//
// REQUIRES: cpu
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t
// RUN: %python %S/Inputs/cpu_check.py %t.json mode=self stopped_early=false \
// RUN:   "app::short_task>=58"

#include <hotpath/hotpath.hpp>

#include <thread>
#include <vector>

#include "cpu_burn.hpp"

namespace app {

HOTPATH_NOINLINE void short_task() {
  HOTPATH_MEASURE();
  burn_cpu(0.0009);
}

}  // namespace app

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  for (int round = 0; round < 16; ++round) {
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) threads.emplace_back(app::short_task);
    for (std::thread& thread : threads) thread.join();
  }
}
