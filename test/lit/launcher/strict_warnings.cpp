// REQUIRES: launcher, plugin
// Instrumented code adds no warning to what the same code has without hotpath,
// under the strictest flags people use (-Wall -Wextra -Wpedantic -Weffc++ -Wshadow
// -Wconversion -Wsign-conversion -Wold-style-cast -Wuseless-cast (g++ only)
// -Wzero-as-null-pointer-constant -Wnon-virtual-dtor -Wundef -Wcast-qual
// -Wredundant-decls), in every standard from C++11 to C++23: built with g++
// through hotpath-g++, and with Clang through the plugin and through
// hotpath-clang++. Every kind of guard is in the corpus (functions, members of a
// class and of a class template, virtual ones, templates, variadic ones, templates
// with non-type parameters, lambdas, constexpr functions from C++20, main's
// session). With g++ 12 and later even the warnings about the attributes
// themselves are gone from instrumented builds.
//
// RUN: rm -rf %t
// RUN: %S/Inputs/warnings/build_both_ways.sh %gxx %clangxx %hotpath_plugin %hotpath_launcher_dir \
// RUN:   %hotpath_cflags "%hotpath_libs" %t | FileCheck %s --implicit-check-not=FAILED
//
// CHECK: g++ c++11 hotpath-g++: 13 without hotpath, 0 with, none new
// CHECK-NEXT: clang c++11 plugin: 13 without hotpath, 0 with, none new
// CHECK-NEXT: clang c++11 launcher: 13 without hotpath, 13 with, none new
// CHECK-NEXT: g++ c++14 hotpath-g++: {{[0-9]+}} without hotpath, 0 with, none new
// CHECK-NEXT: clang c++14 plugin: {{[0-9]+}} without hotpath, 0 with, none new
// CHECK-NEXT: clang c++14 launcher: {{.*}}, none new
// CHECK-NEXT: g++ c++17 hotpath-g++: {{[0-9]+}} without hotpath, 0 with, none new
// CHECK-NEXT: clang c++17 plugin: {{[0-9]+}} without hotpath, 0 with, none new
// CHECK-NEXT: clang c++17 launcher: {{.*}}, none new
// CHECK-NEXT: g++ c++20 hotpath-g++: 14 without hotpath, 0 with, none new
// CHECK-NEXT: clang c++20 plugin: 14 without hotpath, 0 with, none new
// CHECK-NEXT: clang c++20 launcher: {{.*}}, none new
// CHECK-NEXT: g++ c++23 hotpath-g++: 14 without hotpath, 0 with, none new
// CHECK-NEXT: clang c++23 plugin: 14 without hotpath, 0 with, none new
// CHECK-NEXT: clang c++23 launcher: {{.*}}, none new
