// REQUIRES: rewriter
// The rewriter's output adds no warning: built with -Wall -Wextra -Werror by g++ and
// Clang, in place (compiled through a relative path) and as an --output-dir copy.
// Here a class derives from a base in an anonymous namespace, which g++ flags only
// in headers (-Wsubobject-linkage): the prologue's #line must not give the source
// another name than the one it is compiled by.
//
// RUN: rm -rf %t && mkdir -p %t/src
// RUN: cp %s %t/src/unit.cpp
// RUN: %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags -fsyntax-only %t/src/unit.cpp
// RUN: %hotpath_rewrite --output-dir=%t/copy %t/src/unit.cpp -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags -fsyntax-only %t/copy/unit.cpp
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -Wno-unknown-attributes %hotpath_cflags -fsyntax-only %t/copy/unit.cpp
// RUN: %hotpath_rewrite --in-place %t/src/unit.cpp -- -std=c++17 %hotpath_cflags
// RUN: cd %t && %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags -c src/unit.cpp -o unit.o
// RUN: cd %t/src && %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags -c unit.cpp -o unit.o
// RUN: %gxx -std=c++17 %t/src/unit.o -o %t/program %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/program | FileCheck %s
// CHECK: {"name":"app::Derived::value","signature":"app::Derived::value() const","calls":1,

#include <hotpath/hotpath.hpp>

namespace {

struct Base {
  virtual ~Base() = default;
  virtual int value() const { return 1; }
};

}  // namespace

namespace app {

struct [[hotpath::measure_all]] Derived : Base {
  int value() const override { return 2; }
};

}  // namespace app

int main() {
  app::Derived derived;
  const Base& base = derived;
  return base.value() == 2 ? 0 : 1;
}
