// Threads created with every signal blocked are sampled: thread pools (liblzma's,
// for one) block all signals around pthread_create so that the program's signals
// stay on its main thread, and the new thread inherits that mask. The sampler's
// signal is its own, so each thread it arms unblocks it. Here the real xz from
// Debian compresses with two worker threads: nearly all of its CPU time is theirs.
// And a program of our own whose worker burns 0.3 s of CPU in a thread created so.
//
// REQUIRES: cpu, hotpath-cli
// RUN: %python -c "import base64, random; r = random.Random(5); \
// RUN:   print(base64.b64encode(r.randbytes(3000000)).decode())" > %t.in
// RUN: %hotpath flamegraph -o %t.xz.svg -- xz -T2 -6 -c %t.in > %t.xz 2> %t.xz.err
// RUN: xz -d -c %t.xz | cmp - %t.in
// RUN: %python %S/Inputs/svg_frames.py %t.xz.svg "total>=300"
//
// RUN: %gxx -std=c++17 -O2 -g -pthread -I%S/../runtime/Inputs %s -o %t.exe
// RUN: %hotpath flamegraph -o %t.svg -- %t.exe 2> %t.err
// RUN: %python %S/Inputs/svg_frames.py %t.svg "worker>=150"

#include <pthread.h>
#include <signal.h>

#include "cpu_burn.hpp"

volatile std::uint64_t g_sink = 0;

void* worker(void*) {
  g_sink = burn_cpu(0.3);
  return nullptr;
}

int main() {
  sigset_t all;
  sigset_t previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_t thread;
  pthread_create(&thread, nullptr, worker, nullptr);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  pthread_join(thread, nullptr);
}
