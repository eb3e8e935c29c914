// `hotpath console [URL]`: the live metrics of a running program in the terminal.
#ifndef HOTPATH_CLI_CONSOLE_COMMAND_HPP
#define HOTPATH_CLI_CONSOLE_COMMAND_HPP

#include <string>
#include <vector>

namespace hotpath::cli {

/// Runs `hotpath console` with the arguments after "console"; the exit status.
int run_console_command(const std::vector<std::string>& arguments);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_CONSOLE_COMMAND_HPP
