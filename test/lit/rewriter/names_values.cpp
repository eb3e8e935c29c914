// REQUIRES: rewriter, plugin
// Integer, bool, character and enumerator template arguments that Clang's
// __PRETTY_FUNCTION__ does not list: those of a function template around a local
// class, and of a partial specialization (`N` of `formatter<Char[N], Char>`). The
// plugin takes them from the AST; the rewriter's output passes them as
// `hotpath::Value<decltype(N), N>` among its type arguments, and names the rows
// alike built with g++ and with Clang.
//
// clang-format off
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 -fplugin-arg-hotpath-measure-all-files='names_values' -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
// RUN: %hotpath_rewrite --output-dir=%t/rw --min-tokens=0 --measure-all='names_values' %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags -include hotpath/hotpath.hpp %t/rw/names_values.cpp %hotpath_libs -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/gxx > %t/gxx.json
// RUN: %python %S/Inputs/compare_rows.py --signatures --ignore=main %t/plugin.json %t/gxx.json | FileCheck %s
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -Wno-unknown-attributes %hotpath_cflags -include hotpath/hotpath.hpp %t/rw/names_values.cpp %hotpath_libs -o %t/clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/clang > %t/clang.json
// RUN: %python %S/Inputs/compare_rows.py --signatures --ignore=main %t/plugin.json %t/clang.json | FileCheck %s
//
// CHECK:      app::formatter<char[4]>::format<int> | app::formatter<char[4]>::format<int>(int) const | 1
// CHECK-NEXT: app::parse<false, char> | app::parse<false, char>(char) | 1
// CHECK-NEXT: app::parse<false, char>(char)::writer::operator() | app::parse<false, char>(char)::writer::operator()(char) const | 1
// CHECK-NEXT: app::tagged<app::Color::green, 'x', app::two> | app::tagged<app::Color::green, 'x', app::two>() | 1
// CHECK-NEXT: app::tagged<app::Color::green, 'x', app::two>()::writer::operator() | app::tagged<app::Color::green, 'x', app::two>()::writer::operator()() const | 1
// CHECK-NEXT: 5 rows
// clang-format on

#include <cstddef>

namespace app {

template <bool Checked, typename Char>
int parse(Char c) {
  struct writer {
    int operator()(Char x) const { return x + Checked; }
  };
  return writer()(c);
}

// Enumerators and characters too.
enum class Color { red, green };
enum Plain { one, two };
template <Color C, char Ch, Plain P>
int tagged() {
  struct writer {
    int operator()() const { return static_cast<int>(C) + Ch + P; }
  };
  return writer()();
}

template <typename T, typename Char = char>
struct formatter;
template <typename Char, std::size_t N>
struct formatter<Char[N], Char> {
  template <typename Context>
  int format(Context c) const {
    return static_cast<int>(N) + c;
  }
};

}  // namespace app

int main() {
  return app::parse<false>('a') + app::formatter<char[4]>().format(1) +
             app::tagged<app::Color::green, 'x', app::two>() >
         500;
}
