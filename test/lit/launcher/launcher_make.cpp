// REQUIRES: launcher, plugin
// A Make project built with g++ by one added variable, CXX=hotpath-g++: each
// source is rewritten as it is compiled, with the build's own flags, so that the
// header the build generates first is there; the link gets libhotpath. Its report
// has exactly the rows of the plugin build: the header's inline function and
// class template members, an internal function, the generated header's function.
// Nothing of the copies is left: __FILE__ and the dependency files name the
// sources as the build spelled them (a second `make` has nothing to do), and the
// temporary directories are gone.
//
// RUN: rm -rf %t && mkdir -p %t/tmp && cp -r %S/Inputs/project %t/make
// RUN: %S/Inputs/plugin_build.sh %clangxx %hotpath_plugin %hotpath_cflags %hotpath_libs -- %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
//
// RUN: env TMPDIR=%t/tmp make -C %t/make CXX=%hotpath_launcher_dir/hotpath-g++ > %t/make.log 2>&1
// RUN: cd %t/make && env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 ./shapes > %t/make.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py %t/plugin.json %t/make.json | FileCheck %s
// RUN: FileCheck --check-prefix=FILE %s < %t/make.json
// RUN: env TMPDIR=%t/tmp make -C %t/make CXX=%hotpath_launcher_dir/hotpath-g++ | FileCheck --check-prefix=AGAIN %s
// RUN: cat %t/make/src/main.d %t/make/src/area.d | FileCheck --check-prefix=DEPS --implicit-check-not=%t/tmp %s
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
// FILE: area 14 perimeter 30 21 version 5 file src/main.cpp
// AGAIN: make: 'shapes' is up to date.
// DEPS: src/main.o:
// DEPS: src/main.cpp
// DEPS: include/shapes.hpp
// DEPS: generated/version.hpp
// DEPS: src/area.o:
// DEPS: src/area.cpp
// DEPS: include/shapes.hpp
