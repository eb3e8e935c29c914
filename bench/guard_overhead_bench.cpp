// Cost of one measured call as users get it: the inline guard from the public
// headers, linked against the shared libhotpath. Every figure is meant to be read
// as a ratio against a baseline from the same run (an unmeasured call, one clock
// read, the same guard on one thread), because absolute speeds drift on shared
// machines. The headline is (Instrumented - Uninstrumented) / ClockRead: what a
// measured call costs, counted in reads of the runtime's own clock.
#include <benchmark/benchmark.h>

#include "bench_main.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "hotpath/hotpath.hpp"

namespace {

HOTPATH_NOINLINE void uninstrumented_call(std::uint64_t& value) { benchmark::DoNotOptimize(value); }

// The same body with what HOTPATH_MEASURE() (and the plugin) put in front of it.
HOTPATH_NOINLINE void instrumented_call(std::uint64_t& value) {
  HOTPATH_MEASURE();
  benchmark::DoNotOptimize(value);
}

// The guard as it was before measured calls formed a call tree and had the guards'
// overhead removed: the same frame on the shadow stack and the same per-function
// records, no call-tree node, no compensation. The two cost BM_Instrumented minus
// BM_InstrumentedWithoutCallTree, in the same run.
class GuardWithoutCallTree {
 public:
  HOTPATH_ALWAYS_INLINE explicit GuardWithoutCallTree(const hotpath::Site& site) noexcept
      : state_(&hotpath::detail::t_thread_state) {
    frame_.slot = hotpath::detail::slot_for(*state_, site);
    frame_.parent = state_->top;
    frame_.child_ticks = 0;
    frame_.allocated = hotpath::detail::AllocTally{0, 0};
    frame_.freed = hotpath::detail::AllocTally{0, 0};
    __atomic_signal_fence(__ATOMIC_RELEASE);
    state_->top = &frame_;
    frame_.start_ticks = hotpath::detail::now_ticks();
  }

  HOTPATH_ALWAYS_INLINE ~GuardWithoutCallTree() {
    const std::uint64_t inclusive = hotpath::detail::now_ticks() - frame_.start_ticks;
    state_->top = frame_.parent;
    if (frame_.parent != nullptr) frame_.parent->child_ticks += inclusive;
    const std::uint64_t self = inclusive > frame_.child_ticks ? inclusive - frame_.child_ticks : 0;
    hotpath::detail::record_call(*frame_.slot, inclusive, self);
    hotpath::detail::record_allocations(*state_, frame_);
  }

  GuardWithoutCallTree(const GuardWithoutCallTree&) = delete;
  GuardWithoutCallTree& operator=(const GuardWithoutCallTree&) = delete;

 private:
  hotpath::detail::ThreadState* state_;
  hotpath::detail::Frame frame_;
};

/// Times every call made on the calling thread from now on: adaptive timing would
/// otherwise stop timing the benchmarks' functions after a few thousand calls.
/// Registers the thread first (registering sets the threshold).
void time_every_call() {
  std::uint64_t value = 0;
  instrumented_call(value);
  hotpath::detail::t_thread_state.adaptive_threshold_ticks = 0;
}

HOTPATH_NOINLINE void call_measured_without_call_tree(std::uint64_t& value) {
  static hotpath::Site site("call_measured_without_call_tree", nullptr, __FILE__, __LINE__);
  GuardWithoutCallTree guard(site);
  benchmark::DoNotOptimize(value);
}

void BM_Uninstrumented(benchmark::State& state) {
  std::uint64_t value = 0;
  for (auto _ : state) uninstrumented_call(value);
}
BENCHMARK(BM_Uninstrumented);

void BM_Instrumented(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  for (auto _ : state) instrumented_call(value);
}
BENCHMARK(BM_Instrumented);

void BM_InstrumentedWithoutCallTree(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  for (auto _ : state) call_measured_without_call_tree(value);
}
BENCHMARK(BM_InstrumentedWithoutCallTree);

// With the timeline on (HOTPATH_TRACE), each call is also written to the thread's
// ring. Switched on here for this benchmark alone, on one thread.
void BM_InstrumentedTraced(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  hotpath::detail::g_tracing = true;
  hotpath::detail::g_records_calls = true;
  for (auto _ : state) instrumented_call(value);
  hotpath::detail::g_tracing = false;
  hotpath::detail::g_records_calls = false;
}
BENCHMARK(BM_InstrumentedTraced);

// The guard without the time sampling check: the same frame, call tree and
// compensation, every call timed. BM_Instrumented minus this is what the check
// costs a program that does not sample.
class GuardWithoutSampling {
 public:
  HOTPATH_ALWAYS_INLINE explicit GuardWithoutSampling(const hotpath::Site& site) noexcept
      : state_(&hotpath::detail::t_thread_state) {
    hotpath::detail::push_frame(*state_, frame_, site);
    frame_.start_ticks = hotpath::detail::now_ticks();
  }

  HOTPATH_ALWAYS_INLINE ~GuardWithoutSampling() {
    hotpath::detail::finish_frame(*state_, frame_, hotpath::detail::now_ticks());
  }

  GuardWithoutSampling(const GuardWithoutSampling&) = delete;
  GuardWithoutSampling& operator=(const GuardWithoutSampling&) = delete;

 private:
  hotpath::detail::ThreadState* state_;
  hotpath::detail::Frame frame_;
};

HOTPATH_NOINLINE void call_measured_without_sampling(std::uint64_t& value) {
  static hotpath::Site site("call_measured_without_sampling", nullptr, __FILE__, __LINE__);
  GuardWithoutSampling guard(site);
  benchmark::DoNotOptimize(value);
}

void BM_InstrumentedWithoutSampling(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  for (auto _ : state) call_measured_without_sampling(value);
}
BENCHMARK(BM_InstrumentedWithoutSampling);

// A function of its own for time sampling, so that the countdown it leaves behind
// does not touch the other benchmarks' function.
HOTPATH_NOINLINE void sampled_call(std::uint64_t& value) {
  HOTPATH_MEASURE();
  benchmark::DoNotOptimize(value);
}

// Time sampling at its highest rate (HOTPATH_TIME_SAMPLING_RATE=1000000): all but
// one call in a million are untimed, and cost what an untimed call costs. The rate
// is set on this thread alone, for this benchmark.
void BM_InstrumentedUntimed(benchmark::State& state) {
  std::uint64_t value = 0;
  hotpath::detail::ThreadState& thread = hotpath::detail::t_thread_state;
  sampled_call(value);  // registers the thread, which would reset the rate
  thread.untimed_between = 1000000 - 1;
  for (auto _ : state) sampled_call(value);
  thread.untimed_between = 0;
}
BENCHMARK(BM_InstrumentedUntimed);

// A function of its own for adaptive timing, which it turns on for itself.
HOTPATH_NOINLINE void adaptive_call(std::uint64_t& value) {
  HOTPATH_MEASURE();
  benchmark::DoNotOptimize(value);
}

// Adaptive timing's steady state: the function turned adaptive after its first
// calls proved short, and 127 calls in 128 are counted, not timed. Against
// BM_Uninstrumented, what an adaptive call adds to a call (at most 2.5 ns).
void BM_InstrumentedAdaptive(benchmark::State& state) {
  std::uint64_t value = 0;
  hotpath::detail::ThreadState& thread = hotpath::detail::t_thread_state;
  time_every_call();
  thread.adaptive_threshold_ticks = ~std::uint64_t{0} / hotpath::detail::kAdaptiveReviewCalls;
  for (std::uint64_t call = 0; call < hotpath::detail::kAdaptiveReviewCalls; ++call)
    adaptive_call(value);
  thread.adaptive_threshold_ticks = 0;
  for (auto _ : state) adaptive_call(value);
}
BENCHMARK(BM_InstrumentedAdaptive);

// Calls made by a measured caller: the callee's node is found from the caller's.
void BM_InstrumentedInMeasuredCaller(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  HOTPATH_MEASURE_BLOCK("caller");
  for (auto _ : state) instrumented_call(value);
}
BENCHMARK(BM_InstrumentedInMeasuredCaller);
// Every thread records into its own slot of the same Site; per-call CPU time should
// not grow with the number of threads (no shared cache line is written).
BENCHMARK(BM_Instrumented)->Threads(1)->Threads(2)->Threads(8);

// Calls the edge cache of a caller's node cannot hold (it keeps 8 callees): 32
// measured callers, each calling the same 32 measured callees in turn, 1,024 paths.
// Most calls take the slow path, which finds the edge in the thread's table of
// them; against BM_Instrumented, what a program with wide call graphs pays.
constexpr int kWidth = 32;
using Callee = void (*)(std::uint64_t&);

template <int I>
HOTPATH_NOINLINE void wide_callee(std::uint64_t& value) {
  HOTPATH_MEASURE();
  benchmark::DoNotOptimize(value);
}

template <int... I>
constexpr std::array<Callee, sizeof...(I)> callees_of(std::integer_sequence<int, I...>) {
  return {&wide_callee<I>...};
}
constexpr std::array<Callee, kWidth> kWideCallees =
    callees_of(std::make_integer_sequence<int, kWidth>());

template <int I>
HOTPATH_NOINLINE void wide_caller(std::uint64_t& value) {
  HOTPATH_MEASURE();
  for (Callee callee : kWideCallees) callee(value);
}

template <int... I>
constexpr std::array<Callee, sizeof...(I)> callers_of(std::integer_sequence<int, I...>) {
  return {&wide_caller<I>...};
}
constexpr std::array<Callee, kWidth> kWideCallers =
    callers_of(std::make_integer_sequence<int, kWidth>());

void BM_InstrumentedWideCallGraph(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  for (auto _ : state) {
    for (Callee caller : kWideCallers) caller(value);
  }
  // Per measured call: each caller and its callees.
  state.SetItemsProcessed(state.iterations() * kWidth * (kWidth + 1));
}
BENCHMARK(BM_InstrumentedWideCallGraph);

void BM_ClockRead(benchmark::State& state) {
  std::uint64_t value = 0;
  // The first measured call starts the runtime, which selects the tick source.
  instrumented_call(value);
  for (auto _ : state) benchmark::DoNotOptimize(hotpath::detail::now_ticks());
}
BENCHMARK(BM_ClockRead);

// The floor of any guard: two clock reads around the same body, nothing recorded.
// Instrumented minus this is the guard's bookkeeping.
HOTPATH_NOINLINE void clock_read_pair(std::uint64_t& value) {
  const std::uint64_t start = hotpath::detail::now_ticks();
  benchmark::DoNotOptimize(value);
  benchmark::DoNotOptimize(hotpath::detail::now_ticks() - start);
}

void BM_ClockReadPair(benchmark::State& state) {
  std::uint64_t value = 0;
  instrumented_call(value);
  for (auto _ : state) clock_read_pair(value);
}
BENCHMARK(BM_ClockReadPair);

void BM_SteadyClockNow(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(std::chrono::steady_clock::now());
}
BENCHMARK(BM_SteadyClockNow);

}  // namespace

int main(int argc, char** argv) { return run_benchmarks(argc, argv); }
