// REQUIRES: rewriter, plugin
// An explicit specialization as a template argument: Clang's printing of its
// type follows the specialization's declaration (`formatter<test_string>`, with
// the typedef, and `bytes` unqualified as written in its namespace); g++ writes its
// arguments canonically, and so does the plugin, without default arguments (also
// those of a standard template whose argument is an explicit specialization of the
// standard library: `std::ostream_iterator<char>`, with `std::char_traits<char>`):
// the rows of the plugin and of the rewriter's output built with g++ are the same. Built
// with Clang too: the rewriter registers each explicit specialization's spelling in
// Clang's __PRETTY_FUNCTION__ with its own (`app::formatter<test_string> =
// app::formatter<basic_test_string<char>>`), and the report respells it.
//
// clang-format off
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
// RUN: %hotpath_rewrite --output-dir=%t/rw %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags -include hotpath/hotpath.hpp %t/rw/names_explicit_specializations.cpp %hotpath_libs -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/gxx > %t/gxx.json
// RUN: %python %S/Inputs/compare_rows.py --signatures --ignore=main %t/plugin.json %t/gxx.json | FileCheck %s
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -Wno-unknown-attributes %hotpath_cflags -include hotpath/hotpath.hpp %t/rw/names_explicit_specializations.cpp %hotpath_libs -o %t/clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/clang > %t/clang.json
// RUN: %python %S/Inputs/compare_rows.py --signatures --ignore=main %t/plugin.json %t/clang.json | FileCheck %s
// RUN: FileCheck --check-prefix=SPELLINGS %s < %t/rw/names_explicit_specializations.cpp
// SPELLINGS: static const char* const __hotpath_default_template_arguments_{{[0-9A-F]+}}_entries[] = {
// SPELLINGS-DAG: "app::formatter<{{bytes}}> = app::formatter<app::bytes>",
// SPELLINGS-DAG: "app::formatter<{{test_string}}> = app::formatter<basic_test_string<char>>",
// SPELLINGS-DAG: "std::hash<{{string}}> = std::hash<std::string>",
// SPELLINGS: nullptr};
//
// CHECK:      app::use<app::formatter<app::bytes>> | app::use<app::formatter<app::bytes>>() | 1
// CHECK-NEXT: app::use<app::formatter<basic_test_string<char>>> | app::use<app::formatter<basic_test_string<char>>>() | 1
// CHECK-NEXT: app::use<std::ostream_iterator<char>> | app::use<std::ostream_iterator<char>>() | 1
// CHECK-NEXT: 3 rows
// clang-format on

#include <iterator>

namespace app {
template <class T, class Char = char>
struct formatter {};
struct bytes {};
template <>
struct formatter<bytes> {};

template <class F>
[[hotpath::measure]] void use() {}
}  // namespace app

template <class C>
struct basic_test_string {};
using test_string = basic_test_string<char>;
template <>
struct app::formatter<test_string> {};

[[hotpath::main]] int main() {
  app::use<app::formatter<test_string>>();
  app::use<app::formatter<app::bytes>>();
  app::use<std::ostream_iterator<char>>();
}
