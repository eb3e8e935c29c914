// The copies' paths: each at its original's absolute path under the root, and every
// mention of a copy (dependency files, diagnostics) given back its original's path,
// relative where the build spelled paths relative.
#include "path_maps.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hotpath::launcher {
namespace {

TEST(PathMaps, CopiesAtTheOriginalsAbsolutePaths) {
  const PathMaps maps("/tmp/hotpath-x", "/home/me/project/build", false);
  EXPECT_EQ(maps.copy_of("/home/me/project/src/a.cpp"), "/tmp/hotpath-x/home/me/project/src/a.cpp");
  EXPECT_EQ(maps.copy_of("/home/me/project/src/../src/c.cpp"),
            "/tmp/hotpath-x/home/me/project/src/c.cpp");
  // Relative paths keep their spelling, through the copy of the working directory.
  EXPECT_EQ(maps.copy_of("../src/b.cpp"), "/tmp/hotpath-x/home/me/project/build/../src/b.cpp");
  EXPECT_EQ(maps.working_directory_copy(), "/tmp/hotpath-x/home/me/project/build");
  EXPECT_EQ(absolute_path("a/../b//c", "/w"), "/w/b/c");
}

TEST(PathMaps, AbsoluteSpellingsLoseTheRoot) {
  const PathMaps maps("/tmp/hotpath-x", "/home/me/build", false);
  EXPECT_EQ(maps.compiler_options(),
            (std::vector<std::string>{"-ffile-prefix-map=/tmp/hotpath-x="}));
  EXPECT_EQ(maps.restore("a.o: /tmp/hotpath-x/home/me/src/a.cpp \\\n /tmp/hotpath-x/home/me/build/"
                         "gen.hpp /usr/include/stdio.h\n"),
            "a.o: /home/me/src/a.cpp \\\n /home/me/build/gen.hpp /usr/include/stdio.h\n");
}

TEST(PathMaps, RelativeSpellingsComeBackRelative) {
  const PathMaps maps("/tmp/hotpath-x", "/home/me/project", true);
  EXPECT_EQ(maps.compiler_options(),
            (std::vector<std::string>{"-ffile-prefix-map=/tmp/hotpath-x=",
                                      "-ffile-prefix-map=/tmp/hotpath-x/home/me/project/="}));
  EXPECT_EQ(maps.restore("/tmp/hotpath-x/home/me/project/src/a.cpp:5:3: error: x\n"
                         "In file included from /tmp/hotpath-x/home/me/other/b.hpp:2:\n"),
            "src/a.cpp:5:3: error: x\nIn file included from /home/me/other/b.hpp:2:\n");
}

}  // namespace
}  // namespace hotpath::launcher
