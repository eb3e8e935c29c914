// The off-CPU recorder (`hotpath flamegraph --off-cpu`): the program runs with
// libhotpath-wait preloaded, each process logs the native stack of every wait of
// at least the threshold with the time it waited, and after the run the stacks are
// folded, counted in microseconds blocked.
#ifndef HOTPATH_CLI_OFFCPU_RECORDING_HPP
#define HOTPATH_CLI_OFFCPU_RECORDING_HPP

#include <optional>
#include <string>
#include <vector>

#include "program_runner.hpp"
#include "recording.hpp"
#include "temporary_directory.hpp"
#include "verbose_log.hpp"

namespace hotpath::cli {

/// How to run the program and keep its waits.
struct OffCpuSettings {
  std::vector<std::string> command;      ///< the program and its arguments
  std::string wait_library;              ///< libhotpath-wait to preload
  std::optional<unsigned> min_block_us;  ///< the shortest wait kept; unset: the library's
  bool keep_order = false;               ///< one stack per wait in time order (flame charts)
};

/// `base` with the library first in LD_PRELOAD and the HOTPATH_OFFCPU_* variables
/// that make it log the stacks to `log_pattern` (`%p` is the pid).
Environment offcpu_environment(const Environment& base, const OffCpuSettings& settings,
                               const std::string& log_pattern);

/// Runs the program and folds the waits of every process that wrote a log into
/// `directory`. Nothing and `failure` set when the program cannot be started.
std::optional<Recording> record_off_cpu(const OffCpuSettings& settings,
                                        const TemporaryDirectory& directory, const VerboseLog& log,
                                        Failure& failure);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_OFFCPU_RECORDING_HPP
