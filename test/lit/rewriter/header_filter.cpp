// REQUIRES: rewriter, plugin
// A multi-file project whose header holds annotated inline functions and
// templates: with --header-filter the header is rewritten too (once, with the
// guards of every source that includes it), the copies mirror the project's
// layout, and the program built from them with g++ reports exactly the rows of
// the plugin build. -j 2 with --progress prints a line per file and a summary.
//
// RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/project %t/project
// RUN: %clangxx -std=c++20 -Wno-c++23-lambda-attributes -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -I%t/project/include \
// RUN:   %t/project/src/main.cpp %t/project/src/shapes.cpp %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
//
// RUN: %hotpath_rewrite --output-dir=%t/rw --header-filter='/project/include/' -j 2 --progress \
// RUN:   %t/project/src/main.cpp %t/project/src/shapes.cpp -- \
// RUN:   -std=c++20 -Wno-c++23-lambda-attributes %hotpath_cflags -I%t/project/include \
// RUN:   2> %t/progress.txt
// RUN: FileCheck %s --check-prefix=PROGRESS < %t/progress.txt
// PROGRESS-DAG: [1/2] {{.*}}project/src/{{main|shapes}}.cpp
// PROGRESS-DAG: [2/2] {{.*}}project/src/{{main|shapes}}.cpp
// PROGRESS: clang-hotpath-rewrite: 2 of 2 files done (and 1 header), 8 guards added
//
// The originals are untouched; the copies keep the project's layout.
// RUN: diff -r %S/Inputs/project %t/project
// RUN: ls %t/rw/include/shapes.h %t/rw/src/main.cpp %t/rw/src/shapes.cpp
// RUN: FileCheck %s --check-prefix=HEADER < %t/rw/include/shapes.h
// HEADER:      #include <hotpath/hotpath.hpp>
// HEADER-NEXT: {{^}}#line 1{{$}}
// HEADER: void push(T value) { static ::hotpath::Site __hotpath_site(nullptr, "${types=T}shapes::Stack<${T}>::push(${T})", "{{.*}}project/include/shapes.h", 12, __PRETTY_FUNCTION__, nullptr, ::hotpath::TypeArguments<T, void>::text(), ::hotpath::TypeArguments<T, void>::types()); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site); items_.push_back(value); }
// HEADER: inline int area(int w, int h) { static ::hotpath::Site __hotpath_site(nullptr, "shapes::area(int, int)", "{{.*}}project/include/shapes.h", 23); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site); return w * h; }
//
// The copies of the sources come first on the include path.
// RUN: %gxx -std=c++20 -Wno-attributes %hotpath_cflags -I%t/rw/include \
// RUN:   %t/rw/src/main.cpp %t/rw/src/shapes.cpp %hotpath_libs -o %t/rewritten
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/rewritten > %t/rewritten.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/rewritten.json | FileCheck %s
//
// CHECK-DAG: main 1
// CHECK-DAG: shapes::Stack<int>::push 5
// CHECK-DAG: shapes::Stack<double>::push 1
// CHECK-DAG: shapes::Stack<int>::sum 1
// CHECK-DAG: shapes::Stack<double>::sum 1
// CHECK-DAG: shapes::area 2
// CHECK-DAG: shapes::perimeter(int, int) 1
// CHECK-DAG: shapes::perimeter(double, double) 1
// CHECK-DAG: shapes::scaled<int> 1
// CHECK-DAG: shapes::scaled<double> 1
// CHECK-DAG: shapes::scaled<int>::(lambda at shapes.h:27) 1
// CHECK-DAG: shapes::scaled<double>::(lambda at shapes.h:27) 1
//
// Without --header-filter the header is left alone.
// RUN: %hotpath_rewrite --output-dir=%t/sources-only %t/project/src/main.cpp \
// RUN:   %t/project/src/shapes.cpp -- -std=c++20 -Wno-c++23-lambda-attributes \
// RUN:   %hotpath_cflags -I%t/project/include 2>&1 | FileCheck %s --check-prefix=NOHEADER
// RUN: not ls %t/sources-only/include
// NOHEADER: clang-hotpath-rewrite: 2 of 2 files done, 3 guards added
