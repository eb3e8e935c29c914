// CPU sampling, the runtime's side: what hotpath-cpu installs when it loads, and
// how the report ends sampling and reads its totals. The sampler itself (timers,
// signal handler, stack capture) is in runtime/cpu/; it counts each sample in the
// FunctionSlots of the measured calls on the interrupted thread's shadow stack.
#ifndef HOTPATH_RUNTIME_CPU_RECORDING_HPP
#define HOTPATH_RUNTIME_CPU_RECORDING_HPP

#include <cstdint>

#include "hotpath/detail/platform.hpp"
#include "hotpath/report.hpp"

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

/// Ends sampling (idempotent) and returns the totals; provided by hotpath-cpu.
using CpuSamplingStop = CpuSamplingTotals (*)() noexcept;

/// Called once by hotpath-cpu when it loads: the report has a CPU section from then
/// on, and `stop` ends sampling when the first report is produced.
HOTPATH_API void install_cpu_sampling(CpuSamplingStop stop) noexcept;

/// True when hotpath-cpu is loaded.
bool cpu_sampling_installed() noexcept;
/// Ends sampling and returns its totals (hotpath-cpu must be loaded).
CpuSamplingTotals stop_cpu_sampling() noexcept;
/// HOTPATH_CPU_INCLUSIVE=1: a sample counts for every measured function on the stack.
CpuMode cpu_mode() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CPU_RECORDING_HPP
