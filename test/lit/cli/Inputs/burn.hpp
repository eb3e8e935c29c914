// CPU-bound work in known proportions for the flame graph tests: heavy() runs four
// times the iterations of light(). Neither is inlined, so each is a frame of its own,
// and each is a chain of dependent multiplications the compiler cannot shorten.
#ifndef HOTPATH_TEST_LIT_CLI_BURN_HPP
#define HOTPATH_TEST_LIT_CLI_BURN_HPP

#include <cstdint>

// About 0.06 s of CPU time for light(), 0.25 s for heavy().
constexpr std::uint64_t kLightIterations = 60'000'000;

inline volatile std::uint64_t g_sink;

__attribute__((noinline)) std::uint64_t light(std::uint64_t iterations) {
  std::uint64_t x = iterations;
  for (std::uint64_t i = 0; i < iterations; ++i)
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  return x;
}

__attribute__((noinline)) std::uint64_t heavy(std::uint64_t iterations) {
  std::uint64_t x = iterations;
  for (std::uint64_t i = 0; i < 4 * iterations; ++i)
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  return x;
}

#endif  // HOTPATH_TEST_LIT_CLI_BURN_HPP
