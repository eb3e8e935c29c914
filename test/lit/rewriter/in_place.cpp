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
// Through a symbolic link the target is rewritten, and the link stays; the file
// keeps its permissions.
// RUN: mkdir -p %t/real %t/links && cp %s %t/real/in_place.cpp && chmod 0640 %t/real/in_place.cpp
// RUN: ln -s ../real/in_place.cpp %t/links/in_place.cpp
// RUN: %hotpath_rewrite --in-place %t/links/in_place.cpp -- -std=c++17 %hotpath_cflags
// RUN: test -L %t/links/in_place.cpp
// RUN: FileCheck %s < %t/real/in_place.cpp
// RUN: test "$(stat -c %%a %t/real/in_place.cpp)" = 640
//
// CHECK:      #include <hotpath/hotpath.hpp>
// CHECK-NEXT: {{^}}#line 1{{$}}
// CHECK: {{^\[\[}}hotpath::measure]] int work(int x) { static ::hotpath::Site __hotpath_site(nullptr, "work(int)", "{{.*}}in_place.cpp", [[@LINE+6]]); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site);{{$}}
// CHECK-NEXT: return x * 2;
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

[[hotpath::measure]] int work(int x) {
  return x * 2;
}

int main() { return work(0); }
