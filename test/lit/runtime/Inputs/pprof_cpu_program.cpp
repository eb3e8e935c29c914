// CPU-bound work with a known shape, for the CPU samples of the pprof profile:
// app::heavy spins twice as long as app::light, on the main thread, while a thread
// named "worker" spins in app::background.
#include <pthread.h>

#include <cstdio>
#include <thread>

volatile unsigned long sink = 0;

namespace app {

[[hotpath::measure]] void heavy() {
  for (unsigned long i = 0; i < 100'000'000; ++i) sink = sink + i;
}

[[hotpath::measure]] void light() {
  for (unsigned long i = 0; i < 50'000'000; ++i) sink = sink + i;
}

[[hotpath::measure]] void background() {
  for (unsigned long i = 0; i < 60'000'000; ++i) sink = sink + i;
}

}  // namespace app

[[hotpath::main]] int main() {
  std::thread worker([] {
    pthread_setname_np(pthread_self(), "worker");
    app::background();
  });
  app::heavy();
  app::light();
  worker.join();
  std::fprintf(stderr, "sink %lu\n", static_cast<unsigned long>(sink));
  return 0;
}
