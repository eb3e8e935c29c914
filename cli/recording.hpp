// What every way of getting stacks hands to the flame graph pipeline: the folded
// stacks, how the profiled program ended, and a failure type for the errors that
// stop the command.
#ifndef HOTPATH_CLI_RECORDING_HPP
#define HOTPATH_CLI_RECORDING_HPP

#include <optional>
#include <string>

#include "folded_stacks.hpp"
#include "program_runner.hpp"

namespace hotpath::cli {

/// Stacks from one source: a run of the program, a perf.data file, a folded file, a
/// report's call tree.
struct Recording {
  flamegraph::FoldedStacks stacks;
  std::optional<ProgramExit> exit;     ///< how the program ended, when hotpath ran it
  std::string subject;                 ///< what was profiled: the program's name, a file, a pid
  double frequency_hz = 0;             ///< samples per second; 0 when unknown
  std::string why_empty;               ///< when there are no stacks: the likely reason
  std::string count_name = "samples";  ///< what the stacks' counts are: samples, ns
};

/// An error that ends the command: one line (without the "hotpath flamegraph: "
/// prefix) and the exit status.
struct Failure {
  std::string message;
  int exit_status = 1;
};

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_RECORDING_HPP
