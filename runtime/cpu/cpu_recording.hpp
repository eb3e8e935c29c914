// CPU sampling, the runtime's side: what hotpath-cpu installs when it loads, and
// how the report ends sampling and reads its totals. The sampler itself (timers,
// signal handler, stack capture) is in runtime/cpu/; it counts each sample in the
// FunctionSlots of the measured calls on the interrupted thread's shadow stack.
#ifndef HOTPATH_RUNTIME_CPU_RECORDING_HPP
#define HOTPATH_RUNTIME_CPU_RECORDING_HPP

#include <cstdint>
#include <string>

#include "hotpath/detail/platform.hpp"
#include "hotpath/report.hpp"
#include "native_samples.hpp"

namespace hotpath::detail {

/// What the sampler counted besides the per-function samples.
struct CpuSamplingTotals {
  const char* timer = "";  ///< "perf_event" or "cpu-timer"
  double frequency_hz = 0;
  std::uint64_t samples = 0;             ///< every sample taken
  std::uint64_t unmeasured_samples = 0;  ///< samples with no measured call on the stack
  std::uint64_t lost_samples = 0;        ///< samples taken but not recorded
  std::uint64_t period_ns = 0;           ///< the CPU time one sample stands for
  std::uint64_t cpu_ns = 0;              ///< CPU time (user + system) of the process while sampled
  bool stopped_early = false;            ///< the program installed its own handler
};

/// What hotpath-cpu provides to the runtime.
struct CpuSamplingHooks {
  /// Ends sampling (idempotent) and returns the totals.
  CpuSamplingTotals (*stop)() noexcept;
  /// The totals so far; sampling goes on.
  CpuSamplingTotals (*totals)() noexcept;
  /// A session asks for a flame graph and/or folded stacks (empty: not asked); the
  /// environment's settings take precedence.
  void (*request_outputs)(const char* flamegraph_path, const char* folded_path) noexcept;
  /// The samples with their native stacks, symbolized when sampling stopped; null
  /// when neither HOTPATH_PPROF nor HOTPATH_SPEEDSCOPE asked for them.
  const pprof::NativeSamples* (*native_samples)() noexcept;
};

/// Called once by hotpath-cpu when it loads: the report has a CPU section from then
/// on, and `hooks.stop` ends sampling when the first report is produced.
HOTPATH_API void install_cpu_sampling(const CpuSamplingHooks& hooks) noexcept;

/// True when hotpath-cpu is loaded.
bool cpu_sampling_installed() noexcept;
/// Ends sampling and returns its totals (hotpath-cpu must be loaded).
CpuSamplingTotals stop_cpu_sampling() noexcept;
/// The totals of sampling so far, which goes on (hotpath-cpu must be loaded).
CpuSamplingTotals cpu_sampling_totals() noexcept;
/// Passes a session's flame graph and folded stacks paths to hotpath-cpu. Without
/// it, a path that was asked for is explained on stderr.
void request_cpu_outputs(const std::string& flamegraph_path, const std::string& folded_path);
/// The CPU samples with native stacks, once sampling stopped; null without
/// hotpath-cpu, or when they were not asked for.
const pprof::NativeSamples* cpu_native_samples() noexcept;
/// HOTPATH_CPU_INCLUSIVE=1: a sample counts for every measured function on the stack.
CpuMode cpu_mode() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CPU_RECORDING_HPP
