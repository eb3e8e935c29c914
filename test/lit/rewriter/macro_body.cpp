// REQUIRES: rewriter, plugin
// A function whose body's `{` comes from a macro expansion (a function defined by
// a macro, a body opened by a macro, a function in a macro's argument, a member
// of a local struct in a lambda that a macro writes): the rewriter writes the
// invocation out, expanded, on its own lines, with the guards in it; lines after
// it keep their numbers. A macro whose expansion has a _Pragma is left alone,
// with a warning naming the function. The rows are the plugin's; a second run
// changes nothing.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
// RUN: %hotpath_rewrite --output-dir=%t %s -- -std=c++17 %hotpath_cflags 2> %t/err.txt
// RUN: FileCheck %s --check-prefix=WARN < %t/err.txt
// RUN: %gxx -std=c++17 -Wall -Wextra -Wno-attributes %hotpath_cflags %t/macro_body.cpp %hotpath_libs -o %t/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/program > %t/gxx.json
// RUN: %python %S/Inputs/compare_rows.py --signatures --ignore=with_pragma %t/plugin.json %t/gxx.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=LINES < %t/gxx.json
// RUN: %hotpath_rewrite --output-dir=%t/again %t/macro_body.cpp -- -std=c++17 %hotpath_cflags
// RUN: diff %t/macro_body.cpp %t/again/macro_body.cpp
//
// WARN: macro_body.cpp:[[#@LINE+43]]:{{[0-9]+}}: warning: 'with_pragma' is not instrumented: the macro expansion its body's '{' comes from has a _Pragma or annotation tokens
// WARN-NOT: warning:
// WARN: clang-hotpath-rewrite: 1 of 1 files done, 8 guards added
//
// CHECK:      answer | answer() | 1
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: main::(lambda at macro_body.cpp:[[#@LINE+43]])::Text::size | main::(lambda at macro_body.cpp:[[#@LINE+43]])::Text::size() const | 1
// CHECK-NEXT: opened_by_macro | opened_by_macro() | 1
// CHECK-NEXT: raw_lines | raw_lines() | 1
// CHECK-NEXT: spread | spread() | 1
// CHECK-NEXT: with_macro_inside | with_macro_inside(int) | 2
// CHECK-NEXT: wrapped | wrapped() | 1
// CHECK-NEXT: 8 rows
//
// The row after the invocations spread over lines (one by a raw string literal) is
// on its own line.
// LINES: "name":"with_macro_inside",{{.*}}"line":[[#@LINE+25]]}
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

#define DEFINE_MEASURED(name, value) \
  [[hotpath::measure]] int name() { return value; }
#define OPEN {
#define KEEP(...) __VA_ARGS__
#define TWICE(x) ((x) * 2)
#define SIZE_OF(s) [] { struct Text { [[hotpath::measure]] int size() const { return sizeof(s) - 1; } }; return Text(); }().size()
#define DEFINE_TEXT(name, text) [[hotpath::measure]] const char* name() { return text; }
#define PRAGMA_MEASURED(name) _Pragma("GCC diagnostic push") [[hotpath::measure]] int name() { return 5; } _Pragma("GCC diagnostic pop")

DEFINE_MEASURED(answer, 42)

[[hotpath::measure]] int opened_by_macro() OPEN return 1; }

KEEP([[hotpath::measure]] int wrapped() { return 3; })

DEFINE_TEXT(raw_lines, R"(first
second)")
DEFINE_MEASURED(spread,
                4
)
[[hotpath::measure]] int with_macro_inside(int x) { return TWICE(x); }

PRAGMA_MEASURED(with_pragma)

volatile int sink = 0;

[[hotpath::main]] int main() {
  sink = answer() + opened_by_macro() + wrapped() + spread() + with_macro_inside(1) + with_macro_inside(2) + with_pragma() + raw_lines()[0];
  sink = sink + SIZE_OF("abc");
  return 0;
}
