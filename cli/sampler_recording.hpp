// The default recorder: the program runs with libhotpath-cpu preloaded, each process
// writes its samples to a log in a private directory, and after the run the logs are
// symbolized and folded into one set of stacks.
#ifndef HOTPATH_CLI_SAMPLER_RECORDING_HPP
#define HOTPATH_CLI_SAMPLER_RECORDING_HPP

#include <optional>
#include <string>
#include <vector>

#include "program_runner.hpp"
#include "recording.hpp"
#include "temporary_directory.hpp"
#include "verbose_log.hpp"

namespace hotpath::cli {

/// How to run and sample the program.
struct SamplerSettings {
  std::vector<std::string> command;  ///< the program and its arguments
  std::string cpu_library;           ///< libhotpath-cpu to preload
  unsigned frequency_hz = 997;
  bool children = false;     ///< forked children sample themselves into logs of their own
  bool follow_exec = false;  ///< programs it executes keep the preload
  bool keep_order = false;   ///< one stack per sample in time order (flame charts)
};

/// `base` with the library first in LD_PRELOAD and the HOTPATH_CPU_* variables that
/// make the sampler write its log to `log_pattern` (`%p` is the pid).
Environment sampler_environment(const Environment& base, const SamplerSettings& settings,
                                const std::string& log_pattern);

/// Runs the program with the sampler and folds the samples of every process that wrote
/// a log into `directory`. Nothing and `failure` set when the program cannot be started.
std::optional<Recording> record_with_sampler(const SamplerSettings& settings,
                                             const TemporaryDirectory& directory,
                                             const VerboseLog& log, Failure& failure);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_SAMPLER_RECORDING_HPP
