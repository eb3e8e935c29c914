// REQUIRES: launcher, plugin
// Text whose namespace a macro names, compiled under two namespaces in one
// program (this file stands for a header that several translation units include:
// RapidJSON's tests do so): hotpath-g++ rewrites a copy for each compile, so each
// translation unit's functions are named in their own namespace, as the plugin
// names them. (One clang-hotpath-rewrite run over the whole program rewrites the
// text once: docs/names.md.)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hotpath_launcher_dir/hotpath-g++ -std=c++17 -DPART=1 -c %s -o %t/a.o
// RUN: %hotpath_launcher_dir/hotpath-g++ -std=c++17 -DPART=2 -DSPACE=other -c %s -o %t/b.o
// RUN: %hotpath_launcher_dir/hotpath-g++ -std=c++17 -DPART=3 -c %s -o %t/main.o
// RUN: %hotpath_launcher_dir/hotpath-g++ %t/a.o %t/b.o %t/main.o -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/gxx > %t/gxx.json
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags \
// RUN:   -DPART=1 -c %s -o %t/plugin_a.o
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags \
// RUN:   -DPART=2 -DSPACE=other -c %s -o %t/plugin_b.o
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags \
// RUN:   -DPART=3 -c %s -o %t/plugin_main.o
// RUN: %clangxx %t/plugin_a.o %t/plugin_b.o %t/plugin_main.o %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py --signatures %t/plugin.json %t/gxx.json | FileCheck %s
//
// CHECK: lib::Box<int>::get | lib::Box<int>::get() const | 1
// CHECK-NEXT: lib::plain | lib::plain() | 1
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: other::Box<int>::get | other::Box<int>::get() const | 1
// CHECK-NEXT: other::plain | other::plain() | 1
// CHECK-NEXT: 5 rows

// The header's part: a namespace named by a macro.
#ifndef SPACE
#define SPACE lib
#endif
namespace SPACE {
template <class T>
struct Box {
  [[hotpath::measure]] int get() const { return 1; }
};
[[hotpath::measure]] inline int plain() { return 2; }
}  // namespace SPACE

#if PART == 1
int from_lib() { return lib::Box<int>().get() + lib::plain(); }
#elif PART == 2
int from_other() { return other::Box<int>().get() + other::plain(); }
#else
int from_lib();
int from_other();
[[hotpath::main]] int main() { return from_lib() + from_other() == 6 ? 0 : 1; }
#endif
