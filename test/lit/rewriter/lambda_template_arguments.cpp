// REQUIRES: rewriter, plugin
// Lambdas as template arguments: each lambda is a type of its own, so each
// instantiation is a row of its own in every build, named by where the lambda is
// written. g++'s __PRETTY_FUNCTION__ does not say where (`main()::<lambda()>` for
// every lambda of main without parameters); the rewriter writes the lambdas of the
// translation unit numbered as g++ numbers them in their mangled names, with their
// locations, and the report finds each one's there. Lambdas in a function template
// are numbered per instantiation; two lambdas on one line are one name, numbered
// `#2` (docs/names.md).
//
// RUN: rm -rf %t && mkdir -p %t/rw
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
// RUN: %hotpath_rewrite --output-dir=%t/rw %s -- -std=c++17 %hotpath_cflags
// RUN: FileCheck --check-prefix=TABLE %s < %t/rw/lambda_template_arguments.cpp
// RUN: %clangxx -std=c++17 -Wno-unknown-attributes %hotpath_cflags \
// RUN:   %t/rw/lambda_template_arguments.cpp %hotpath_libs -o %t/clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/clang > %t/clang.json
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/plugin.json %t/clang.json \
// RUN:   | FileCheck %s
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/rw/lambda_template_arguments.cpp \
// RUN:   %hotpath_libs -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx > %t/gxx.json
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/plugin.json %t/gxx.json \
// RUN:   | FileCheck %s
// Without RTTI g++ builds cannot tell the lambdas of a function apart: `(lambda)`.
// RUN: %gxx -std=c++17 -fno-rtti -Wno-attributes %hotpath_cflags \
// RUN:   %t/rw/lambda_template_arguments.cpp %hotpath_libs -o %t/gxx-no-rtti
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx-no-rtti > %t/gxx-no-rtti.json
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/gxx-no-rtti.json %t/gxx-no-rtti.json \
// RUN:   | FileCheck %s --check-prefix=NO-RTTI
//
// TABLE: static const char* const __hotpath_lambda_locations_{{[0-9A-F]+}}_entries[] = {
// TABLE-NEXT: "app::twice(T)", "1", "(lambda at lambda_template_arguments.cpp:[[#@LINE+37]])",
// TABLE-NEXT: "app::twice(T)", "2", "(lambda at lambda_template_arguments.cpp:[[#@LINE+37]])",
// TABLE-NEXT: "main", "1", "(lambda at lambda_template_arguments.cpp:[[#@LINE+43]])",
// TABLE-NEXT: "main", "2", "(lambda at lambda_template_arguments.cpp:[[#@LINE+43]])",
// TABLE-NEXT: "main", "3", "(lambda at lambda_template_arguments.cpp:[[#@LINE+43]])",
// TABLE-NEXT: nullptr};
//
// CHECK: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+30]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+30]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+30]])) | 1
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+29]])> #2 | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+29]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+29]])) | 1
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+29]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+29]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+29]])) | 1
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+28]])> #2 | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+28]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+28]])) | 1
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+34]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+34]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+34]])) | 3
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+34]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+34]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+34]])) | 2
// CHECK-NEXT: app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+34]])> | app::call<(lambda at lambda_template_arguments.cpp:[[#@LINE+34]])>((lambda at lambda_template_arguments.cpp:[[#@LINE+34]])) | 1
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: 8 rows
//
// NO-RTTI: app::call<(lambda)> | app::call<(lambda)>((lambda)) | 3
// NO-RTTI-NEXT: app::call<(lambda)> #2 | app::call<(lambda)>((lambda)) | 2
// NO-RTTI-NEXT: app::call<(lambda)> #3 | app::call<(lambda)>((lambda)) | 1
// NO-RTTI-NEXT: app::call<(lambda)> #4 | app::call<(lambda)>((lambda)) | 1
// NO-RTTI-NEXT: app::call<(lambda)> #5 | app::call<(lambda)>((lambda)) | 1
// NO-RTTI-NEXT: app::call<(lambda)> #6 | app::call<(lambda)>((lambda)) | 1
// NO-RTTI-NEXT: app::call<(lambda)> #7 | app::call<(lambda)>((lambda)) | 1
// NO-RTTI-NEXT: main | main | 1
// NO-RTTI-NEXT: 8 rows

namespace app {
template <class F>
[[hotpath::measure]] void call(F f) {
  f();
}

// Two instantiations, whose lambdas are other types each: g++ numbers them per
// instantiation.
template <class T>
void twice(T) {
  call([] {});
  call([](int = 0) {});
}
}  // namespace app

volatile int sink = 0;

[[hotpath::main]] int main() {
  for (int i = 0; i < 3; ++i) app::call([] { sink = sink + 1; });
  for (int i = 0; i < 2; ++i) app::call([] { sink = sink + 2; });
  app::call([] { sink = sink + 3; });
  app::twice(1);
  app::twice('c');
}
