// REQUIRES: plugin, other-clang
// The plugin loads only into the Clang major version it was built for. Loaded into
// another clang++ (which would otherwise load it silently and recognize none of
// the attributes), it fails the compilation, with a non-zero exit and a message
// naming both versions, and produces no object.
// (`other-clang` and `%other_clangxx` come from lit.local.cfg.)
//
// RUN: %clangxx --version | head -n 1 > %t.versions
// RUN: %other_clangxx --version | head -n 1 >> %t.versions
//
// RUN: not %other_clangxx -std=c++20 -fsyntax-only -fplugin=%hotpath_plugin %s 2> %t.err
// RUN: cat %t.versions %t.err | FileCheck %s
//
// RUN: rm -f %t.o
// RUN: not %other_clangxx -std=c++20 -c -fplugin=%hotpath_plugin %s -o %t.o 2> %t.compile.err
// RUN: cat %t.versions %t.compile.err | FileCheck %s
// RUN: not test -e %t.o
//
// CHECK: clang version [[BUILT_MAJOR:[0-9]+]].[[BUILT_REST:[0-9]+\.[0-9]+]]
// CHECK: clang version [[OTHER_MAJOR:[0-9]+]].[[OTHER_REST:[0-9]+\.[0-9]+]]
// CHECK: fatal error: the hotpath plugin was built for Clang [[BUILT_MAJOR]].[[BUILT_REST]] but was loaded into '{{[^']*}}clang version [[OTHER_MAJOR]].[[OTHER_REST]]{{[^']*}}'; load the plugin built for that Clang (pkg-config --variable=plugin hotpath-clang-[[OTHER_MAJOR]]), or compile with the clang++ of version [[BUILT_MAJOR]].[[BUILT_REST]] (pkg-config --variable=clangxx hotpath-clang-[[BUILT_MAJOR]])

[[hotpath::measure]] int f(int x) { return x; }

int main() { return f(0); }
