// Memory of the recording path. BM_RecordThreeDecades records durations from 1 us to
// 1 ms through the runtime's inline record_call on the calling thread's own slot
// and reports what one (function, thread) pair then holds: the slot plus its
// histogram rows, which exist only for the powers of two actually seen.
// BM_SteadyStateGuardHeap counts the heap bytes that guard calls allocate once a
// function has been called on the thread (glibc's mallinfo2, all arenas).
#include <benchmark/benchmark.h>

#include <malloc.h>
#include "bench_main.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/clock_calibration.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/scope_guard.hpp"
#include "hotpath/site.hpp"

namespace hotpath::detail {
namespace {

constexpr std::size_t kDurationSteps = 1024;  // a power of two: the loop masks its index
constexpr double kShortestNs = 1'000;
constexpr double kLongestNs = 1'000'000;

/// Durations from 1 us to 1 ms in ticks of this machine, in equal geometric steps.
std::vector<std::uint64_t> three_decades_in_ticks(double ticks_per_ns) {
  std::vector<std::uint64_t> durations(kDurationSteps);
  const double ratio = std::pow(kLongestNs / kShortestNs, 1.0 / (kDurationSteps - 1));
  double ns = kShortestNs;
  for (std::uint64_t& duration : durations) {
    duration = static_cast<std::uint64_t>(std::llround(ns * ticks_per_ns));
    ns *= ratio;
  }
  return durations;
}

std::size_t rows_in_use(const FunctionSlot& slot) {
  std::size_t rows = 0;
  for (const auto& row : slot.rows) {
    if (row.load(std::memory_order_relaxed) != nullptr) ++rows;
  }
  return rows;
}

void BM_RecordThreeDecades(benchmark::State& state) {
  static Site site("bench.memory.three_decades", nullptr, __FILE__, __LINE__);
  FunctionSlot* slot = slot_for(t_thread_state, site);  // starts the runtime
  // Calibrated against CLOCK_MONOTONIC, so the decades are real microseconds here.
  const double ticks_per_ns = 1.0 / TickConverter::calibrate().ns_per_tick();
  const std::vector<std::uint64_t> durations = three_decades_in_ticks(ticks_per_ns);
  // Every duration once first, so the memory figure does not depend on how many
  // iterations the framework chose for this run.
  for (std::uint64_t duration : durations) record_call(*slot, duration, duration);

  std::size_t next = 0;
  for (auto _ : state) {
    const std::uint64_t duration = durations[next];
    record_call(*slot_for(t_thread_state, site), duration, duration);
    next = (next + 1) & (kDurationSteps - 1);
  }

  const std::size_t rows = rows_in_use(*slot);
  state.counters["bytes_per_function_thread"] =
      static_cast<double>(sizeof(FunctionSlot) + rows * sizeof(HistogramRow));
  state.counters["histogram_rows"] = static_cast<double>(rows);
  state.counters["ticks_per_ns"] = ticks_per_ns;
}
BENCHMARK(BM_RecordThreeDecades);

void BM_SteadyStateGuardHeap(benchmark::State& state) {
  static Site site("bench.memory.steady_state", nullptr, __FILE__, __LINE__);
  { const ScopeGuard first(site); }  // the slot, the slot table and the arena exist now
  const FunctionSlot& slot = *slot_for(t_thread_state, site);
  const std::size_t rows_before = rows_in_use(slot);
  const std::size_t before = mallinfo2().uordblks;
  for (auto _ : state) {
    const ScopeGuard guard(site);
    benchmark::ClobberMemory();
  }
  const std::size_t after = mallinfo2().uordblks;
  state.counters["heap_bytes"] = static_cast<double>(after) - static_cast<double>(before);
  state.counters["guard_calls"] = static_cast<double>(state.iterations());
  // A call preempted for long enough lands in a power of two not seen before; its
  // row comes from the thread's arena, which takes a new chunk from the heap when
  // full. Reported so that a non-zero heap figure can be told apart from a leak.
  state.counters["new_histogram_rows"] =
      static_cast<double>(rows_in_use(slot)) - static_cast<double>(rows_before);
  state.counters["histogram_rows"] = static_cast<double>(rows_in_use(slot));
}
BENCHMARK(BM_SteadyStateGuardHeap);

}  // namespace
}  // namespace hotpath::detail

int main(int argc, char** argv) { return run_benchmarks(argc, argv); }
