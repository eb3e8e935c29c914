// `hotpath diff`: two saved JSON reports compared.
//
//   options -> read base and head -> compare (--metric, --threshold, --min-calls)
//           -> render (--format) -> write (-o FILE or stdout) -> exit status
#ifndef HOTPATH_CLI_DIFF_COMMAND_HPP
#define HOTPATH_CLI_DIFF_COMMAND_HPP

#include <string>
#include <vector>

namespace hotpath::cli {

/// Runs `hotpath diff` with the arguments that follow the subcommand and returns the
/// exit status: 0; 1 with --fail-on-regression when a function regressed; 2 when the
/// command line or a report is wrong or the output cannot be written (one line on
/// stderr, and no output file).
int run_diff_command(const std::vector<std::string>& arguments);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_DIFF_COMMAND_HPP
