// Finding the libraries to preload (libhotpath-cpu here; libhotpath-wait is found
// the same way): $HOTPATH_CPU_LIBRARY first, then the installed layout next to the
// command, then the build tree; a clear sentence when none exists.
#include "preload_library.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "scratch_directory.hpp"

namespace hotpath::cli {
namespace {

namespace fs = std::filesystem;

class CpuLibrary : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(root_ / "prefix" / "bin");
    fs::create_directories(root_ / "prefix" / "lib");
    fs::create_directories(root_ / "build");
  }

  std::string touch(const fs::path& path) {
    std::ofstream(path) << "ELF";
    return path.string();
  }

  test::ScratchDirectory scratch_{"hotpath_cpu_library"};
  const fs::path& root_ = scratch_.path();
};

TEST_F(CpuLibrary, EnvironmentVariableComesFirst) {
  LibraryPlaces places;
  places.from_environment = touch(root_ / "custom.so");
  places.executable = (root_ / "prefix" / "bin" / "hotpath").string();
  touch(root_ / "prefix" / "lib" / cpu_library().file_name);
  places.build_tree = touch(root_ / "build" / "libhotpath-cpu.so");
  std::string error;
  EXPECT_EQ(find_preload_library(cpu_library(), places, error), places.from_environment);
}

TEST_F(CpuLibrary, EnvironmentVariableMustNameAFile) {
  LibraryPlaces places;
  places.from_environment = "/nonexistent/libhotpath-cpu.so";
  places.build_tree = touch(root_ / "build" / "libhotpath-cpu.so");
  std::string error;
  EXPECT_FALSE(find_preload_library(cpu_library(), places, error));
  EXPECT_EQ(error,
            "HOTPATH_CPU_LIBRARY is \"/nonexistent/libhotpath-cpu.so\", which is not a file");
}

TEST_F(CpuLibrary, InstalledLayoutBeforeBuildTree) {
  LibraryPlaces places;
  places.executable = (root_ / "prefix" / "bin" / "hotpath").string();
  const std::string installed = touch(root_ / "prefix" / "lib" / cpu_library().file_name);
  places.build_tree = touch(root_ / "build" / "libhotpath-cpu.so");
  std::string error;
  EXPECT_EQ(find_preload_library(cpu_library(), places, error), installed);
}

TEST_F(CpuLibrary, BuildTreeLast) {
  LibraryPlaces places;
  places.executable = (root_ / "prefix" / "bin" / "hotpath").string();
  places.build_tree = touch(root_ / "build" / "libhotpath-cpu.so");
  std::string error;
  EXPECT_EQ(find_preload_library(cpu_library(), places, error), places.build_tree);
}

TEST_F(CpuLibrary, NoneFound) {
  LibraryPlaces places;
  places.executable = (root_ / "prefix" / "bin" / "hotpath").string();
  places.build_tree = (root_ / "build" / "gone.so").string();
  std::string error;
  EXPECT_FALSE(find_preload_library(cpu_library(), places, error));
  EXPECT_EQ(error.rfind(
                "cannot find the sampler library " + cpu_library().file_name + " (looked for ", 0),
            0u)
      << error;
  EXPECT_NE(error.find(places.build_tree), std::string::npos);
  EXPECT_NE(error.find(": set HOTPATH_CPU_LIBRARY to its path"), std::string::npos);
}

TEST_F(CpuLibrary, PathsLdPreloadWouldSplit) {
  fs::create_directories(root_ / "with space");
  LibraryPlaces places;
  places.from_environment = touch(root_ / "with space" / "lib.so");
  std::string error;
  EXPECT_FALSE(find_preload_library(cpu_library(), places, error));
  EXPECT_NE(error.find("LD_PRELOAD splits paths at spaces and colons"), std::string::npos);
}

TEST_F(CpuLibrary, DefaultPlacesOfThisProcess) {
  const LibraryPlaces places = default_library_places(cpu_library());
  EXPECT_FALSE(places.executable.empty());
  EXPECT_TRUE(fs::path(places.executable).is_absolute());
}

// The wait library: its own variable and name in what is looked for and said.
TEST_F(CpuLibrary, TheWaitLibraryIsNamedByItsOwnVariable) {
  LibraryPlaces places;
  places.from_environment = "/nonexistent/libhotpath-wait.so";
  std::string error;
  EXPECT_FALSE(find_preload_library(wait_library(), places, error));
  EXPECT_EQ(error,
            "HOTPATH_WAIT_LIBRARY is \"/nonexistent/libhotpath-wait.so\", which is not a file");
  places = {};
  places.executable = (root_ / "prefix" / "bin" / "hotpath").string();
  const std::string installed = touch(root_ / "prefix" / "lib" / wait_library().file_name);
  EXPECT_EQ(find_preload_library(wait_library(), places, error), installed);
  EXPECT_EQ(wait_library().file_name.rfind("libhotpath-wait.so.", 0), 0u);
}

}  // namespace
}  // namespace hotpath::cli
