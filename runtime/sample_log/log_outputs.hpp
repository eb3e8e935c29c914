// The files a process writes from its own log of native stacks when it ends: a
// flame graph and folded stacks. The CPU sampler's (HOTPATH_FLAMEGRAPH,
// HOTPATH_FOLDED) and hotpath-wait's off-CPU ones (HOTPATH_FLAMEGRAPH_OFFCPU,
// HOTPATH_FOLDED_OFFCPU) differ only in what a stack's count means.
#ifndef HOTPATH_RUNTIME_SAMPLE_LOG_LOG_OUTPUTS_HPP
#define HOTPATH_RUNTIME_SAMPLE_LOG_LOG_OUTPUTS_HPP

#include <cstddef>
#include <string>

#include "folded_stacks.hpp"
#include "options.hpp"
#include "sample_log/sample_log_reader.hpp"

namespace hotpath::cpu {

/// Output paths as given, `%p` not yet expanded; empty when not wanted.
struct OutputPaths {
  std::string flamegraph;
  std::string folded;

  bool wanted() const noexcept { return !flamegraph.empty() || !folded.empty(); }
  /// True when every wanted path contains `%p`: a forked child's files are then
  /// its own.
  bool all_name_pid() const noexcept;
};

/// What the outputs of a log show.
struct OutputStyle {
  /// The folded stacks the outputs count (given the log's stacks, merged, each
  /// counted with its weight).
  flamegraph::FoldedStacks (*counted)(flamegraph::FoldedStacks stacks);
  /// The flame graph's title, subtitle, unit and colors.
  flamegraph::Options (*graph)(const SampleLog& log, const flamegraph::FoldedStacks& counted,
                               long pid);
};

/// Symbolizes the stacks of the log in `data` (this process's) and writes the
/// outputs, each atomically: a file is whole or untouched. Failures are explained
/// on stderr.
void write_log_outputs(const char* data, std::size_t size, const OutputPaths& outputs, long pid,
                       const OutputStyle& style) noexcept;

/// Stacks weighted in nanoseconds counted in microseconds (rounded, and at least
/// 1 for a stack of any weight): the unit of off-CPU flame graphs.
flamegraph::FoldedStacks in_microseconds(flamegraph::FoldedStacks stacks);

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_SAMPLE_LOG_LOG_OUTPUTS_HPP
