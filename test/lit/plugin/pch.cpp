// REQUIRES: plugin
// Precompiled headers: one built with the plugin keeps its attributes (the
// function in it is measured); one built without the plugin has lost them, which
// the plugin reports when a translation unit uses it.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++20 -pthread -x c++-header -fplugin=%hotpath_plugin %hotpath_cflags \
// RUN:   %S/Inputs/pch_header.h -o %t/with.pch
// RUN: %clangxx -std=c++20 -Wall -Werror -fplugin=%hotpath_plugin %hotpath_cflags \
// RUN:   -include-pch %t/with.pch %s %hotpath_libs -o %t/with
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/with | FileCheck %s --check-prefix=MEASURED
//
// RUN: %clangxx -std=c++20 -pthread -x c++-header -Wno-unknown-attributes %hotpath_cflags \
// RUN:   %S/Inputs/pch_header.h -o %t/without.pch
// RUN: %clangxx -std=c++20 -pthread -fsyntax-only -fplugin=%hotpath_plugin %hotpath_cflags \
// RUN:   -include-pch %t/without.pch %s 2>&1 | FileCheck %s --check-prefix=WARNED

// MEASURED: {"name":"pch::from_header","signature":"pch::from_header(int)","calls":2,
// WARNED: warning: precompiled header '{{.*}}without.pch' was built without the hotpath plugin:
// hotpath attributes in the headers it contains were dropped and those functions are not measured;
// build it with the same -fplugin flags

int main() { return pch::from_header(1) + pch::from_header(-2) == 1 ? 0 : 1; }
