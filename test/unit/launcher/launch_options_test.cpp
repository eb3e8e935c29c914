// How hotpath-cxx reads argv: the compiler from its name or its first argument, the
// --hotpath-* options taken out wherever they stand, and an error naming each
// option it does not know or whose value is wrong.
#include "launch_options.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace hotpath::launcher {
namespace {

TEST(LaunchOptions, TheLauncherTakesTheCompilerFirst) {
  std::string error;
  const std::optional<Launch> launch =
      read_launch({"/usr/bin/hotpath-cxx", "--hotpath-measure-all=^src/", "/usr/bin/c++", "-O2",
                   "-c", "a.cpp", "--hotpath-min-tokens=0"},
                  nullptr, error);
  ASSERT_TRUE(launch) << error;
  EXPECT_EQ(launch->compiler, (std::vector<std::string>{"/usr/bin/c++"}));
  EXPECT_EQ(launch->arguments, (std::vector<std::string>{"-O2", "-c", "a.cpp"}));
  EXPECT_EQ(launch->options.measure_all, "^src/");
  EXPECT_EQ(launch->options.min_tokens, 0u);
  EXPECT_EQ(launch->options.header_filter, ".*");
}

TEST(LaunchOptions, AWrapperRunsTheCompilerOfItsName) {
  std::string error;
  std::optional<Launch> launch =
      read_launch({"/opt/bin/hotpath-g++", "-c", "a.cpp", "--hotpath-cpu"}, nullptr, error);
  ASSERT_TRUE(launch) << error;
  EXPECT_EQ(launch->compiler, (std::vector<std::string>{"g++"}));
  EXPECT_EQ(launch->arguments, (std::vector<std::string>{"-c", "a.cpp"}));
  EXPECT_TRUE(launch->options.cpu);
  EXPECT_FALSE(launch->options.alloc);
  launch = read_launch({"hotpath-clang++", "-c", "a.cpp"}, nullptr, error);
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->compiler, (std::vector<std::string>{"clang++"}));
  // HOTPATH_CXX names another compiler.
  launch = read_launch({"hotpath-g++", "-c", "a.cpp"}, "g++-12", error);
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->compiler, (std::vector<std::string>{"g++-12"}));
}

TEST(LaunchOptions, ACompilerLauncherTakesItsCompilerAlong) {
  std::string error;
  const std::optional<Launch> launch =
      read_launch({"hotpath-cxx", "--hotpath-filter-digest=0a1b", "/usr/bin/ccache", "/usr/bin/g++",
                   "-c", "a.cpp"},
                  nullptr, error);
  ASSERT_TRUE(launch) << error;
  EXPECT_EQ(launch->compiler, (std::vector<std::string>{"/usr/bin/ccache", "/usr/bin/g++"}));
  EXPECT_EQ(launch->arguments, (std::vector<std::string>{"-c", "a.cpp"}));
}

TEST(LaunchOptions, EveryOption) {
  std::string error;
  const std::optional<Launch> launch = read_launch(
      {"hotpath-g++", "--hotpath-measure-all", "--hotpath-measure-all-root=/src",
       "--hotpath-filter=f.txt", "--hotpath-header-filter=/include/", "--hotpath-alloc", "x.o"},
      nullptr, error);
  ASSERT_TRUE(launch) << error;
  EXPECT_EQ(launch->options.measure_all, "");
  EXPECT_EQ(launch->options.measure_all_root, "/src");
  EXPECT_EQ(launch->options.filter, "f.txt");
  EXPECT_EQ(launch->options.header_filter, "/include/");
  EXPECT_TRUE(launch->options.alloc);
  EXPECT_FALSE(launch->options.min_tokens);
}

TEST(LaunchOptions, ErrorsNameTheOption) {
  std::string error;
  EXPECT_FALSE(read_launch({"hotpath-g++", "--hotpath-measure"}, nullptr, error));
  EXPECT_EQ(error.rfind("unknown option '--hotpath-measure' (hotpath's are", 0), 0u) << error;
  EXPECT_FALSE(read_launch({"hotpath-g++", "--hotpath-min-tokens=many"}, nullptr, error));
  EXPECT_EQ(error,
            "'--hotpath-min-tokens=many': expected a number of tokens, such as "
            "--hotpath-min-tokens=12");
  EXPECT_FALSE(read_launch({"hotpath-g++", "--hotpath-filter="}, nullptr, error));
  EXPECT_EQ(error, "'--hotpath-filter=' needs a value: --hotpath-filter=<value>");
  EXPECT_FALSE(read_launch({"hotpath-g++", "--hotpath-cpu=yes"}, nullptr, error));
  EXPECT_EQ(error.rfind("unknown option '--hotpath-cpu=yes'", 0), 0u) << error;
  EXPECT_FALSE(read_launch({"hotpath-cxx"}, nullptr, error));
  EXPECT_EQ(error, "no compiler to run: hotpath-cxx <compiler> <arguments>");
  EXPECT_FALSE(read_launch({"/tmp/mycompiler", "-c", "a.cpp"}, nullptr, error));
  EXPECT_EQ(error,
            "called as 'mycompiler': call it hotpath-cxx (a compiler launcher) or "
            "hotpath-<compiler> (hotpath-g++)");
}

}  // namespace
}  // namespace hotpath::launcher
