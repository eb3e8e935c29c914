// `hotpath speedscope`: a saved trace or report in speedscope's file format.
//
//   hotpath speedscope TRACE.json|REPORT.json [-o PROFILE.json]
#ifndef HOTPATH_CLI_SPEEDSCOPE_COMMAND_HPP
#define HOTPATH_CLI_SPEEDSCOPE_COMMAND_HPP

#include <string>
#include <vector>

namespace hotpath::cli {

/// The command's help text.
std::string speedscope_help();

/// Runs `hotpath speedscope` with the arguments that follow the subcommand: 0, or 2
/// when the command line or the input is wrong or the output cannot be written (one
/// line on stderr, and no output file).
int run_speedscope_command(const std::vector<std::string>& arguments);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_SPEEDSCOPE_COMMAND_HPP
