// HOTPATH_TRACE: every measured call as a complete event of the Chrome trace-event
// format, one track per named thread, calls nested inside their callers, durations
// measured (a 20 ms sleep lasts at least 20 ms). A ring that fills up keeps the
// newest calls and the file and stderr say how many were dropped. Without the
// variable, nothing is traced and no file is written.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: rm -f %t.json %t.small.json %t.none.json
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_TRACE=%t.json %t
// RUN: %python %S/Inputs/check_trace.py %t.json nested dropped=0 step@main=3 leaf@main=6 \
// RUN:   nap@main=1 "nap@maind>=20" worker_job@worker=1 leaf@worker=40000 main@main=1
//
// One MiB holds 43690 calls of 24 bytes: the worker's 40001 calls fit (dropped=0
// above); of the 100001 of the second run the ring keeps the newest 43690, among them
// worker_job, which ends last, and drops 56311.
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_TRACE=%t.small.json HOTPATH_TRACE_MB=1 \
// RUN:   %t 100000 2> %t.small.err
// RUN: %python %S/Inputs/check_trace.py %t.small.json dropped=56311 events@worker=43690 \
// RUN:   worker_job@worker=1 leaf@worker=43689 step@main=3
// RUN: FileCheck %s --check-prefix=DROPPED < %t.small.err
//
// RUN: env HOTPATH_OUTPUT_FORMAT=none %t
// RUN: test ! -e %t.none.json

// DROPPED: hotpath: the trace "{{.*}}.small.json" lacks the 56311 oldest calls of threads whose ring (1 MiB) was full; HOTPATH_TRACE_MB makes it larger

#include <pthread.h>
#include <hotpath/hotpath.hpp>

#include <chrono>
#include <cstdlib>
#include <thread>

void leaf() { HOTPATH_MEASURE(); }

void step() {
  HOTPATH_MEASURE();
  leaf();
  leaf();
}

void nap() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

void worker_job(int leaves) {
  HOTPATH_MEASURE();
  for (int i = 0; i < leaves; ++i) leaf();
}

int main(int argc, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  const int leaves = argc > 1 ? std::atoi(argv[1]) : 40000;
  std::thread worker([leaves] {
    pthread_setname_np(pthread_self(), "worker");
    worker_job(leaves);
  });
  worker.join();
  for (int i = 0; i < 3; ++i) step();
  nap();
}
