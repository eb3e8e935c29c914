// Atomic file output: temporary file, fsync, rename.
#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

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

}  // namespace

bool write_file_atomically(const std::string& path, std::string_view contents, std::string& error) {
  std::string temporary = path + ".hotpath-XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) {
    error = describe_errno("cannot create a temporary file next to it");
    return false;
  }
  // mkstemp creates the file 0600; a report is an ordinary file.
  ::fchmod(fd, 0644);
  bool ok = write_all(fd, contents);
  if (!ok) error = describe_errno("cannot write");
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
  return ok;
}

bool write_stdout(std::string_view contents, std::string& error) {
  if (std::fwrite(contents.data(), 1, contents.size(), stdout) != contents.size() ||
      std::fflush(stdout) != 0) {
    error = describe_errno("cannot write to stdout");
    return false;
  }
  return true;
}

}  // namespace hotpath::detail
