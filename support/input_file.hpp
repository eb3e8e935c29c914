// Reading the files hotpath is given (a saved report, a pprof profile, folded
// stacks, a trace) whole, with one wording for what went wrong.
#ifndef HOTPATH_SUPPORT_INPUT_FILE_HPP
#define HOTPATH_SUPPORT_INPUT_FILE_HPP

#include <optional>
#include <string>

namespace hotpath::detail {

/// The bytes of the file at `path`; nothing when it cannot be read, with `error` a
/// sentence naming the path and the reason: `cannot read "run.json": No such file or
/// directory`, `cannot read "out": it is a directory`.
std::optional<std::string> read_input_file(const std::string& path, std::string& error);

}  // namespace hotpath::detail

#endif  // HOTPATH_SUPPORT_INPUT_FILE_HPP
