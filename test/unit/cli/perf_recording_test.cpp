// Recording with perf, short of running it: which perf is used ($PERF, then PATH), and
// the `perf record` command line for a program and for an attached pid.
#include "perf_recording.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "scoped_env.hpp"

namespace hotpath::cli {
namespace {

using Args = std::vector<std::string>;

using test::ScopedEnv;

TEST(FindPerf, PerfVariableNamesTheExecutable) {
  std::string error;
  {
    ScopedEnv perf("PERF", "/bin/sh");
    EXPECT_EQ(find_perf("--perf", error), "/bin/sh");
  }
  ScopedEnv perf("PERF", "sh");  // a name is looked up in PATH
  const std::optional<std::string> found = find_perf("--perf", error);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->substr(found->size() - 3), "/sh");
}

TEST(FindPerf, MissingPerfSaysHowToInstallIt) {
  ScopedEnv perf("PERF", "/nonexistent/perf");
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
