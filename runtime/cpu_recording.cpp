// The runtime's end of CPU sampling: hotpath-cpu hands over its stop function when
// it loads, and the report calls it.
#include "cpu_recording.hpp"

#include "env_config.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {
namespace {

CpuSamplingStop g_stop = nullptr;
CpuMode g_mode = CpuMode::Self;

}  // namespace

void install_cpu_sampling(CpuSamplingStop stop) noexcept {
  RuntimeScope runtime;
  g_mode = env_cpu_inclusive().value_or(false) ? CpuMode::Inclusive : CpuMode::Self;
  g_stop = stop;
}

bool cpu_sampling_installed() noexcept { return g_stop != nullptr; }
CpuSamplingTotals stop_cpu_sampling() noexcept { return g_stop(); }
CpuMode cpu_mode() noexcept { return g_mode; }

}  // namespace hotpath::detail
