// The threads monitor in the report at exit: asked for with HOTPATH_REPORT naming
// `threads`, it lists every thread of the process with its status and CPU use, a
// thread that spun for 0.3 s near a whole core and marked exited once gone; the
// table says how often it sampled.
//
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_libs
// RUN: env HOTPATH_REPORT=timing,threads HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t
// RUN: %python -c "import json, sys; \
// RUN:   threads = json.load(open(sys.argv[1]))['threads']; \
// RUN:   rows = {row['name']: row for row in threads['data']}; \
// RUN:   print('interval', threads['interval_ms']); \
// RUN:   print('main', rows['main']['status'], rows['main']['tid'] > 0); \
// RUN:   cruncher = rows['cruncher']; \
// RUN:   print('cruncher', cruncher['status'], cruncher['cpu_percent_max'] > 30, \
// RUN:         cruncher['cpu_ns'] > 150000000)" %t.json | FileCheck %s --check-prefix=JSON
// JSON: interval 250
// JSON-NEXT: main {{running|sleeping}} True
// JSON-NEXT: cruncher exited True True
//
// RUN: env HOTPATH_REPORT=timing,threads HOTPATH_THREADS_INTERVAL_MS=50 %t | FileCheck %s
// CHECK: [hotpath] threads - CPU per thread, sampled every 50 ms.
// CHECK: | Thread {{ *}}| TID {{ *}}| Status {{ *}}| CPU max | CPU avg | CPU time |
// CHECK: | cruncher {{ *}}| {{[0-9]+ *}}| exited {{ *}}|
//
// Without `threads` in HOTPATH_REPORT (and without hotpath-alloc) there is no monitor.
// RUN: %t | FileCheck %s --check-prefix=OFF
// OFF-NOT: [hotpath] threads

#include <pthread.h>
#include <hotpath/hotpath.hpp>

#include <chrono>
#include <thread>

#include "cpu_burn.hpp"

HOTPATH_NOINLINE void crunch() {
  HOTPATH_MEASURE();
  burn_cpu(0.3);
}

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  std::thread cruncher([] {
    pthread_setname_np(pthread_self(), "cruncher");
    crunch();
  });
  cruncher.join();
  // Long enough for a sample to see the cruncher gone.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
}
