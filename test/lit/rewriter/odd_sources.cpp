// REQUIRES: rewriter
// Odd but valid sources (Inputs/odd_sources.cpp: raw strings, digraphs, line
// continuations, braces in comments and strings, #line, macros): the original stays
// byte-identical, the output builds warning-free with g++ and Clang and reports
// every function the plugin would measure (the one whose body a macro writes by
// the macro's invocation written out, expanded), and rewriting the output again
// changes nothing.
//
// RUN: rm -rf %t && mkdir -p %t/src
// RUN: cp %S/Inputs/odd_sources.cpp %t/src/odd.cpp && cp %t/src/odd.cpp %t/original.cpp
// RUN: %hotpath_rewrite --output-dir=%t/out %t/src/odd.cpp -- -std=c++17 2> %t/rewrite.txt
// RUN: FileCheck %s --check-prefix=REWRITE < %t/rewrite.txt
// RUN: cmp %t/src/odd.cpp %t/original.cpp
// RUN: %gxx -std=c++17 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags %t/out/odd.cpp -o %t/gxx %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx | FileCheck %s
// RUN: %clangxx -std=c++17 -Wall -Wextra -Werror -Wno-unknown-attributes %hotpath_cflags %t/out/odd.cpp -o %t/clang %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/clang | FileCheck %s
// RUN: cp %t/out/odd.cpp %t/again.cpp
// RUN: %hotpath_rewrite --in-place %t/again.cpp -- -std=c++17 2> /dev/null
// RUN: cmp %t/out/odd.cpp %t/again.cpp
//
// REWRITE-NOT: warning:
// REWRITE: clang-hotpath-rewrite: 1 of 1 files done, 6 guards added
// CHECK-DAG: {"name":"odd::raw","signature":"odd::raw()","calls":1,
// CHECK-DAG: {"name":"odd::digraphs","signature":"odd::digraphs()","calls":1,
// CHECK-DAG: {"name":"odd::continued","signature":"odd::continued(int)","calls":1,
// CHECK-DAG: {"name":"odd::comments","signature":"odd::comments(int)","calls":1,
// CHECK-DAG: {"name":"odd::after_line_directive","signature":"odd::after_line_directive()","calls":1,
// CHECK-DAG: {"name":"odd::from_macro","signature":"odd::from_macro()","calls":1,
