// [[hotpath::main("live")]] serves live metrics from the session's opening, without
// HOTPATH_LIVE; HOTPATH_LIVE=0 overrides it, and a program that does not ask has
// no server.
//
// REQUIRES: plugin, live
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin %hotpath_cflags -include hotpath/hotpath.hpp \
// RUN:   -DMAIN_OPTIONS='"live"' %s -o %t.live %hotpath_libs
// RUN: %python %S/../runtime/Inputs/live_check.py --once %t.live %t.stop /healthz \
// RUN:   | FileCheck %s --check-prefix=LIVE
// LIVE: /healthz: 200 {"pid":{{[0-9]+}},"status":"ok"}
// LIVE-NEXT: stderr: hotpath: live metrics at http://127.0.0.1:PORT/
// LIVE-NEXT: exit 0
//
// RUN: %python %S/../runtime/Inputs/live_check.py --once %t.live %t.stop /healthz \
// RUN:   HOTPATH_LIVE=0 | FileCheck %s --check-prefix=OFF
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin %hotpath_cflags -include hotpath/hotpath.hpp \
// RUN:   -DMAIN_OPTIONS='"limit=3"' %s -o %t.quiet %hotpath_libs
// RUN: %python %S/../runtime/Inputs/live_check.py --once %t.quiet %t.stop /healthz \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF: /healthz: nothing listens
// OFF-NEXT: exit 0

#include <chrono>
#include <fstream>
#include <thread>

[[hotpath::measure]] static bool stopped(const char* stop_file) {
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return std::ifstream(stop_file).good();
}

[[hotpath::main(MAIN_OPTIONS)]] int main(int, char** argv) {
  for (int i = 0; i < 1000 && !stopped(argv[1]); ++i) {
  }
  return 0;
}
