// Writing the flame graph and folded stacks of this process at the end of sampling.
#include "cpu/sampler_outputs.hpp"

#include <cstdio>
#include <exception>

#include <fmt/format.h>

#include "folded_stacks.hpp"
#include "output_file.hpp"
#include "sample_log/sample_log_reader.hpp"
#include "sample_log/stack_folding.hpp"
#include "svg_renderer.hpp"

namespace hotpath::cpu {

using detail::write_output_file_at;

bool OutputPaths::all_name_pid() const noexcept {
  const auto names_pid = [](const std::string& path) {
    return path.empty() || path.find("%p") != std::string::npos;
  };
  return names_pid(flamegraph) && names_pid(folded);
}

void write_outputs(const SampleLogWriter& log, const OutputPaths& outputs, long pid) noexcept {
  if (!outputs.wanted()) return;
  try {
    std::string error;
    std::optional<SampleLog> samples = read_sample_log(log.data(), log.size(), error);
    if (!samples) {
      std::fprintf(stderr, "hotpath: no flame graph: %s\n", error.c_str());
      return;
    }
    const flamegraph::FoldedStacks stacks = fold_sample_log(*samples).merged();
    if (!outputs.folded.empty())
      write_output_file_at(outputs.folded, pid, flamegraph::to_folded(stacks), "folded stacks");
    if (!outputs.flamegraph.empty()) {
      flamegraph::Options options;
      options.title = "CPU Flame Graph";
      options.subtitle = fmt::format("{} (pid {}): {} samples at {} Hz", samples->program, pid,
                                     stacks.total(), samples->frequency_hz);
      options.deterministic = true;
      write_output_file_at(outputs.flamegraph, pid, flamegraph::render_svg(stacks, options),
                           "flame graph");
    }
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no flame graph: %s\n", failure.what());
  }
}

}  // namespace hotpath::cpu
