// Short-lived threads in the threads monitor: 64 threads of about 3 ms of CPU each,
// all started and ended between two of the monitor's samples. The 32 that record a
// measured call are listed, exited, with their whole CPU time (taken as they
// exit); the CPU time of the 32 that record none is the report's sum of threads
// not listed. The main thread's CPU time is that of the report's moment.
//
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_libs
// RUN: env HOTPATH_REPORT=timing,threads HOTPATH_THREADS_INTERVAL_MS=10000 \
// RUN:   HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t
// RUN: %python -c "import json, sys; \
// RUN:   threads = json.load(open(sys.argv[1]))['threads']; \
// RUN:   rows = [row for row in threads['data'] if row['name'] == 'measured']; \
// RUN:   print('measured', len(rows), set(row['status'] for row in rows), \
// RUN:         all(row['cpu_ns'] >= 2900000 for row in rows)); \
// RUN:   print('unmeasured listed', sum(row['name'] == 'unmeasured' for row in threads['data'])); \
// RUN:   print('not listed', threads['unseen_cpu_ns'] >= 32 * 2900000); \
// RUN:   main = [row for row in threads['data'] if row['name'] == 'main'][0]; \
// RUN:   print('main', main['cpu_ns'] >= 50000000)" %t.json | FileCheck %s --check-prefix=JSON
// JSON: measured 32 {'exited'} True
// JSON-NEXT: unmeasured listed 0
// JSON-NEXT: not listed True
// JSON-NEXT: main True
//
// RUN: env HOTPATH_REPORT=threads HOTPATH_THREADS_INTERVAL_MS=10000 %t | FileCheck %s
// CHECK: [hotpath] threads - CPU per thread, sampled every 10000 ms.
// CHECK: | measured {{ *}}| {{[0-9]+ *}}| exited {{ *}}|
// CHECK: threads that ended between two samples used {{[0-9.]+}} ms of CPU not listed above

#include <pthread.h>
#include <hotpath/hotpath.hpp>

#include <thread>
#include <vector>

#include "cpu_burn.hpp"

HOTPATH_NOINLINE void crunch() {
  HOTPATH_MEASURE();
  burn_cpu(0.003);
}

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  for (int round = 0; round < 8; ++round) {
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) {
      threads.emplace_back([i] {
        pthread_setname_np(pthread_self(), i % 2 == 0 ? "measured" : "unmeasured");
        if (i % 2 == 0) {
          crunch();
        } else {
          burn_cpu(0.003);
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  burn_cpu(0.05);  // the main thread's own CPU time, up to the report
}
