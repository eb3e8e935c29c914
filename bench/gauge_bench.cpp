// What a gauge or counter update costs, in guard costs. Each update is made in a
// function of its own that is not inlined, as the measured call is, so that
//   (BM_X - BM_UnmeasuredCall) / (BM_MeasuredCall - BM_UnmeasuredCall)
// is an update's cost against a measured call's guard, from the same run. The
// handle kept (a static reference, the documented fast path), the lookup by name
// on every call (a per-thread cache), and both on two threads updating the same
// gauge or counter. BM_ThreadShardAdd is the floor: a bare thread_local relaxed
// increment, what the per-thread shards a counter's adds go to cost at best.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>

#include "bench_main.hpp"
#include "hotpath/hotpath.hpp"

namespace {

HOTPATH_NOINLINE void unmeasured_call(std::uint64_t& value) { benchmark::DoNotOptimize(++value); }

HOTPATH_NOINLINE void measured_call(std::uint64_t& value) {
  HOTPATH_MEASURE();
  benchmark::DoNotOptimize(++value);
}

/// Times every call on this thread: adaptive timing would otherwise stop timing
/// the measured call after a few thousand calls.
void time_every_call() {
  std::uint64_t value = 0;
  measured_call(value);
  hotpath::detail::t_thread_state.adaptive_threshold_ticks = 0;
}

HOTPATH_NOINLINE void counter_add(std::uint64_t& value) {
  static auto& misses = hotpath::counter("bench.counter");
  misses.add();
  benchmark::DoNotOptimize(++value);
}

HOTPATH_NOINLINE void gauge_set(std::uint64_t& value) {
  static auto& depth = hotpath::gauge("bench.gauge_set");
  depth.set(static_cast<std::int64_t>(value & 1023));
  benchmark::DoNotOptimize(++value);
}

HOTPATH_NOINLINE void gauge_add(std::uint64_t& value) {
  static auto& level = hotpath::gauge("bench.gauge_add");
  level.add((value & 1) != 0 ? 1 : -1);
  benchmark::DoNotOptimize(++value);
}

HOTPATH_NOINLINE void counter_add_by_name(std::uint64_t& value) {
  hotpath::counter("bench.counter_by_name").add();
  benchmark::DoNotOptimize(++value);
}

HOTPATH_NOINLINE void gauge_set_by_name(std::uint64_t& value) {
  hotpath::gauge("bench.gauge_by_name").set(static_cast<std::int64_t>(value & 1023));
  benchmark::DoNotOptimize(++value);
}

thread_local std::atomic<std::uint64_t> t_shard{0};

HOTPATH_NOINLINE void thread_shard_add(std::uint64_t& value) {
  t_shard.store(t_shard.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  benchmark::DoNotOptimize(++value);
}

template <void (*Call)(std::uint64_t&)>
void call_loop(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  for (auto _ : state) Call(value);
}

void BM_UnmeasuredCall(benchmark::State& state) { call_loop<unmeasured_call>(state); }
BENCHMARK(BM_UnmeasuredCall);
void BM_MeasuredCall(benchmark::State& state) { call_loop<measured_call>(state); }
BENCHMARK(BM_MeasuredCall);

void BM_CounterAdd(benchmark::State& state) { call_loop<counter_add>(state); }
BENCHMARK(BM_CounterAdd);
BENCHMARK(BM_CounterAdd)->Threads(2);
void BM_GaugeSet(benchmark::State& state) { call_loop<gauge_set>(state); }
BENCHMARK(BM_GaugeSet);
BENCHMARK(BM_GaugeSet)->Threads(2);
void BM_GaugeAdd(benchmark::State& state) { call_loop<gauge_add>(state); }
BENCHMARK(BM_GaugeAdd);
BENCHMARK(BM_GaugeAdd)->Threads(2);

void BM_CounterAddByName(benchmark::State& state) { call_loop<counter_add_by_name>(state); }
BENCHMARK(BM_CounterAddByName);
BENCHMARK(BM_CounterAddByName)->Threads(2);
void BM_GaugeSetByName(benchmark::State& state) { call_loop<gauge_set_by_name>(state); }
BENCHMARK(BM_GaugeSetByName);
BENCHMARK(BM_GaugeSetByName)->Threads(2);

void BM_ThreadShardAdd(benchmark::State& state) { call_loop<thread_shard_add>(state); }
BENCHMARK(BM_ThreadShardAdd);
BENCHMARK(BM_ThreadShardAdd)->Threads(2);

}  // namespace

int main(int argc, char** argv) { return run_benchmarks(argc, argv); }
