// The runtime's end of CPU sampling: hotpath-cpu hands over its stop function when
// it loads, and the report calls it.
#include "cpu/cpu_recording.hpp"

#include <cstdio>

#include "env_config.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {
namespace {

CpuSamplingHooks g_hooks{nullptr, nullptr, nullptr, nullptr};
CpuMode g_mode = CpuMode::Self;

}  // namespace

void install_cpu_sampling(const CpuSamplingHooks& hooks) noexcept {
  RuntimeScope runtime;
  g_mode = env_cpu_inclusive().value_or(false) ? CpuMode::Inclusive : CpuMode::Self;
  g_hooks = hooks;
}

bool cpu_sampling_installed() noexcept { return g_hooks.stop != nullptr; }
CpuSamplingTotals stop_cpu_sampling() noexcept { return g_hooks.stop(); }
CpuSamplingTotals cpu_sampling_totals() noexcept { return g_hooks.totals(); }

void request_cpu_outputs(const std::string& flamegraph_path, const std::string& folded_path) {
  if (flamegraph_path.empty() && folded_path.empty()) return;
  if (g_hooks.request_outputs == nullptr) {
    std::fprintf(stderr,
                 "hotpath: no flame graph or folded stacks: the program does not link "
                 "hotpath-cpu (or HOTPATH_CPU=0)\n");
    return;
  }
  g_hooks.request_outputs(flamegraph_path.c_str(), folded_path.c_str());
}
const pprof::NativeSamples* cpu_native_samples() noexcept {
  return g_hooks.native_samples == nullptr ? nullptr : g_hooks.native_samples();
}

CpuMode cpu_mode() noexcept { return g_mode; }

}  // namespace hotpath::detail
