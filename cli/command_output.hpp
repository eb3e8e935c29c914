// Where `hotpath report` and `hotpath diff` put their output: a file given with -o,
// replaced whole or not at all, or stdout.
#ifndef HOTPATH_CLI_COMMAND_OUTPUT_HPP
#define HOTPATH_CLI_COMMAND_OUTPUT_HPP

#include <string>
#include <string_view>

namespace hotpath::cli {

/// Writes `text` to the file `path` (atomically), or to stdout when `path` is
/// empty. False with `error`, one line naming where it could not write.
bool write_command_output(const std::string& path, std::string_view text, std::string& error);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_COMMAND_OUTPUT_HPP
