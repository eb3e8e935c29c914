// The pipeline of `hotpath flamegraph` on folded input (no program runs): the SVG, the
// final message, the transforms, and the exit status and message of each failure.
#include "flamegraph_command.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "scoped_env.hpp"
#include "scratch_directory.hpp"

namespace hotpath::cli {
namespace {

namespace fs = std::filesystem;

class FlamegraphCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    folded_ = path("in.folded");
    std::ofstream(folded_) << "app;main;heavy 40\napp;main;light 10\napp;main;heavy 2\n";
    svg_ = path("out.svg");
  }

  std::string path(const char* name) const { return (directory_ / name).string(); }

  /// Runs the command; returns its exit status and keeps its stderr in `errors_`.
  int run(std::vector<std::string> arguments) {
    ::testing::internal::CaptureStderr();
    const int status = run_flamegraph_command(arguments);
    errors_ = ::testing::internal::GetCapturedStderr();
    return status;
  }

  std::string svg() const {
    std::ifstream file(svg_);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
  }

  test::ScratchDirectory scratch_{"hotpath_command"};
  const fs::path& directory_ = scratch_.path();
  std::string folded_;
  std::string svg_;
  std::string errors_;
};

TEST_F(FlamegraphCommand, RendersFoldedStacks) {
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_, "--title", "My Title", "--deterministic"}), 0);
  EXPECT_EQ(errors_, "hotpath: wrote " + svg_ + " (52 samples)\n");
  const std::string text = svg();
  EXPECT_NE(text.find("My Title"), std::string::npos);
  EXPECT_NE(text.find("<title>heavy (42 samples"), std::string::npos);
  EXPECT_NE(text.find("<title>light (10 samples"), std::string::npos);
  // The default subtitle: the input and the samples, no frequency.
  EXPECT_NE(text.find(folded_ + " \u2014 52 samples<"), std::string::npos);
}

TEST_F(FlamegraphCommand, SubtitleNotesAndNoLeftovers) {
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_, "--subtitle", "sub line", "--notes", "n1"}), 0);
  const std::string text = svg();
  EXPECT_NE(text.find("sub line"), std::string::npos);
  EXPECT_NE(text.find("n1"), std::string::npos);
  // Only the input and the output: no temporary file is left next to the output.
  EXPECT_EQ(std::distance(fs::directory_iterator(directory_), fs::directory_iterator()), 2);
}

TEST_F(FlamegraphCommand, SkipAfterReverseAndPostProcess) {
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_, "--skip-after", "main", "--reverse",
                 "--post-process", "sed s/heavy/HEAVY/"}),
            0);
  const std::string text = svg();
  EXPECT_NE(text.find("<title>HEAVY (42 samples"), std::string::npos);
  EXPECT_EQ(text.find("<title>heavy"), std::string::npos);
  EXPECT_EQ(text.find("<title>app"), std::string::npos);  // cut off by --skip-after main
}

TEST_F(FlamegraphCommand, FailingPostProcessIsNamed) {
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_, "--post-process", "exit 3"}), 1);
  EXPECT_EQ(errors_,
            "hotpath flamegraph: --post-process command \"exit 3\" failed (exit status 3)\n");
  EXPECT_FALSE(fs::exists(svg_));
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_, "--post-process", "echo not folded"}), 1);
  EXPECT_EQ(errors_,
            "hotpath flamegraph: --post-process command \"echo not folded\" printed no folded "
            "stacks: line 1: count \"folded\" is not a number\n");
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_, "--post-process", "true"}), 1);
  EXPECT_EQ(errors_,
            "hotpath flamegraph: no samples: --post-process command \"true\" printed no stacks\n");
}

TEST_F(FlamegraphCommand, FoldedFileErrorsNameFileAndLine) {
  std::ofstream(folded_) << "a;b 1\n\na;c x\n";
  // A file that is not what it should be is bad input, like a bad option: status 2.
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_}), 2);
  EXPECT_EQ(errors_, "hotpath flamegraph: " + folded_ + ": line 3: count \"x\" is not a number\n");
  EXPECT_EQ(run({"--folded", path("missing.folded"), "-o", svg_}), 2);
  EXPECT_EQ(errors_, "hotpath flamegraph: cannot read \"" + path("missing.folded") +
                         "\": No such file or directory\n");
  std::ofstream(folded_, std::ios::trunc) << "\n";
  EXPECT_EQ(run({"--folded", folded_, "-o", svg_}), 1);
  EXPECT_EQ(errors_, "hotpath flamegraph: no samples: \"" + folded_ + "\" holds no stacks\n");
  EXPECT_FALSE(fs::exists(svg_));
}

TEST_F(FlamegraphCommand, OutputCheckedBeforeAnythingRuns) {
  const std::string output = path("no/such/dir/out.svg");
  EXPECT_EQ(run({"-o", output, "--", "/bin/sh", "-c", "echo ran > " + path("ran")}), 1);
  EXPECT_EQ(errors_, "hotpath flamegraph: cannot write \"" + output +
                         "\": there is no directory \"" + path("no/such/dir") + "\"\n");
  EXPECT_FALSE(fs::exists(path("ran")));
  EXPECT_EQ(run({"--folded", folded_, "-o", directory_.string()}), 1);
  EXPECT_EQ(errors_, "hotpath flamegraph: cannot write \"" + directory_.string() +
                         "\": it is a directory\n");
}

TEST_F(FlamegraphCommand, CommandLineErrorsExit2) {
  EXPECT_EQ(run({"--freq", "abc", "prog"}), 2);
  EXPECT_EQ(errors_,
            "hotpath flamegraph: --freq expects a number of Hz from 1 to 100000, got \"abc\"\n");
  EXPECT_EQ(run({"-p", "1"}), 2);
  EXPECT_EQ(errors_,
            "hotpath flamegraph: --pid needs --perf: the sampler cannot attach to a running "
            "process\n");
}

TEST_F(FlamegraphCommand, ProgramNotFound) {
  // The library is never loaded: the program cannot start.
  {
    test::ScopedEnv library("HOTPATH_CPU_LIBRARY", folded_.c_str());
    EXPECT_EQ(run({"-o", svg_, "--", "hotpath-no-such-program"}), 127);
  }
  EXPECT_EQ(errors_,
            "hotpath flamegraph: cannot run \"hotpath-no-such-program\": No such file or "
            "directory\n");
}

TEST_F(FlamegraphCommand, PerfMissing) {
  test::ScopedEnv perf("PERF", "/nonexistent");
  EXPECT_EQ(run({"--perf", "-o", svg_, "--", "true"}), 1);
  EXPECT_EQ(errors_,
            "hotpath flamegraph: --perf needs perf, which is not installed (Debian: apt-get "
            "install linux-perf)\n");
  EXPECT_EQ(run({"--perfdata", "perf.data", "-o", svg_}), 1);
  EXPECT_EQ(errors_,
            "hotpath flamegraph: --perfdata needs perf, which is not installed (Debian: "
            "apt-get install linux-perf)\n");
}

TEST_F(FlamegraphCommand, PidMustExist) {
  {
    test::ScopedEnv perf("PERF", "/bin/true");
    EXPECT_EQ(run({"--perf", "-p", "2147483647", "-o", svg_}), 1);
  }
  EXPECT_EQ(errors_, "hotpath flamegraph: no process has pid 2147483647\n");
}

TEST(FlamegraphCommandParts, Thousands) {
  EXPECT_EQ(with_thousands(0), "0");
  EXPECT_EQ(with_thousands(999), "999");
  EXPECT_EQ(with_thousands(1000), "1,000");
  EXPECT_EQ(with_thousands(12345), "12,345");
  EXPECT_EQ(with_thousands(1234567), "1,234,567");
}

TEST(FlamegraphCommandParts, DefaultSubtitle) {
  Recording recording;
  recording.subject = "app";
  recording.frequency_hz = 997;
  EXPECT_EQ(default_subtitle(recording, 1234), "app \u2014 1,234 samples at 997 Hz");
  EXPECT_EQ(default_subtitle(recording, 1), "app \u2014 1 sample at 997 Hz");
  recording.frequency_hz = 0;
  EXPECT_EQ(default_subtitle(recording, 5), "app \u2014 5 samples");
}

TEST(FlamegraphCommandParts, FailureExitStatus) {
  EXPECT_EQ(failure_exit_status(std::nullopt), 1);
  EXPECT_EQ(failure_exit_status(ProgramExit{false, 0}), 1);
  EXPECT_EQ(failure_exit_status(ProgramExit{false, 3}), 3);
  EXPECT_EQ(failure_exit_status(ProgramExit{true, 9}), 137);
}

}  // namespace
}  // namespace hotpath::cli
