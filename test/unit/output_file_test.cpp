// Writing a report to HOTPATH_OUTPUT_PATH: what the path is stays what it is.
#include "output_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "scratch_directory.hpp"

namespace hotpath::detail {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::size_t entries_in(const fs::path& dir) {
  return static_cast<std::size_t>(
      std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(OutputFile, ARegularFileIsReplaced) {
  test::ScratchDirectory dir("output_regular");
  const fs::path file = dir.path() / "report.json";
  std::ofstream(file) << "an older and longer report";
  std::string error;
  ASSERT_TRUE(write_output_file(file.string(), "new", error)) << error;
  EXPECT_EQ(read_file(file), "new");
  EXPECT_EQ(entries_in(dir.path()), 1u);  // no temporary file left
}

TEST(OutputFile, ASymbolicLinkStaysAndItsTargetIsReplaced) {
  test::ScratchDirectory dir("output_link");
  fs::create_directory(dir.path() / "reports");
  const fs::path target = dir.path() / "reports" / "report.json";
  std::ofstream(target) << "old";
  const fs::path link = dir.path() / "latest.json";
  fs::create_symlink("reports/report.json", link);  // relative to the link's directory
  std::string error;
  ASSERT_TRUE(write_output_file(link.string(), "new", error)) << error;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read_file(target), "new");
  EXPECT_EQ(entries_in(dir.path() / "reports"), 1u);
  // A link whose target does not exist yet creates the target.
  fs::remove(target);
  ASSERT_TRUE(write_output_file(link.string(), "created", error)) << error;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read_file(target), "created");
}

TEST(OutputFile, AFifoIsWrittenNotReplaced) {
  test::ScratchDirectory dir("output_fifo");
  const fs::path fifo = dir.path() / "report.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The reading end, open before the report is written (which fits the pipe).
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  std::string error;
  ASSERT_TRUE(write_output_file(fifo.string(), "through the pipe", error)) << error;
  char buffer[64] = {};
  const ssize_t got = ::read(reader, buffer, sizeof buffer);
  ::close(reader);
  EXPECT_EQ(std::string(buffer, got > 0 ? static_cast<std::size_t>(got) : 0), "through the pipe");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(OutputFile, ADeviceIsWrittenNotReplaced) {
  struct stat before {};
  ASSERT_EQ(::stat("/dev/null", &before), 0);
  std::string error;
  ASSERT_TRUE(write_output_file("/dev/null", "discarded", error)) << error;
  struct stat after {};
  ASSERT_EQ(::stat("/dev/null", &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode));
  EXPECT_EQ(after.st_ino, before.st_ino);
}

// A user who may write the file but not its directory (as root, in a child that
// gives up its privileges first).
TEST(OutputFile, AFileInADirectoryWithoutRoomForATemporaryIsOverwritten) {
  test::ScratchDirectory dir("output_readonly_dir");
  const fs::path locked = dir.path() / "locked";
  fs::create_directory(locked);
  const fs::path file = locked / "report.json";
  std::ofstream(file) << "an older and longer report";
  ASSERT_EQ(::chmod(file.c_str(), 0666), 0);
  ASSERT_EQ(::chmod(locked.c_str(), 0555), 0);
  ASSERT_EQ(::chmod(dir.path().c_str(), 0755), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (::geteuid() == 0 && ::setuid(65534) != 0) ::_exit(2);  // nobody
    std::string error;
    ::_exit(write_output_file(file.string(), "new", error) ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(read_file(file), "new");
  EXPECT_EQ(entries_in(locked), 1u);
  ::chmod(locked.c_str(), 0755);
}

TEST(OutputFile, WhatCannotBeWrittenIsExplained) {
  test::ScratchDirectory dir("output_errors");
  std::string error;
  EXPECT_FALSE(write_output_file((dir.path() / "missing" / "r.json").string(), "x", error));
  EXPECT_EQ(error, "cannot create a temporary file next to it: No such file or directory");
  EXPECT_FALSE(write_output_file(dir.path().string(), "x", error));
  EXPECT_EQ(error, "cannot open: Is a directory");
  const fs::path loop = dir.path() / "loop";
  fs::create_symlink(loop, loop);
  EXPECT_FALSE(write_output_file(loop.string(), "x", error));
  EXPECT_EQ(error, "cannot follow its symbolic links: Too many levels of symbolic links");
}

}  // namespace
}  // namespace hotpath::detail
