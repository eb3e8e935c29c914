// A run of the program with one of hotpath's libraries preloaded, whose processes
// write logs of native stacks into the command's temporary directory (one per
// process, named <prefix><pid>), and those logs read and folded into one set of
// stacks: CPU samples (libhotpath-cpu) or off-CPU waits (libhotpath-wait).
#ifndef HOTPATH_CLI_PRELOADED_RUN_HPP
#define HOTPATH_CLI_PRELOADED_RUN_HPP

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "folded_stacks.hpp"
#include "program_runner.hpp"
#include "recording.hpp"
#include "sample_log/stack_folding.hpp"
#include "temporary_directory.hpp"
#include "verbose_log.hpp"

namespace hotpath::cli {

/// `base` with `library` first in LD_PRELOAD.
Environment with_preload(const Environment& base, const std::string& library);

/// The program's name, for messages and the flame graph's subtitle.
std::string program_name(const std::vector<std::string>& command);

/// Runs `run` in the foreground, saying the `variables` of its environment and the
/// command in the verbose log. Nothing and `failure` set when it cannot start.
std::optional<ProgramExit> run_preloaded(const ForegroundRun& run,
                                         std::initializer_list<const char*> variables,
                                         const VerboseLog& log, Failure& failure);

/// Why a run left no log: `library` ("the sampler") did not start in the program
/// `subject`, or was not loaded into it; `instead` is appended to the second ("":
/// nothing).
std::string why_no_log(const ProgramExit& exit, const std::string& subject, const char* library,
                       const char* instead);

/// What the logs held besides their stacks.
struct FoldedLogs {
  std::size_t logs = 0;       ///< logs found (read or not)
  std::size_t stacks = 0;     ///< stacks in the logs read
  double frequency_hz = 0;    ///< the last log's sampling frequency; 0 when none says
  std::string stopped_early;  ///< why a process stopped before it ended, the first said
};

/// Reads every log named `prefix`<pid> in `directory`, by pid, and adds its stacks
/// (each counted with its weight) to `stacks`. A log that cannot be read is skipped
/// with a line on stderr; `what` names its stacks in the verbose log ("samples").
FoldedLogs fold_logs(const TemporaryDirectory& directory, const std::string& prefix,
                     const cpu::FoldOptions& options, const char* what, const VerboseLog& log,
                     flamegraph::FoldedStacks& stacks);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_PRELOADED_RUN_HPP
