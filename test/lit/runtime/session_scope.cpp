// A session reports what happened while it was open: calls made during static
// initialisation, or in an earlier session, are not in its report. Without a
// session, the report at exit has everything, static initialisation included.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s
// RUN: %clangxx -std=c++17 -O1 -DNO_SESSION %hotpath_cflags %s -o %t.exit %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.exit | FileCheck %s --check-prefix=EXIT

#include <hotpath/hotpath.hpp>

namespace app {

int work(int value) {
  HOTPATH_MEASURE();
  return value + 1;
}

void session(const char* name, int calls) {
#ifndef NO_SESSION
  auto guard = hotpath::GuardBuilder(name).build();
#else
  static_cast<void>(name);
#endif
  for (int i = 0; i < calls; ++i) app::work(i);
}

}  // namespace app

static const int g_initialised = app::work(1) + app::work(2);

int main() {
  app::session("first", 3);
  app::session("second", 4);
  return g_initialised == 5 ? 0 : 1;
}

// CHECK: {"schema_version":1,"functions_timing":{"caller_name":"first",
// CHECK-SAME: {"name":"app::work","signature":"app::work(int)","calls":3,
// CHECK: {"schema_version":1,"functions_timing":{"caller_name":"second",
// CHECK-SAME: {"name":"app::work","signature":"app::work(int)","calls":4,
// CHECK-NOT: "schema_version"

// EXIT: {"name":"app::work","signature":"app::work(int)","calls":9,
