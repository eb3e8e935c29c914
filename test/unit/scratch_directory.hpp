// A directory of one test's own under GoogleTest's temporary directory: the
// `hotpath` command's tests write files there.
#ifndef HOTPATH_TEST_UNIT_SCRATCH_DIRECTORY_HPP
#define HOTPATH_TEST_UNIT_SCRATCH_DIRECTORY_HPP

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace hotpath::test {

/// Creates `<TempDir>/<name>_<pid>` (empty) and removes it with its contents.
class ScratchDirectory {
 public:
  explicit ScratchDirectory(const std::string& name)
      : path_(std::filesystem::path(::testing::TempDir()) /
              (name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_SCRATCH_DIRECTORY_HPP
