// REQUIRES: rewriter
// Rewritten constexpr functions build with g++ (and Clang) in every standard from
// C++14 to C++23 and still work in constant expressions. From C++20 they are
// measured at run time (the site lives in a lambda: g++ 12 allows no static variable
// in a constexpr function); before C++20 a constexpr function cannot hold a guard,
// and it is left unmeasured with a warning, as the plugin does. (-Wno-attributes: the
// attributes stay in the rewritten source, and g++ does not know them.)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hotpath_rewrite --output-dir=%t/20 %s -- -std=c++20 %hotpath_cflags 2> /dev/null
// RUN: %gxx -std=c++20 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags %t/20/constexpr_gxx.cpp -o %t/gxx20 %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx20 | FileCheck %s --check-prefix=MEASURED
// RUN: %clangxx -std=c++20 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags %t/20/constexpr_gxx.cpp -o %t/clang20 %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/clang20 | FileCheck %s --check-prefix=MEASURED
// RUN: %hotpath_rewrite --output-dir=%t/23 %s -- -std=c++23 %hotpath_cflags 2> /dev/null
// RUN: %gxx -std=c++23 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags %t/23/constexpr_gxx.cpp -o %t/gxx23 %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx23 | FileCheck %s --check-prefix=MEASURED
// RUN: %hotpath_rewrite --output-dir=%t/17 %s -- -std=c++17 %hotpath_cflags 2> %t/17.err
// RUN: FileCheck %s --check-prefix=BEFORE20 < %t/17.err
// RUN: %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags %t/17/constexpr_gxx.cpp -o %t/gxx17 %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx17 | FileCheck %s --check-prefix=UNMEASURED
// RUN: %hotpath_rewrite --output-dir=%t/14 %s -- -std=c++14 %hotpath_cflags 2> /dev/null
// RUN: %gxx -std=c++14 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags %t/14/constexpr_gxx.cpp -o %t/gxx14 %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx14 | FileCheck %s --check-prefix=UNMEASURED
//
// MEASURED-DAG: {"name":"app::square","signature":"app::square(int)","calls":3,
// MEASURED-DAG: {"name":"app::twice<long>","signature":"app::twice<long>(long)","calls":3,
// MEASURED-DAG: {"name":"app::Grid::cells","signature":"app::Grid::cells() const","calls":3,
// MEASURED-DAG: {"name":"app::run","signature":"app::run(int)","calls":1,
// BEFORE20: warning: 'hotpath::measure' ignored on constexpr function 'app::square' before C++20
// UNMEASURED-NOT: app::square
// UNMEASURED:     {"name":"app::run","signature":"app::run(int)","calls":1,
// UNMEASURED-NOT: app::square

#include <hotpath/hotpath.hpp>

namespace app {

[[hotpath::measure]] constexpr int square(int value) { return value * value; }

template <typename T>
[[hotpath::measure]] constexpr T twice(T value) {
  return value + value;
}

struct Grid {
  int rows;
  int columns;
  [[hotpath::measure]] constexpr int cells() const { return rows * columns; }
};

static_assert(square(4) == 16, "usable in constant expressions");
static_assert(twice(21L) == 42, "usable in constant expressions");
static_assert(Grid{3, 4}.cells() == 12, "usable in constant expressions");

[[hotpath::measure]] long run(int count) {
  long sum = 0;
  for (int i = 0; i < count; ++i)
    sum += square(i) + twice(static_cast<long>(i)) + Grid{i, 2}.cells();
  return sum;
}

}  // namespace app

int main(int argc, char**) { return app::run(argc + 2) == 17 ? 0 : 1; }
