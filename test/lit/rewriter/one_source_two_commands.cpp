// REQUIRES: rewriter
// A source that a compilation database lists more than once (a file built into
// several targets, as tests often are) is rewritten once: one guard per function and
// one registration of its default template arguments, and the output compiles.
//
// RUN: rm -rf %t && mkdir -p %t/src
// RUN: cp %s %t/src/unit.cpp
// RUN: printf '[{"directory": "%t/src", "file": "unit.cpp", "command": "g++ -std=c++17 %hotpath_cflags -c unit.cpp -o a.o"}, {"directory": "%t/src", "file": "unit.cpp", "command": "g++ -std=c++17 %hotpath_cflags -c unit.cpp -o b.o"}]' > %t/compile_commands.json
// RUN: %hotpath_rewrite -p %t --in-place %t/src/unit.cpp 2> /dev/null
// RUN: grep -c '^static const ::hotpath::DefaultTemplateArgument[s]' %t/src/unit.cpp | FileCheck %s --check-prefix=ONCE
// RUN: grep -c 'ScopeGuard __hotpath_guar[d](' %t/src/unit.cpp | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
// RUN: %gxx -std=c++17 -fsyntax-only %hotpath_cflags %t/src/unit.cpp

#include <hotpath/hotpath.hpp>

namespace app {

template <typename T, typename Tag = void>
struct Holder {
  T value;
};

[[hotpath::measure]] int unit(Holder<int> holder) { return holder.value; }

}  // namespace app
