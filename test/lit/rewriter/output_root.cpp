// REQUIRES: rewriter
// --output-root writes each rewritten file at its absolute path under the root, a
// header that gets guards beside the source as in the tree; with --no-prologue the
// copies start with their own first line (the compile includes hotpath's header
// itself), so that every line keeps its number. --quiet says nothing, not even the
// options Clang does not know.
//
// RUN: rm -rf %t && mkdir -p %t/src/include %t/root
// RUN: cp %s %t/src/main.cpp
// RUN: printf '[[hotpath::measure]] inline int twice(int x) { return x * 2; }\n' > %t/src/include/twice.hpp
// RUN: cd %t/src && %hotpath_rewrite --output-root=%t/root --no-prologue --quiet \
// RUN:   --header-filter=twice main.cpp -- -std=c++17 -fno-lifetime-dse %hotpath_cflags 2>&1 \
// RUN:   | count 0
// RUN: FileCheck --check-prefix=SOURCE %s < %t/root%t/src/main.cpp
// RUN: FileCheck --check-prefix=HEADER %s < %t/root%t/src/include/twice.hpp
// RUN: %hotpath_rewrite --output-root=%t/root2 %t/src/main.cpp -- -std=c++17 %hotpath_cflags 2> /dev/null
// RUN: FileCheck --check-prefix=PROLOGUE %s < %t/root2%t/src/main.cpp
//
// SOURCE: {{^}}// REQUIRES: rewriter
// SOURCE: {{^}}#include "include/twice.hpp"
// SOURCE: {{\[\[}}hotpath::measure]] int four() { static ::hotpath::Site
// HEADER: {{^\[\[}}hotpath::measure]] inline int twice(int x) { static ::hotpath::Site
// PROLOGUE: {{^}}#include <hotpath/hotpath.hpp>
// PROLOGUE-NEXT: {{^}}#line 1
// PROLOGUE-NEXT: {{^}}// REQUIRES: rewriter

#include "include/twice.hpp"

[[hotpath::measure]] int four() { return twice(2); }
