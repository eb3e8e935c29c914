// REQUIRES: launcher, plugin
// A CMake project built with g++ and Ninja by one added variable, both ways:
// CXX=hotpath-g++ (hotpath-g++ in the compiler's place), and the launcher form for
// a project that keeps its compiler (CMAKE_CXX_COMPILER_LAUNCHER, and
// CMAKE_CXX_LINKER_LAUNCHER for the link). Each report has exactly the rows of the
// plugin build, the generated header's function included; the dependencies Ninja
// records name the sources (a second build has no work to do), and no copy is left.
//
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %S/Inputs/plugin_build.sh %clangxx %hotpath_plugin %hotpath_cflags %hotpath_libs -- %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
//
// RUN: env TMPDIR=%t/tmp CXX=%hotpath_launcher_dir/hotpath-g++ \
// RUN:   cmake -S %S/Inputs/project -B %t/wrapper -G Ninja > %t/wrapper.log
// RUN: env TMPDIR=%t/tmp cmake --build %t/wrapper >> %t/wrapper.log
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/wrapper/shapes > %t/wrapper.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py %t/plugin.json %t/wrapper.json | FileCheck %s
// RUN: FileCheck --check-prefix=FILE -DSOURCE=%S %s < %t/wrapper.json
// RUN: env TMPDIR=%t/tmp cmake --build %t/wrapper | FileCheck --check-prefix=AGAIN %s
// RUN: ninja -C %t/wrapper -t deps | FileCheck --check-prefix=DEPS --implicit-check-not=%t/tmp %s
//
// RUN: env TMPDIR=%t/tmp cmake -S %S/Inputs/project -B %t/launcher -G Ninja \
// RUN:   -DCMAKE_CXX_COMPILER=%gxx -DCMAKE_CXX_COMPILER_LAUNCHER=%hotpath_launcher_dir/hotpath-cxx \
// RUN:   -DCMAKE_CXX_LINKER_LAUNCHER=%hotpath_launcher_dir/hotpath-cxx > %t/launcher.log
// RUN: env TMPDIR=%t/tmp cmake --build %t/launcher >> %t/launcher.log
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/launcher/shapes > %t/launcher.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py %t/plugin.json %t/launcher.json
// RUN: ls -A %t/tmp | count 0
//
// CHECK: main 1
// CHECK-NEXT: shapes::(anonymous namespace)::clamped 3
// CHECK-NEXT: shapes::Polygon<double>::add 4
// CHECK-NEXT: shapes::Polygon<double>::perimeter 1
// CHECK-NEXT: shapes::Polygon<int>::add 4
// CHECK-NEXT: shapes::Polygon<int>::perimeter 1
// CHECK-NEXT: shapes::square 3
// CHECK-NEXT: shapes::total_area 1
// CHECK-NEXT: shapes::version_number 1
// CHECK-NOT: {{.}}
//
// FILE: area 14 perimeter 30 21 version 5 file [[SOURCE]]/Inputs/project/src/main.cpp
// AGAIN: ninja: no work to do.
// DEPS: CMakeFiles/shapes.dir/src/main.cpp.o
// DEPS: Inputs/project/src/main.cpp
// DEPS: Inputs/project/include/shapes.hpp
// DEPS: generated/version.hpp
