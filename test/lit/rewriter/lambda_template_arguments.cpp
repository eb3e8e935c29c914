// REQUIRES: rewriter, plugin
// Lambdas as template arguments: each lambda is a type of its own, so each
// instantiation is a row of its own in every build. The plugin and Clang name the
// lambda by where it is written; g++'s __PRETTY_FUNCTION__ does not say where
// (`main()::<lambda()>` for every lambda of main without parameters), so a g++
// build of the rewriter's output names them `(lambda)` and numbers the rows it
// cannot tell apart (docs/names.md, "Known differences").
//
// RUN: rm -rf %t && mkdir -p %t/rw
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
// RUN: %hotpath_rewrite --output-dir=%t/rw %s -- -std=c++17 %hotpath_cflags
// RUN: %clangxx -std=c++17 -Wno-unknown-attributes %hotpath_cflags \
// RUN:   %t/rw/lambda_template_arguments.cpp %hotpath_libs -o %t/clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/clang > %t/clang.json
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/plugin.json %t/clang.json \
// RUN:   | FileCheck %s
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/rw/lambda_template_arguments.cpp \
// RUN:   %hotpath_libs -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx > %t/gxx.json
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/gxx.json %t/gxx.json \
// RUN:   | FileCheck %s --check-prefix=GXX
//
// CHECK: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+22]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+22]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+22]])) | 3
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+22]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+22]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+22]])) | 2
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+22]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+22]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+22]])) | 1
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: 4 rows
//
// GXX: app::call<(lambda)> | app::call<(lambda)>((lambda)) | 3
// GXX-NEXT: app::call<(lambda)> #2 | app::call<(lambda)>((lambda)) | 2
// GXX-NEXT: app::call<(lambda)> #3 | app::call<(lambda)>((lambda)) | 1
// GXX-NEXT: main | main | 1
// GXX-NEXT: 4 rows

namespace app {
template <class F>
[[hotpath::measure]] void call(F f) {
  f();
}
}  // namespace app

volatile int sink = 0;

[[hotpath::main]] int main() {
  for (int i = 0; i < 3; ++i) app::call([] { sink = sink + 1; });
  for (int i = 0; i < 2; ++i) app::call([] { sink = sink + 2; });
  app::call([] { sink = sink + 3; });
}
