// REQUIRES: rewriter
// --in-place replaces the file with its instrumented version; line numbers are
// kept through the #line prologue.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/in_place.cpp
// RUN: %hotpath_rewrite --in-place %t/in_place.cpp -- -std=c++17 %hotpath_cflags
// RUN: FileCheck %s < %t/in_place.cpp
// RUN: test $(wc -l < %t/in_place.cpp) -eq $(( $(wc -l < %s) + 2 ))
// RUN: not ls %t/*.tmp
//
// CHECK:      #include <hotpath/hotpath.hpp>
// CHECK-NEXT: #line 1 "{{.*}}in_place.cpp"
// CHECK: int work(int x) { static ::hotpath::Site __hotpath_site("work", __PRETTY_FUNCTION__, "{{.*}}in_place.cpp", 17); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site);
// CHECK-NEXT: return x * 2;
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

[[hotpath::measure]] int work(int x) {
  return x * 2;
}

int main() { return work(0); }
