// REQUIRES: rewriter
// Re-running the rewriter on its own output gives identical bytes: instrumented
// bodies are recognized and the prologue is not added twice. --in-place on an
// already-rewritten file leaves it as it is.
//
// RUN: rm -rf %t && mkdir -p %t/first %t/second
// RUN: %hotpath_rewrite --output-dir=%t/first %s -- -std=c++17 %hotpath_cflags
// RUN: %hotpath_rewrite --output-dir=%t/second %t/first/idempotent.cpp -- -std=c++17 %hotpath_cflags
// RUN: diff %t/first/idempotent.cpp %t/second/idempotent.cpp
// RUN: cp %t/first/idempotent.cpp %t/again.cpp
// RUN: %hotpath_rewrite --in-place %t/again.cpp -- -std=c++17 %hotpath_cflags
// RUN: diff %t/first/idempotent.cpp %t/again.cpp
// RUN: FileCheck %s < %t/again.cpp
//
// CHECK: {{^}}#line 1{{$}}
// CHECK: {{^\[\[}}hotpath::measure]] int f() { static ::hotpath::Site __hotpath_site(nullptr, "f()",
// CHECK: {{^\[\[}}hotpath::measure]] T g(T x) { static ::hotpath::Site __hotpath_site(nullptr, "${types=T}g<${T}>(${T})",
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

[[hotpath::measure]] int f() { return 1; }

template <typename T>
[[hotpath::measure]] T g(T x) { return x; }

int main() { return f() + g(0); }
