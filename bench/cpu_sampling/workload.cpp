// The CPU-bound program of the CPU sampling benchmark: a fixed amount of work (not a
// fixed time) at the end of a recursive call chain 12 frames deep, so that a
// sample's stack is as deep as in ordinary code, split between five functions in
// the proportions 30:25:20:15:10, so that two profilers can be compared on their
// top five. It prints the process's CPU time (user + system) at the end of the
// work, before any exit handler (such as the flame graph written at exit) runs:
// that is the figure compared with and without sampling.
//
//   workload [ITERATIONS]   (default 1,000,000,000: about 1 s here)
#include <sys/resource.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#ifdef HOTPATH_BENCH_MEASURED
#include <hotpath/hotpath.hpp>
#define MEASURE() HOTPATH_MEASURE()
#else
#define MEASURE()
#endif

namespace workload {

template <int Share>
[[gnu::noinline]] std::uint64_t spin(std::uint64_t iterations) {
  MEASURE();
  std::uint64_t value = 1;
  for (std::uint64_t i = 0; i < iterations * Share / 100; ++i) {
    value = value * 6364136223846793005u + i;
    asm volatile("" : "+r"(value));
  }
  return value;
}

[[gnu::noinline]] std::uint64_t leaves(std::uint64_t iterations) {
  return spin<30>(iterations) + spin<25>(iterations) + spin<20>(iterations) + spin<15>(iterations) +
         spin<10>(iterations);
}

[[gnu::noinline]] std::uint64_t descend(int depth, std::uint64_t iterations) {
  if (depth == 0) return leaves(iterations);
  const std::uint64_t value = descend(depth - 1, iterations);
  asm volatile("" : : "r"(value));
  return value + 1;
}

}  // namespace workload

int main(int argc, char** argv) {
  const std::uint64_t iterations = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000000u;
  // 100 calls, so that the work is many measured calls, not one.
  std::uint64_t total = 0;
  for (int call = 0; call < 100; ++call) total += workload::descend(10, iterations / 100);
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  const double cpu_seconds =
      static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
      static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  std::fprintf(stderr, "cpu_seconds %.6f checksum %llu\n", cpu_seconds,
               static_cast<unsigned long long>(total & 0xff));
  return 0;
}
