// REQUIRES: plugin
// The plugin's own warnings (a constexpr function before C++20, a consteval
// function) obey the usual warning flags like Clang's: -Werror makes them errors
// (the build fails), -w silences them.
//
// RUN: %clangxx -std=c++20 -fsyntax-only -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: 'hotpath::measure' ignored on consteval function 'compile_time'
//
// RUN: not %clangxx -std=c++20 -fsyntax-only -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: not %clangxx -std=c++17 -fsyntax-only -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -DCONSTEXPR17 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR17
// ERROR: error: 'hotpath::measure' ignored on consteval function 'compile_time'
// ERROR17: error: 'hotpath::measure' ignored on constexpr function 'compile_time' before C++20
//
// RUN: %clangxx -std=c++20 -fsyntax-only -w -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s 2>&1 | count 0

#ifdef CONSTEXPR17
[[hotpath::measure]] constexpr int compile_time(int x) { return x + 1; }
#else
[[hotpath::measure]] consteval int compile_time(int x) { return x + 1; }
#endif

int main() { return compile_time(-1); }
