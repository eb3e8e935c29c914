// Cost hotpath-alloc adds to an allocation. This source builds two programs: one
// linked with libhotpath-alloc (HOTPATH_BENCH_ALLOC_TRACKED), one with the runtime
// alone, whose allocations go straight to glibc. run_benchmarks.sh runs both and
// summarize.py reports the difference per allocate+free pair, so the figure does not
// depend on the speed of glibc's allocator itself. Every pair runs inside a measured
// call, so the tracked program takes the full path: thread totals plus attribution
// to the innermost measured call.
#include <benchmark/benchmark.h>

#include "bench_main.hpp"

#include <cstdlib>
#include <new>

#include "hotpath/hotpath.hpp"

namespace {

#if defined(HOTPATH_BENCH_ALLOC_TRACKED)
constexpr const char* kVariant = "hotpath-alloc";
#else
constexpr const char* kVariant = "glibc";
#endif

// One measured call around the whole timed loop: the pairs are attributed to it.
hotpath::Site g_loop_site("bench.allocation_loop", nullptr, __FILE__, __LINE__);

void BM_NewDelete(benchmark::State& state) {
  hotpath::ScopeGuard measured(g_loop_site);
  for (auto _ : state) {
    void* block = ::operator new(64);
    benchmark::DoNotOptimize(block);
    ::operator delete(block);  // unsized: the tracked program reads the usable size
  }
  state.SetLabel(kVariant);
}
BENCHMARK(BM_NewDelete);

void BM_NewSizedDelete(benchmark::State& state) {
  hotpath::ScopeGuard measured(g_loop_site);
  for (auto _ : state) {
    void* block = ::operator new(64);
    benchmark::DoNotOptimize(block);
    ::operator delete(block, 64);  // what std::allocator and `delete object` use
  }
  state.SetLabel(kVariant);
}
BENCHMARK(BM_NewSizedDelete);

void BM_MallocFree(benchmark::State& state) {
  hotpath::ScopeGuard measured(g_loop_site);
  for (auto _ : state) {
    void* block = std::malloc(64);
    benchmark::DoNotOptimize(block);
    std::free(block);
  }
  state.SetLabel(kVariant);
}
BENCHMARK(BM_MallocFree);

}  // namespace

int main(int argc, char** argv) { return run_benchmarks(argc, argv); }
