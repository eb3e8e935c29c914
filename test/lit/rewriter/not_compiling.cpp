// REQUIRES: rewriter
// A file that does not compile: a non-zero exit, a message naming the file and
// its first error, and nothing written (neither in place nor in --output-dir).
//
// RUN: rm -rf %t && mkdir -p %t/out
// RUN: cp %s %t/broken.cpp
// RUN: not %hotpath_rewrite --in-place %t/broken.cpp -- -std=c++17 %hotpath_cflags 2> %t/err.txt
// RUN: FileCheck %s < %t/err.txt
// RUN: diff %s %t/broken.cpp
// RUN: not %hotpath_rewrite --output-dir=%t/out %t/broken.cpp -- -std=c++17 %hotpath_cflags
// RUN: not ls %t/out/broken.cpp
// RUN: not %hotpath_rewrite --print %t/broken.cpp -- -std=c++17 %hotpath_cflags > %t/printed.txt
// RUN: count 0 < %t/printed.txt
//
// With a file that compiles beside it, that one is still written.
// RUN: printf 'int good() { return 1; }\n' > %t/good.cpp
// RUN: not %hotpath_rewrite --output-dir=%t/mixed %t/good.cpp %t/broken.cpp -- -std=c++17 %hotpath_cflags 2> %t/mixed.txt
// RUN: ls %t/mixed/good.cpp
// RUN: not ls %t/mixed/broken.cpp
// RUN: FileCheck %s --check-prefix=MIXED < %t/mixed.txt
// MIXED: clang-hotpath-rewrite: 1 of 2 files done, 0 guards added; failed: {{.*}}broken.cpp
//
// CHECK: broken.cpp:[[@LINE+4]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared_thing'
// CHECK: clang-hotpath-rewrite: error: '{{.*}}broken.cpp' does not compile (first error: {{.*}}broken.cpp:[[@LINE+3]]:{{[0-9]+}}: use of undeclared identifier 'undeclared_thing')
// CHECK: clang-hotpath-rewrite: 0 of 1 files done, 0 guards added; failed: {{.*}}broken.cpp

[[hotpath::measure]] int f() { return undeclared_thing; }
int g() { return also_undeclared; }
