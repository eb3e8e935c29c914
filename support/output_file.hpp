// Writing the files hotpath produces without ever leaving a half-written file
// behind, or replacing what a path names by a file.
#ifndef HOTPATH_RUNTIME_OUTPUT_FILE_HPP
#define HOTPATH_RUNTIME_OUTPUT_FILE_HPP

#include <optional>
#include <string>
#include <string_view>

namespace hotpath::detail {

/// Writes a file (a report, a flame graph, a rewritten source) to `path` without
/// destroying what `path` is: a regular file, or a path that does not exist yet,
/// is replaced atomically (written to a temporary file next to it, flushed to disk
/// and renamed over it; through a symbolic link its target is, and the link stays);
/// a FIFO, a device (`/dev/stdout`) or a socket is opened and written; an existing
/// regular file in a directory where no temporary file can be made is overwritten
/// in place. A failed write leaves the file as it was. False with `error` (a
/// sentence saying why) when nothing worked.
bool write_output_file(const std::string& path, std::string_view contents, std::string& error);

/// write_output_file() to the path `pattern` names once `%p` is `pid` and `%t` the
/// time (a file the program writes at the end: a flame graph, a trace). The path
/// written, or nothing after saying on stderr why `what` could not be written.
std::optional<std::string> write_output_file_at(const std::string& pattern, long pid,
                                                std::string_view contents, const char* what);

/// True when `path` names something other than a file, through its symbolic links:
/// a FIFO, a device (`/dev/stdout`), a socket, a directory.
bool names_special_file(const std::string& path);

/// Writes `contents` to stdout and flushes; false with `error` on failure.
bool write_stdout(std::string_view contents, std::string& error);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_OUTPUT_FILE_HPP
