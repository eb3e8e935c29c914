// `hotpath report`: a saved JSON report shown again.
//
//   options -> read the file -> view (--focus, --sort, --limit) -> render (--format)
//           -> write (-o FILE or stdout)
#ifndef HOTPATH_CLI_REPORT_COMMAND_HPP
#define HOTPATH_CLI_REPORT_COMMAND_HPP

#include <string>
#include <vector>

namespace hotpath::cli {

/// Runs `hotpath report` with the arguments that follow the subcommand and returns
/// the exit status: 0, or 2 when the command line or the report is wrong or the
/// output cannot be written (one line on stderr, and no output file).
int run_report_command(const std::vector<std::string>& arguments);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_REPORT_COMMAND_HPP
