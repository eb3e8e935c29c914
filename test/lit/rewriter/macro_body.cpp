// REQUIRES: rewriter
// A function whose body's `{` comes from a macro expansion cannot get a guard in
// the text: it is skipped with a warning naming it, and the output still builds.
// A macro used inside a body does not matter.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hotpath_rewrite --output-dir=%t %s -- -std=c++17 %hotpath_cflags 2> %t/err.txt
// RUN: FileCheck %s --check-prefix=WARN < %t/err.txt
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/macro_body.cpp %hotpath_libs -o %t/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/program | FileCheck %s
// RUN: %hotpath_rewrite --output-dir=%t/again %t/macro_body.cpp -- -std=c++17 %hotpath_cflags
// RUN: diff %t/macro_body.cpp %t/again/macro_body.cpp
//
// WARN-DAG: macro_body.cpp:[[#@LINE+19]]:{{[0-9]+}}: warning: 'answer' is not instrumented: the '{' of its body comes from a macro expansion
// WARN-DAG: macro_body.cpp:[[#@LINE+20]]:{{[0-9]+}}: warning: 'opened_by_macro' is not instrumented: the '{' of its body comes from a macro expansion
// WARN-DAG: macro_body.cpp:[[#@LINE+21]]:{{[0-9]+}}: warning: 'wrapped' is not instrumented: the '{' of its body comes from a macro expansion
// WARN: clang-hotpath-rewrite: 1 of 1 files done, 2 guards added
//
// CHECK: "name":"with_macro_inside","signature":"with_macro_inside(int)","calls":2,
// CHECK-NOT: "name":"answer"
// CHECK-NOT: "name":"opened_by_macro"
// CHECK-NOT: "name":"wrapped"
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

#define DEFINE_MEASURED(name, value) \
  [[hotpath::measure]] int name() { return value; }
#define OPEN {
#define KEEP(...) __VA_ARGS__
#define TWICE(x) ((x) * 2)

DEFINE_MEASURED(answer, 42)

[[hotpath::measure]] int opened_by_macro() OPEN return 1; }

KEEP([[hotpath::measure]] int wrapped() { return 3; })

[[hotpath::measure]] int with_macro_inside(int x) { return TWICE(x); }

volatile int sink = 0;

[[hotpath::main]] int main() {
  sink = answer() + opened_by_macro() + wrapped() + with_macro_inside(1) + with_macro_inside(2);
  return 0;
}
