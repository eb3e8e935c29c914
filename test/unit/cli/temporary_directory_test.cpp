// The temporary directory of a recording: created under $TMPDIR, removed with its
// files by the destructor, and removed by SIGTERM or SIGINT before they end the process.
#include "temporary_directory.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "scoped_env.hpp"
#include "scratch_directory.hpp"

namespace hotpath::cli {
namespace {

namespace fs = std::filesystem;

class TemporaryDirectoryTest : public ::testing::Test {
 protected:
  void SetUp() override { tmpdir_.emplace("TMPDIR", base_.c_str()); }

  bool base_is_empty() const { return fs::is_empty(base_); }

  test::ScratchDirectory scratch_{"hotpath_tmpdir"};
  const fs::path& base_ = scratch_.path();
  // Destroyed before the directory: TMPDIR is restored first.
  std::optional<test::ScopedEnv> tmpdir_;
};

TEST_F(TemporaryDirectoryTest, CreatedUnderTmpdirAndRemovedWithItsFiles) {
  std::string path;
  {
    std::string error;
    std::optional<TemporaryDirectory> directory = TemporaryDirectory::create(error);
    ASSERT_TRUE(directory) << error;
    path = directory->path();
    EXPECT_EQ(fs::path(path).parent_path(), base_);
    EXPECT_EQ(fs::path(path).filename().string().rfind("hotpath-", 0), 0u);
    std::ofstream(path + "/samples.12") << "x";
    std::ofstream(path + "/samples.3") << "y";
    std::ofstream(path + "/perf.data") << "z";
    EXPECT_EQ(directory->files_starting_with("samples."),
              (std::vector<std::string>{path + "/samples.12", path + "/samples.3"}));
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(base_is_empty());
}

TEST_F(TemporaryDirectoryTest, MovedDirectoryIsRemovedOnce) {
  std::string error;
  std::optional<TemporaryDirectory> first = TemporaryDirectory::create(error);
  ASSERT_TRUE(first);
  const std::string path = first->path();
  TemporaryDirectory moved = std::move(*first);
  first.reset();
  EXPECT_TRUE(fs::exists(path));
  EXPECT_EQ(moved.path(), path);
}

TEST_F(TemporaryDirectoryTest, UnwritableTmpdir) {
  test::ScopedEnv tmpdir("TMPDIR", "/nonexistent/hotpath");
  std::string error;
  EXPECT_FALSE(TemporaryDirectory::create(error));
  EXPECT_EQ(error,
            "cannot create a temporary directory in \"/nonexistent/hotpath\": No such file or "
            "directory");
}

void expect_removed_by_signal(int signal_number, const fs::path& base) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // As from a terminal: test harnesses may start the tests with SIGINT ignored.
    ::signal(signal_number, SIG_DFL);
    std::string error;
    std::optional<TemporaryDirectory> directory = TemporaryDirectory::create(error);
    if (!directory) ::_exit(3);
    for (int i = 0; i < 200; ++i)
      std::ofstream(directory->path() + "/samples." + std::to_string(i)) << "data";
    // A compile's copies, at their originals' paths.
    fs::create_directories(directory->path() + "/home/user/src/detail");
    std::ofstream(directory->path() + "/home/user/src/a.cpp") << "int a;";
    std::ofstream(directory->path() + "/home/user/src/detail/b.hpp") << "int b;";
    ::raise(signal_number);
    ::_exit(4);  // not reached: the signal ends the process
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  EXPECT_EQ(WTERMSIG(status), signal_number);
  EXPECT_TRUE(fs::is_empty(base));
}

TEST_F(TemporaryDirectoryTest, RemovedBeforeASignalEndsTheProcess) {
  expect_removed_by_signal(SIGTERM, base_);
  expect_removed_by_signal(SIGINT, base_);
  expect_removed_by_signal(SIGHUP, base_);
}

}  // namespace
}  // namespace hotpath::cli
