// Burning a given amount of the calling thread's CPU time, for the CPU sampling
// tests: the sampler's timers count CPU time, so the expected samples are known.
#ifndef HOTPATH_TEST_CPU_BURN_HPP
#define HOTPATH_TEST_CPU_BURN_HPP

#include <time.h>

#include <cstdint>

inline double thread_cpu_seconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

/// Spins until the calling thread has used `seconds` more CPU time.
__attribute__((noinline)) inline std::uint64_t burn_cpu(double seconds) {
  const double end = thread_cpu_seconds() + seconds;
  std::uint64_t value = 1;
  while (thread_cpu_seconds() < end) {
    for (int i = 0; i < 10000; ++i) value = value * 6364136223846793005u + 1442695040888963407u;
    asm volatile("" : "+r"(value));
  }
  return value;
}

#endif  // HOTPATH_TEST_CPU_BURN_HPP
