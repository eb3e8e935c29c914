// REQUIRES: rewriter
// The rewriter writes one text of a file for every translation unit that compiles
// it, and a filter entry names a function as one translation unit sees it: a
// header's function in a namespace its includer names with a macro (beta::work,
// alpha::work), a source's internal function with the file of the compile that
// includes it (helper, as helpers.cpp's own compile and as alpha.cpp's). A function
// the filter lists under any of its names loses its guard in the shared text,
// whichever translation unit planned it first.
//
// DEFINE: %{rewrite} = %hotpath_rewrite --print --measure-all '--header-filter=filter_units/' \
// DEFINE:   %S/Inputs/filter_units/alpha.cpp %S/Inputs/filter_units/helpers.cpp \
// DEFINE:   %S/Inputs/filter_units/beta.cpp
// RUN: rm -rf %t && mkdir -p %t
// RUN: %{rewrite} -- -std=c++17 %hotpath_cflags > %t/all.txt 2> %t/all.err
// RUN: FileCheck %s --check-prefix=ALL < %t/all.txt
// RUN: FileCheck %s --check-prefix=ALL-SUMMARY < %t/all.err
// RUN: %{rewrite} --filter=%S/Inputs/filter_units/filter.txt -- -std=c++17 %hotpath_cflags \
// RUN:   > %t/filtered.txt 2> %t/filtered.err
// RUN: FileCheck %s < %t/filtered.txt
// RUN: FileCheck %s --check-prefix=SUMMARY < %t/filtered.err

// ALL-SUMMARY: clang-hotpath-rewrite: 3 of 3 files done (and 1 header), 4 guards added
// ALL:      //--- {{.*}}alpha.cpp
// ALL:      int run_alpha(int n) { static ::hotpath::Site __hotpath_site(nullptr, "run_alpha(int)",
// ALL:      //--- {{.*}}helpers.cpp
// ALL:      int helper(int n) { static ::hotpath::Site __hotpath_site(nullptr, "(anonymous namespace)::helper(int)"
// ALL:      //--- {{.*}}beta.cpp
// ALL:      int main(int argc, char**) { static ::hotpath::Site
// ALL:      //--- {{.*}}work.hpp
// ALL:      inline int work(int n) { static ::hotpath::Site __hotpath_site(nullptr, "alpha::work(int)",

// SUMMARY: clang-hotpath-rewrite: 3 of 3 files done (and 1 header), 2 guards added
// CHECK:      //--- {{.*}}alpha.cpp
// CHECK:      int run_alpha(int n) { static ::hotpath::Site __hotpath_site(nullptr, "run_alpha(int)",
// CHECK:      //--- {{.*}}helpers.cpp
// CHECK-NOT:  __hotpath_guard
// CHECK:      //--- {{.*}}beta.cpp
// CHECK:      int main(int argc, char**) { static ::hotpath::Site
// CHECK:      //--- {{.*}}work.hpp
// CHECK-NOT:  __hotpath_guard
