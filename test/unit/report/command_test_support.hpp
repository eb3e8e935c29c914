// What the tests of `hotpath report` and `hotpath diff` share: a scratch directory
// for their files, and a run of the command with its stderr captured.
#ifndef HOTPATH_TEST_UNIT_REPORT_COMMAND_TEST_SUPPORT_HPP
#define HOTPATH_TEST_UNIT_REPORT_COMMAND_TEST_SUPPORT_HPP

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "scratch_directory.hpp"

namespace hotpath::test {

/// A fixture for `Command` (run_report_command, run_diff_command).
template <int (*Command)(const std::vector<std::string>&)>
class CommandTest : public ::testing::Test {
 protected:
  explicit CommandTest(const char* scratch_name) : scratch_(scratch_name) {}

  std::string path(const char* name) const { return (scratch_.path() / name).string(); }

  /// Runs the command; its stderr goes to errors_.
  int run(std::vector<std::string> arguments) {
    ::testing::internal::CaptureStderr();
    const int status = Command(arguments);
    errors_ = ::testing::internal::GetCapturedStderr();
    return status;
  }

  static std::string contents(const std::string& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

  /// Files in the scratch directory.
  std::size_t files() const {
    namespace fs = std::filesystem;
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(scratch_.path()), fs::directory_iterator()));
  }

  ScratchDirectory scratch_;
  std::string errors_;
};

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_REPORT_COMMAND_TEST_SUPPORT_HPP
