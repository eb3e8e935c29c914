// REQUIRES: rewriter
// --diff prints what the rewrite changes as a unified diff, writes nothing, and
// `patch` turns the original into exactly what --print gives.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/input.cpp
// RUN: %hotpath_rewrite --diff %t/input.cpp -- -std=c++20 %hotpath_cflags > %t/changes.diff
// RUN: diff %s %t/input.cpp
// RUN: FileCheck %s < %t/changes.diff
// RUN: %hotpath_rewrite --print %t/input.cpp -- -std=c++20 %hotpath_cflags > %t/printed.cpp
// RUN: patch -s %t/input.cpp < %t/changes.diff
// RUN: diff %t/printed.cpp %t/input.cpp
//
// A file with nothing to measure gives an empty diff.
// RUN: printf 'int plain() { return 1; }\n' > %t/plain.cpp
// RUN: %hotpath_rewrite --diff %t/plain.cpp -- -std=c++20 | count 0

// CHECK:      --- {{.*}}input.cpp
// CHECK-NEXT: +++ {{.*}}input.cpp
// CHECK-NEXT: @@ -1,3 +1,5 @@
// CHECK-NEXT: +#include <hotpath/hotpath.hpp>
// CHECK-NEXT: +#line 1{{$}}
// CHECK:      {{^}}-{{\[\[}}hotpath::measure{{\]\]}} int measured(int x) { return x + 1; }
// CHECK-NEXT: {{^}}+{{\[\[}}hotpath::measure{{\]\]}} int measured(int x) { static ::hotpath::Site __hotpath_site(nullptr, "measured(int)", "{{.*}}input.cpp", [[@LINE+3]]); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site); return x + 1; }

int unmeasured(int x) { return x; }
[[hotpath::measure]] int measured(int x) { return x + 1; }
