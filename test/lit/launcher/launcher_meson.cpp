// REQUIRES: launcher, plugin, meson
// A Meson project built with g++ by one added variable, CXX=hotpath-g++ at setup:
// the report has exactly the rows of the plugin build, __FILE__ is the source as
// Meson spells it, and a second build has no work to do.
//
// RUN: rm -rf %t && mkdir -p %t/tmp && cp -r %S/Inputs/project %t/project
// RUN: %S/Inputs/plugin_build.sh %clangxx %hotpath_plugin %hotpath_cflags %hotpath_libs -- %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
//
// RUN: cd %t/project && env TMPDIR=%t/tmp CXX=%hotpath_launcher_dir/hotpath-g++ \
// RUN:   meson setup %t/build > %t/meson.log
// RUN: env TMPDIR=%t/tmp ninja -C %t/build >> %t/meson.log
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/build/shapes > %t/meson.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py %t/plugin.json %t/meson.json | FileCheck %s
// RUN: FileCheck --check-prefix=FILE %s < %t/meson.json
// RUN: env TMPDIR=%t/tmp ninja -C %t/build | FileCheck --check-prefix=AGAIN %s
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
// FILE: area 14 perimeter 30 21 version 5 file ../project/src/main.cpp
// AGAIN: ninja: no work to do.
