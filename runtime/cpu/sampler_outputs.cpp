// The CPU sampler's flame graph and folded stacks: one sample per stack count.
#include "cpu/sampler_outputs.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <optional>
#include <string>

#include "sample_log/symbolized_samples.hpp"

namespace hotpath::cpu {
namespace {

/// Made once, when sampling stops; read by the report after. Never destroyed: the
/// report may be written by an exit handler that runs after static destructors.
const pprof::NativeSamples* g_native_samples = nullptr;

flamegraph::FoldedStacks as_sampled(flamegraph::FoldedStacks stacks) { return stacks; }

flamegraph::Options cpu_graph(const SampleLog& log, const flamegraph::FoldedStacks& stacks,
                              long pid) {
  flamegraph::Options options;
  options.title = "CPU Flame Graph";
  options.subtitle = fmt::format("{} (pid {}): {} samples at {} Hz", log.program, pid,
                                 stacks.total(), log.frequency_hz);
  options.deterministic = true;
  return options;
}

}  // namespace

void write_outputs(const SampleLogWriter& log, const OutputPaths& outputs, long pid) noexcept {
  write_log_outputs(log.data(), log.size(), outputs, pid, {as_sampled, cpu_graph});
}

void keep_native_samples(const SampleLogWriter& log) noexcept {
  try {
    std::string error;
    const std::optional<SampleLog> read = read_sample_log(log.data(), log.size(), error);
    if (!read) {
      std::fprintf(stderr, "hotpath: no CPU samples for the profile: %s\n", error.c_str());
      return;
    }
    g_native_samples = new pprof::NativeSamples(native_samples(*read));
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no CPU samples for the profile: %s\n", failure.what());
  }
}

const pprof::NativeSamples* kept_native_samples() noexcept { return g_native_samples; }

}  // namespace hotpath::cpu
