// REQUIRES: plugin
// -fplugin-arg-hotpath-measure-all-files=<regex> measures every function defined
// in a file whose path matches, without any attribute (implicit and defaulted
// functions and lambdas excepted, [[hotpath::skip]] respected), and nothing more
// in files that do not match.
//
// DEFINE: %{build} = %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// DEFINE:   -include hotpath/hotpath.hpp %hotpath_cflags -I%S/Inputs %s %hotpath_libs
//
// Only the header matches.
// RUN: %{build} -fplugin-arg-hotpath-measure-all-files=all_files_matching -o %t.header
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.header > %t.header.json
// RUN: FileCheck %s --check-prefixes=HEADER,BOTH < %t.header.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.header.json
//
// Only this file matches (an anchored pattern on the full path).
// RUN: %{build} '-fplugin-arg-hotpath-measure-all-files=.*/measure_all_files\.cpp$' -o %t.main
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.main > %t.main.json
// RUN: FileCheck %s --check-prefixes=MAIN,BOTH < %t.main.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.main.json
//
// The pattern sees paths without `.` and `..` steps: through -I<dir>/. the header is
// <dir>/./all_files_matching.h, and still matches.
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -I%S/Inputs/. %s %hotpath_libs \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=/Inputs/all_files_matching\.h$' -o %t.dots
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.dots > %t.dots.json
// RUN: FileCheck %s --check-prefixes=HEADER,BOTH < %t.dots.json
//
// With measure-all-root=<dir>, a pattern that starts with neither `/` nor `^/` sees
// the path relative to <dir> (`^` anchors it there), and never a file outside it;
// one that does still sees the absolute path.
// RUN: %{build} -fplugin-arg-hotpath-measure-all-root=%S/Inputs/../Inputs \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=^all_files_matching\.h$' -o %t.root
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.root > %t.root.json
// RUN: FileCheck %s --check-prefixes=HEADER,BOTH < %t.root.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.root.json
// RUN: %{build} -fplugin-arg-hotpath-measure-all-root=%S/Inputs \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=measure_all_files' -o %t.outside
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.outside > %t.outside.json
// RUN: FileCheck %s --check-prefixes=NONE,BOTH < %t.outside.json
// RUN: %{build} -fplugin-arg-hotpath-measure-all-root=%S/Inputs \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=^/.*/measure_all_files\.cpp$' -o %t.absolute
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.absolute > %t.absolute.json
// RUN: FileCheck %s --check-prefixes=MAIN,BOTH < %t.absolute.json
//
// A source named relatively (`clang++ measure_all_files.cpp` in its directory) is
// still matched by an absolute pattern, with or without measure-all-root.
// RUN: cd %S && %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -fplugin-arg-hotpath-min-tokens=0 -include hotpath/hotpath.hpp %hotpath_cflags -IInputs \
// RUN:   measure_all_files.cpp %hotpath_libs \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=^/.*/measure_all_files\.cpp$' -o %t.relative
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.relative > %t.relative.json
// RUN: FileCheck %s --check-prefixes=MAIN,BOTH < %t.relative.json
// RUN: cd %S && %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -fplugin-arg-hotpath-min-tokens=0 -include hotpath/hotpath.hpp %hotpath_cflags -IInputs \
// RUN:   measure_all_files.cpp %hotpath_libs -fplugin-arg-hotpath-measure-all-root=%S/Inputs \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=^/.*/measure_all_files\.cpp$' -o %t.relative-root
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.relative-root > %t.relative-root.json
// RUN: FileCheck %s --check-prefixes=MAIN,BOTH < %t.relative-root.json
//
// Nothing matches: only the annotated functions.
// RUN: %{build} -fplugin-arg-hotpath-measure-all-files=no_such_file -o %t.none
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.none > %t.none.json
// RUN: FileCheck %s --check-prefixes=NONE,BOTH < %t.none.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.none.json
//
// HEADER: "total_functions":6,
// MAIN:   "total_functions":4,
// NONE:   "total_functions":2,

#include "all_files_matching.h"
#include "all_files_other.h"

namespace app {

int local(int x) { return x * 2; }

[[hotpath::skip]] int skipped(int x) { return x; }

[[hotpath::measure]] int annotated(int x) { return x + 5; }

struct Local {
  int method() const { return 7; }
};

}  // namespace app

[[hotpath::main("limit=0")]] int main() {
  int total = 0;
  for (int i = 0; i < 2; ++i) total += lib::helper(i);
  lib::Shape shape;
  total += shape.area() + shape.area() + shape.area();
  total += lib::scaled(1) + static_cast<int>(lib::scaled(1.5));
  total += other::untouched(1);
  for (int i = 0; i < 4; ++i) total += app::local(i);
  total += app::skipped(1) + app::annotated(1);
  auto lambda = [](int x) { return x; };
  total += lambda(1);
  app::Local local;
  total += local.method() + local.method();
  return total > 0 ? 0 : 1;
}

// BOTH-DAG: {"name":"main","signature":"main","calls":1,
// BOTH-DAG: {"name":"app::annotated","signature":"app::annotated(int)","calls":1,
// HEADER-DAG: {"name":"lib::helper","signature":"lib::helper(int)","calls":2,
// HEADER-DAG: {"name":"lib::Shape::area","signature":"lib::Shape::area() const","calls":3,
// HEADER-DAG: {"name":"lib::scaled<int>","signature":"lib::scaled<int>(int)","calls":1,
// HEADER-DAG: {"name":"lib::scaled<double>","signature":"lib::scaled<double>(double)","calls":1,
// MAIN-DAG: {"name":"app::local","signature":"app::local(int)","calls":4,
// MAIN-DAG: {"name":"app::Local::method","signature":"app::Local::method() const","calls":2,
// ABSENT-NOT: untouched
// ABSENT-NOT: (lambda at
// ABSENT-NOT: skipped
