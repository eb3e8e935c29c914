// The CPU sampler's flame graph and folded stacks: one sample per stack count.
#include "cpu/sampler_outputs.hpp"

#include <fmt/format.h>

namespace hotpath::cpu {
namespace {

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

}  // namespace hotpath::cpu
