// The private directory a recording writes into (sample logs, perf.data), or where a
// compile launched by hotpath-cxx writes its instrumented copies. It is removed when
// the command ends, whichever way it ends: normally, on an error, or on a signal.
#ifndef HOTPATH_CLI_TEMPORARY_DIRECTORY_HPP
#define HOTPATH_CLI_TEMPORARY_DIRECTORY_HPP

#include <optional>
#include <string>
#include <vector>

namespace hotpath::cli {

/// A directory made with mkdtemp in $TMPDIR (or /tmp), removed with its files by the
/// destructor. While one exists, SIGINT, SIGQUIT, SIGTERM and SIGHUP remove it before
/// they end the process. At most one exists at a time.
class TemporaryDirectory {
 public:
  /// Creates the directory; nothing and `error` set to a sentence on failure.
  static std::optional<TemporaryDirectory> create(std::string& error);

  TemporaryDirectory(TemporaryDirectory&& other) noexcept;
  TemporaryDirectory& operator=(TemporaryDirectory&& other) noexcept;
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  ~TemporaryDirectory();

  /// The directory's absolute path.
  const std::string& path() const noexcept { return path_; }

  /// The paths of the regular files in the directory whose names start with `prefix`,
  /// sorted.
  std::vector<std::string> files_starting_with(const std::string& prefix) const;

 private:
  explicit TemporaryDirectory(std::string path);
  void remove() noexcept;

  std::string path_;
};

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_TEMPORARY_DIRECTORY_HPP
