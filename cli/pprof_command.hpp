// `hotpath pprof`: a saved JSON report as a pprof profile, for `go tool pprof` and
// the continuous profilers that read profile.proto.
//
//   hotpath pprof REPORT.json -o PROFILE.pb.gz
#ifndef HOTPATH_CLI_PPROF_COMMAND_HPP
#define HOTPATH_CLI_PPROF_COMMAND_HPP

#include <string>
#include <vector>

namespace hotpath::cli {

/// The command's help text.
std::string pprof_help();

/// Runs `hotpath pprof` with the arguments that follow the subcommand: 0, or 2
/// when the command line or the report is wrong or the profile cannot be written
/// (one line on stderr, and no output file).
int run_pprof_command(const std::vector<std::string>& arguments);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_PPROF_COMMAND_HPP
