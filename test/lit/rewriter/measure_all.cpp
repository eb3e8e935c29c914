// REQUIRES: rewriter, plugin
// --measure-all measures every function defined in the rewritten files, without
// attributes (lambdas, implicit and defaulted functions excepted, skip
// respected); --measure-all=<regex> only those of files whose name matches, as
// the plugin's measure-all-files=<regex>. The rows equal the plugin's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 -include hotpath/hotpath.hpp \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=measure_all\.cpp$' %hotpath_cflags %s \
// RUN:   %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
//
// RUN: %hotpath_rewrite --output-dir=%t/all --min-tokens=0 --measure-all %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/all/measure_all.cpp %hotpath_libs \
// RUN:   -o %t/all/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/all/program > %t/all.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/all.json | FileCheck %s
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -Wno-unknown-attributes %hotpath_cflags \
// RUN:   %t/all/measure_all.cpp %hotpath_libs -o %t/all/program-clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/all/program-clang > %t/all-clang.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/all-clang.json
//
// RUN: %hotpath_rewrite --output-dir=%t/matching --min-tokens=0 '--measure-all=measure_all\.cpp$' %s -- \
// RUN:   -std=c++17 %hotpath_cflags
// RUN: diff %t/all/measure_all.cpp %t/matching/measure_all.cpp
//
// With --measure-all-root=<dir>, a relative pattern sees the path relative to <dir>.
// RUN: %hotpath_rewrite --output-dir=%t/relative --min-tokens=0 --measure-all-root=%S/.. \
// RUN:   '--measure-all=^rewriter/measure_all\.cpp$' %s -- -std=c++17 %hotpath_cflags
// RUN: diff %t/all/measure_all.cpp %t/relative/measure_all.cpp
//
// A pattern that matches nothing leaves only the annotated function.
// RUN: %hotpath_rewrite --print --min-tokens=0 --measure-all=no_such_file %s -- -std=c++17 %hotpath_cflags \
// RUN:   | grep -v RUN: | grep -c __hotpath_guard | FileCheck %s --check-prefix=NONE
// NONE: 1
//
// CHECK: app::Parser::parse 2
// CHECK-NEXT: app::Parser::token 4
// CHECK-NEXT: app::helper 1
// CHECK-NEXT: main 1
// CHECK-NOT: {{.}}

volatile int sink = 0;

namespace app {

int helper() { return 1; }

struct Parser {
  Parser() = default;
  int parse() { return token() + token(); }
  int token() {
    auto bump = [](int x) { return x + 1; };
    return bump(0);
  }
  [[hotpath::skip]] int skipped() { return 0; }
};

}  // namespace app

[[hotpath::main]] int main() {
  app::Parser parser;
  sink = parser.parse() + parser.parse() + app::helper() + parser.skipped();
  return 0;
}
