// Cost hotpath-wait adds to the calls it replaces when they do not wait. This
// source builds two programs: one linked with libhotpath-wait
// (HOTPATH_BENCH_WAITS_TRACKED), one with the runtime alone, whose calls go
// straight to the C library. Run them in turns (run_benchmarks.sh) and compare the
// same benchmark's time per iteration: the difference is what the library adds.
// Every call runs inside a measured call, so the tracked program takes the path a
// measured program takes.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include "bench_main.hpp"

#include <mutex>
#include <shared_mutex>

#include "hotpath/hotpath.hpp"

namespace {

#if defined(HOTPATH_BENCH_WAITS_TRACKED)
constexpr const char* kVariant = "hotpath-wait";
#else
constexpr const char* kVariant = "glibc";
#endif

hotpath::Site g_loop_site("bench.wait_loop", nullptr, __FILE__, __LINE__);

// std::mutex, never held by another thread: the try succeeds, no clock is read.
void BM_UncontendedMutexLockUnlock(benchmark::State& state) {
  hotpath::ScopeGuard measured(g_loop_site);
  std::mutex mutex;
  for (auto _ : state) {
    mutex.lock();
    benchmark::ClobberMemory();
    mutex.unlock();
  }
  state.SetLabel(kVariant);
}
BENCHMARK(BM_UncontendedMutexLockUnlock);

void BM_UncontendedSharedLock(benchmark::State& state) {
  hotpath::ScopeGuard measured(g_loop_site);
  std::shared_mutex mutex;
  for (auto _ : state) {
    mutex.lock_shared();
    benchmark::ClobberMemory();
    mutex.unlock_shared();
  }
  state.SetLabel(kVariant);
}
BENCHMARK(BM_UncontendedSharedLock);

// A read of an empty non-blocking pipe: it returns EAGAIN at once.
void BM_NonBlockingReadEmptyPipe(benchmark::State& state) {
  hotpath::ScopeGuard measured(g_loop_site);
  int fds[2];
  if (pipe2(fds, O_NONBLOCK) != 0) {
    state.SkipWithError("pipe2");
    return;
  }
  char byte;
  for (auto _ : state) benchmark::DoNotOptimize(read(fds[0], &byte, 1));
  close(fds[0]);
  close(fds[1]);
  state.SetLabel(kVariant);
}
BENCHMARK(BM_NonBlockingReadEmptyPipe);

// A read that finds its data at once: 64 bytes of /dev/zero.
void BM_ReadDevZero(benchmark::State& state) {
  hotpath::ScopeGuard measured(g_loop_site);
  const int fd = open("/dev/zero", O_RDONLY);
  if (fd < 0) {
    state.SkipWithError("open /dev/zero");
    return;
  }
  char buffer[64];
  for (auto _ : state) benchmark::DoNotOptimize(read(fd, buffer, sizeof buffer));
  close(fd);
  state.SetLabel(kVariant);
}
BENCHMARK(BM_ReadDevZero);

}  // namespace

int main(int argc, char** argv) { return run_benchmarks(argc, argv); }
