// Recording with perf, short of running it: which perf is used ($PERF, then PATH), and
// the `perf record` command line for a program and for an attached pid.
#include "perf_recording.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace hotpath::cli {
namespace {

using Args = std::vector<std::string>;

class FindPerf : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* value = std::getenv("PERF")) previous_ = value;
  }
  void TearDown() override {
    if (previous_) {
      ::setenv("PERF", previous_->c_str(), 1);
    } else {
      ::unsetenv("PERF");
    }
  }
  std::optional<std::string> previous_;
};

TEST_F(FindPerf, PerfVariableNamesTheExecutable) {
  ::setenv("PERF", "/bin/sh", 1);
  std::string error;
  EXPECT_EQ(find_perf("--perf", error), "/bin/sh");
  ::setenv("PERF", "sh", 1);  // a name is looked up in PATH
  const std::optional<std::string> found = find_perf("--perf", error);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->substr(found->size() - 3), "/sh");
}

TEST_F(FindPerf, MissingPerfSaysHowToInstallIt) {
  ::setenv("PERF", "/nonexistent/perf", 1);
  std::string error;
  EXPECT_FALSE(find_perf("--perfdata", error));
  EXPECT_EQ(error,
            "--perfdata needs perf, which is not installed (Debian: apt-get install linux-perf)");
}

TEST(PerfRecordArguments, Program) {
  PerfSettings settings;
  settings.perf = "/usr/bin/perf";
  settings.command = {"./app", "--flag", "x"};
  settings.frequency_hz = 499;
  EXPECT_EQ(perf_record_arguments(settings, "/tmp/d/perf.data"),
            (Args{"/usr/bin/perf", "record", "-q", "-F", "499", "--call-graph", "dwarf", "-o",
                  "/tmp/d/perf.data", "--", "./app", "--flag", "x"}));
  settings.verbose = true;
  EXPECT_EQ(perf_record_arguments(settings, "p.data")[2], "-F");
}

TEST(PerfRecordArguments, AttachedToAPid) {
  PerfSettings settings;
  settings.perf = "perf";
  settings.pid = 1234;
  EXPECT_EQ(perf_record_arguments(settings, "p.data"),
            (Args{"perf", "record", "-q", "-F", "997", "--call-graph", "dwarf", "-o", "p.data",
                  "-p", "1234"}));
}

}  // namespace
}  // namespace hotpath::cli
