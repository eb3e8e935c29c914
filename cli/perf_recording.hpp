// Recording with perf (--perf, --pid) and reading perf.data files (--perfdata):
// `perf record --call-graph dwarf`, then `perf script`, folded by
// perf_script_collapse. The perf to run is $PERF, as cargo-flamegraph does, or perf
// from PATH.
#ifndef HOTPATH_CLI_PERF_RECORDING_HPP
#define HOTPATH_CLI_PERF_RECORDING_HPP

#include <optional>
#include <string>
#include <vector>

#include "recording.hpp"
#include "temporary_directory.hpp"
#include "verbose_log.hpp"

namespace hotpath::cli {

/// The perf to run: $PERF when set (a path, or a name looked up in PATH), else perf
/// from PATH. Nothing when it does not exist; `error` then says that `option` needs
/// perf and how to install it.
std::optional<std::string> find_perf(const std::string& option, std::string& error);

/// What to record.
struct PerfSettings {
  std::string perf;                  ///< the perf executable
  std::vector<std::string> command;  ///< the program and its arguments, or empty with `pid`
  std::optional<long> pid;           ///< attach to this process instead
  unsigned frequency_hz = 997;
  bool keep_order = false;  ///< one stack per sample in time order (flame charts)
  bool verbose = false;     ///< let perf print its progress messages
};

/// The command line of `perf record` writing to `output`, perf first.
std::vector<std::string> perf_record_arguments(const PerfSettings& settings,
                                               const std::string& output);

/// Runs `perf record` (which runs the program, or attaches to the pid until Ctrl-C)
/// and folds what it recorded. Nothing and `failure` set when the program cannot be
/// started or perf recorded nothing.
std::optional<Recording> record_with_perf(const PerfSettings& settings,
                                          const TemporaryDirectory& directory,
                                          const VerboseLog& log, Failure& failure);

/// Folds the samples of an existing perf.data file.
std::optional<Recording> read_perf_data(const std::string& perf, const std::string& path,
                                        bool keep_order, const VerboseLog& log, Failure& failure);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_PERF_RECORDING_HPP
