// Writing a process's flame graph and folded stacks from its log when it ends.
#include "sample_log/log_outputs.hpp"

#include <cstdio>
#include <exception>
#include <optional>

#include "output_file.hpp"
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

void write_log_outputs(const char* data, std::size_t size, const OutputPaths& outputs, long pid,
                       const OutputStyle& style) noexcept {
  if (!outputs.wanted()) return;
  try {
    std::string error;
    std::optional<SampleLog> log = read_sample_log(data, size, error);
    if (!log) {
      std::fprintf(stderr, "hotpath: no flame graph: %s\n", error.c_str());
      return;
    }
    const flamegraph::FoldedStacks stacks = style.counted(fold_sample_log(*log).merged());
    if (!outputs.folded.empty())
      write_output_file_at(outputs.folded, pid, flamegraph::to_folded(stacks), "folded stacks");
    if (!outputs.flamegraph.empty()) {
      write_output_file_at(outputs.flamegraph, pid,
                           flamegraph::render_svg(stacks, style.graph(*log, stacks, pid)),
                           "flame graph");
    }
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no flame graph: %s\n", failure.what());
  }
}

flamegraph::FoldedStacks in_microseconds(flamegraph::FoldedStacks stacks) {
  flamegraph::FoldedStacks counted;
  for (const flamegraph::Stack& stack : stacks.stacks()) {
    const std::uint64_t us = (stack.count + 500) / 1000;
    counted.add(stack.frames, us == 0 && stack.count != 0 ? 1 : us);
  }
  return counted;
}

}  // namespace hotpath::cpu
