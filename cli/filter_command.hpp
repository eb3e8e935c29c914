// `hotpath filter`: reports of a measure-all build in, a filter file out, listing
// the functions whose guards cost the run more than they measure (filter_rule.hpp).
//
//   options -> read the reports -> merge by signature -> the rule -> write (-o FILE
//           or stdout)
#ifndef HOTPATH_CLI_FILTER_COMMAND_HPP
#define HOTPATH_CLI_FILTER_COMMAND_HPP

#include <string>
#include <vector>

namespace hotpath::cli {

/// Runs `hotpath filter` with the arguments that follow the subcommand and returns
/// the exit status: 0, or 2 when the command line or a report is wrong or the
/// output cannot be written (one line on stderr, and no output file).
int run_filter_command(const std::vector<std::string>& arguments);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FILTER_COMMAND_HPP
