// The environment the sampler reads: the library first in LD_PRELOAD (the program's own
// preloads kept), the log pattern, the frequency and the children/exec switches.
#include <gtest/gtest.h>

#include "sampler_recording.hpp"

namespace hotpath::cli {
namespace {

TEST(SamplerEnvironment, SetsEveryVariable) {
  Environment base;
  base.set("PATH", "/usr/bin");
  base.set("HOTPATH_CPU", "0");
  SamplerSettings settings;
  settings.cpu_library = "/opt/lib/libhotpath-cpu.so.0";
  settings.frequency_hz = 499;
  const Environment environment = sampler_environment(base, settings, "/tmp/d/samples.%p");
  EXPECT_EQ(environment.get("LD_PRELOAD"), "/opt/lib/libhotpath-cpu.so.0");
  EXPECT_EQ(environment.get("HOTPATH_CPU"), "1");
  EXPECT_EQ(environment.get("HOTPATH_CPU_LOG"), "/tmp/d/samples.%p");
  EXPECT_EQ(environment.get("HOTPATH_CPU_FREQ"), "499");
  EXPECT_EQ(environment.get("HOTPATH_CPU_CHILDREN"), "0");
  EXPECT_EQ(environment.get("HOTPATH_CPU_FOLLOW_EXEC"), "0");
  EXPECT_EQ(environment.get("PATH"), "/usr/bin");
}

TEST(SamplerEnvironment, ChildrenFollowExecAndExistingPreloads) {
  Environment base;
  base.set("LD_PRELOAD", "/usr/lib/libjemalloc.so.2");
  SamplerSettings settings;
  settings.cpu_library = "/b/libhotpath-cpu.so";
  settings.children = true;
  settings.follow_exec = true;
  const Environment environment = sampler_environment(base, settings, "/t/samples.%p");
  EXPECT_EQ(environment.get("LD_PRELOAD"), "/b/libhotpath-cpu.so:/usr/lib/libjemalloc.so.2");
  EXPECT_EQ(environment.get("HOTPATH_CPU_CHILDREN"), "1");
  EXPECT_EQ(environment.get("HOTPATH_CPU_FOLLOW_EXEC"), "1");
}

}  // namespace
}  // namespace hotpath::cli
