// Output files: atomic replacement (temporary file, fsync, rename) of regular
// files, in-place writes to what is not one.
#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "env_config.hpp"

namespace hotpath::detail {
namespace {

bool write_all(int fd, std::string_view contents) {
  while (!contents.empty()) {
    const ssize_t written = ::write(fd, contents.data(), contents.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    contents.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

std::string describe_errno(const char* what) {
  return std::string(what) + ": " + std::strerror(errno);
}

/// The file a path names, through symbolic links (also one whose target does not
/// exist yet); `path` itself when it is no link. Empty for a loop of links.
std::string resolve_links(std::string path) {
  for (int depth = 0; depth < 40; ++depth) {
    struct stat status {};
    if (::lstat(path.c_str(), &status) != 0 || !S_ISLNK(status.st_mode)) return path;
    std::string target(static_cast<std::size_t>(PATH_MAX), '\0');
    const ssize_t length = ::readlink(path.c_str(), target.data(), target.size());
    if (length < 0) return path;
    target.resize(static_cast<std::size_t>(length));
    // A relative target is relative to the link's directory.
    const std::size_t slash = path.rfind('/');
    path = target[0] == '/' || slash == std::string::npos ? target
                                                          : path.substr(0, slash + 1) + target;
  }
  errno = ELOOP;
  return "";
}

/// Opens an existing file and writes `contents` into it, from its start.
bool write_in_place(const std::string& path, int flags, std::string_view contents,
                    std::string& error) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | flags);
  if (fd < 0) {
    error = describe_errno("cannot open");
    return false;
  }
  bool ok = write_all(fd, contents);
  if (!ok) error = std::strerror(errno);
  if (::close(fd) != 0 && ok) {
    ok = false;
    error = describe_errno("cannot close");
  }
  return ok;
}

}  // namespace

namespace {

enum class Replaced { Yes, NoTemporaryFile, Failed };

/// The atomic replace, telling a directory where no temporary file can be made (the
/// caller may still write the file in place) from a failure while writing (a full
/// disk: the original must stay as it is).
Replaced replace_atomically(const std::string& path, std::string_view contents,
                            std::string& error) {
  std::string temporary = path + ".hotpath-XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) {
    error = describe_errno("cannot create a temporary file next to it");
    return Replaced::NoTemporaryFile;
  }
  // mkstemp creates the file 0600: a file that is replaced keeps its permissions, a
  // new one is an ordinary file.
  struct stat existing {};
  ::fchmod(fd, ::stat(path.c_str(), &existing) == 0 ? existing.st_mode & 07777 : 0644);
  bool ok = write_all(fd, contents);
  if (!ok) error = std::strerror(errno);
  if (ok && ::fsync(fd) != 0) {
    ok = false;
    error = describe_errno("cannot flush to disk");
  }
  if (::close(fd) != 0 && ok) {
    ok = false;
    error = describe_errno("cannot close");
  }
  if (ok && std::rename(temporary.c_str(), path.c_str()) != 0) {
    ok = false;
    error = describe_errno("cannot rename the temporary file over it");
  }
  if (!ok) ::unlink(temporary.c_str());
  return ok ? Replaced::Yes : Replaced::Failed;
}

}  // namespace

bool write_output_file(const std::string& path, std::string_view contents, std::string& error) {
  const std::string target = resolve_links(path);
  if (target.empty()) {
    error = describe_errno("cannot follow its symbolic links");
    return false;
  }
  // A pipe, a terminal, /dev/stdout: what reads it expects the report, not a new file.
  if (names_special_file(target)) return write_in_place(target, 0, contents, error);
  const Replaced replaced = replace_atomically(target, contents, error);
  if (replaced != Replaced::NoTemporaryFile) return replaced == Replaced::Yes;
  // An existing file in a directory where no temporary file can be made (a
  // read-only directory): overwriting it is better than losing what was to be
  // written. The error stays the one that says why no temporary file was made.
  std::string direct_error;
  return write_in_place(target, O_TRUNC, contents, direct_error);
}

bool names_special_file(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && !S_ISREG(status.st_mode);
}

bool write_stdout(std::string_view contents, std::string& error) {
  if (std::fwrite(contents.data(), 1, contents.size(), stdout) != contents.size() ||
      std::fflush(stdout) != 0) {
    error = describe_errno("cannot write to stdout");
    return false;
  }
  return true;
}

std::optional<std::string> write_output_file_at(const std::string& pattern, long pid,
                                                std::string_view contents, const char* what) {
  const std::string path = expand_path_pattern(pattern, pid, std::time(nullptr));
  std::string error;
  if (write_output_file(path, contents, error)) return path;
  std::fprintf(stderr, "hotpath: cannot write the %s to \"%s\": %s\n", what, path.c_str(),
               error.c_str());
  return std::nullopt;
}

}  // namespace hotpath::detail
