// The main() body shared by hotpath's benchmark programs.
#ifndef HOTPATH_BENCH_BENCH_MAIN_HPP
#define HOTPATH_BENCH_BENCH_MAIN_HPP

#include <benchmark/benchmark.h>

#include <cstdlib>

/// Runs the registered benchmarks. The runtime reports at exit; that report is kept
/// out of the benchmark output unless the person running it asked for a format.
inline int run_benchmarks(int argc, char** argv) {
  setenv("HOTPATH_OUTPUT_FORMAT", "none", 0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

#endif  // HOTPATH_BENCH_BENCH_MAIN_HPP
