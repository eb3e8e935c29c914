// REQUIRES: rewriter, plugin
// One library, two programs. The programs see different declarations of the
// library (one sees a single overload of geo::area in its header, the other every
// overload and one of its own), and are built differently: the library and the
// first program with the plugin, the second program and its own copy of the
// library rewritten and built with g++. The library's rows have the same names,
// signatures and calls in both reports.
//
// RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/library %t/library
// RUN: %clangxx -std=c++17 -fPIC -shared -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// RUN:   -fplugin-arg-hotpath-measure-all-files='/library/' -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %t/library/geometry.cpp %hotpath_libs -o %t/libgeo-plugin.so
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// RUN:   -fplugin-arg-hotpath-measure-all-files='/library/' -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %t/library/circles.cpp %t/libgeo-plugin.so -Wl,-rpath,%t \
// RUN:   %hotpath_libs -o %t/circles
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/circles > %t/circles.json
//
// RUN: %hotpath_rewrite --output-dir=%t/rw --min-tokens=0 --measure-all='/library/' --header-filter='/library/' \
// RUN:   %t/library/geometry.cpp %t/library/shapes.cpp -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -fPIC -shared -Wall -Wextra -Werror %hotpath_cflags \
// RUN:   %t/rw/geometry.cpp %hotpath_libs -o %t/libgeo-gxx.so
// RUN: %gxx -std=c++17 -Wall -Wextra -Werror %hotpath_cflags %t/rw/shapes.cpp \
// RUN:   %t/libgeo-gxx.so -Wl,-rpath,%t %hotpath_libs -o %t/shapes
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/shapes > %t/shapes.json
//
// RUN: %python %S/Inputs/compare_rows.py --signatures --ignore=Triangle %t/circles.json \
// RUN:   %t/shapes.json | FileCheck %s
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/shapes.json %t/shapes.json \
// RUN:   | FileCheck %s --check-prefix=SHAPES
//
// CHECK: geo::(anonymous namespace)::squared | geo::(anonymous namespace)::squared(double) [geometry.cpp] | 3
// CHECK-NEXT: geo::Canvas::count() | geo::Canvas::count() | 1
// CHECK-NEXT: geo::Canvas::count() const | geo::Canvas::count() const | 1
// CHECK-NEXT: geo::area(const geo::Circle &) | geo::area(const geo::Circle &) | 2
// CHECK-NEXT: geo::area(const geo::Square &) | geo::area(const geo::Square &) | 1
// CHECK-NEXT: geo::total<geo::Circle> | geo::total<geo::Circle>(const geo::Circle *, int) | 1
// CHECK-NEXT: main | main() | 1
// CHECK-NEXT: 7 rows
//
// SHAPES: geo::area(const geo::Triangle &) | geo::area(const geo::Triangle &) | 1
