// `hotpath flamegraph`: the pipeline from a command line to an SVG file.
//
//   options -> recording (sampler | perf record | perf.data | folded file)
//           -> --skip-after -> --post-process -> --reverse -> render -> write -> --open
#ifndef HOTPATH_CLI_FLAMEGRAPH_COMMAND_HPP
#define HOTPATH_CLI_FLAMEGRAPH_COMMAND_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "program_runner.hpp"
#include "recording.hpp"

namespace hotpath::cli {

/// Runs `hotpath flamegraph` with the arguments that follow the subcommand and returns
/// the exit status: the profiled program's (128 + N when signal N killed it), also
/// when it gave no samples to draw; or 1 when hotpath itself failed and the program
/// did not, or 2 for a command line error.
int run_flamegraph_command(const std::vector<std::string>& arguments);

/// `count` with thousands separators: 12345 -> "12,345".
std::string with_thousands(std::uint64_t count);

/// The subtitle when --subtitle is not given: "<subject> — N samples at F Hz".
std::string default_subtitle(const Recording& recording, std::uint64_t samples);

/// The exit status after a failure of hotpath's own: the program's when it failed
/// (nonzero or killed), else 1.
int failure_exit_status(const std::optional<ProgramExit>& program);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FLAMEGRAPH_COMMAND_HPP
