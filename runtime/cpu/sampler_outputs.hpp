// The files a sampled program writes when sampling ends: the flame graph
// (HOTPATH_FLAMEGRAPH) and the folded stacks (HOTPATH_FOLDED).
#ifndef HOTPATH_RUNTIME_CPU_SAMPLER_OUTPUTS_HPP
#define HOTPATH_RUNTIME_CPU_SAMPLER_OUTPUTS_HPP

#include <string>

#include "sample_log/sample_log_writer.hpp"

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

/// Symbolizes the samples of `log`, this process's, and writes the outputs (each
/// atomically: a file is whole or untouched). Failures are explained on stderr.
void write_outputs(const SampleLogWriter& log, const OutputPaths& outputs, long pid) noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_SAMPLER_OUTPUTS_HPP
