// Writing the report without ever leaving a half-written file behind.
#ifndef HOTPATH_RUNTIME_OUTPUT_FILE_HPP
#define HOTPATH_RUNTIME_OUTPUT_FILE_HPP

#include <string>
#include <string_view>

namespace hotpath::detail {

/// Writes `contents` to a temporary file next to `path`, flushes it to disk and
/// renames it over `path`. On failure returns false, leaves `path` untouched,
/// removes the temporary file and sets `error` to a sentence saying why.
bool write_file_atomically(const std::string& path, std::string_view contents, std::string& error);

/// Writes `contents` to stdout and flushes; false with `error` on failure.
bool write_stdout(std::string_view contents, std::string& error);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_OUTPUT_FILE_HPP
