// The same annotated sources build and run without the plugin, with clang++ and
// g++, warning-free once the unknown-attribute warnings are silenced; nothing is
// measured and no report is printed.
//
// RUN: %clangxx -std=c++20 -Wall -Wextra -Werror -Wno-unknown-attributes %s -o %t.clang
// RUN: %t.clang | FileCheck %s --allow-empty --check-prefix=NOREPORT
// RUN: %gxx -std=c++20 -Wall -Wextra -Werror -Wno-attributes=hotpath:: %s -o %t.gcc
// RUN: %t.gcc | FileCheck %s --allow-empty --check-prefix=NOREPORT
//
// Without the flags, each compiler says it ignores the attributes.
// RUN: %clangxx -std=c++20 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=CLANG-WARN
// RUN: %gxx -std=c++20 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=GCC-WARN

// NOREPORT-NOT: [hotpath]
// CLANG-WARN: warning: unknown attribute 'measure' ignored
// GCC-WARN: warning: 'hotpath::measure' scoped attribute directive ignored

namespace app {
[[hotpath::measure]] int twice(int x) { return 2 * x; }

class [[hotpath::measure_all]] Worker {
 public:
  int run(int x) { return twice(x) + 1; }
  [[hotpath::skip]] int tiny() { return 0; }
};
}  // namespace app

[[hotpath::main("limit=5")]] int main() {
  app::Worker worker;
  return worker.run(1) + worker.tiny() == 3 ? 0 : 1;
}
