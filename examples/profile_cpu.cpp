// CPU-bound example: one expensive and one cheap function called in a tight loop.
// heavy_work takes most of main's wall time: each of its iterations is a dependent
// multiply, shift and xor, against a single add in light_work. On x86-64 the report
// shows about 90% and 10%.
#include <cstdint>

#include <hotpath/hotpath.hpp>

namespace profile_cpu {

// Hides a value from the optimizer so that the loops are not folded away.
template <typename T>
inline void opaque(T& value) {
  __asm__ __volatile__("" : "+r"(value));
}

std::uint64_t heavy_work(std::uint32_t iterations) {
  HOTPATH_MEASURE();
  std::uint64_t result = 1;
  for (std::uint32_t i = 0; i < iterations; ++i) {
    std::uint64_t value = i;
    opaque(value);
    result *= value + 7;  // unsigned: wraps
    result ^= result >> 3;
  }
  return result;
}

std::uint64_t light_work(std::uint32_t iterations) {
  HOTPATH_MEASURE();
  std::uint64_t result = 0;
  for (std::uint32_t i = 0; i < iterations; ++i) {
    std::uint64_t value = i;
    opaque(value);
    result += value;
  }
  return result;
}

}  // namespace profile_cpu

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  std::uint64_t total = 0;
  for (int i = 0; i < 1000; ++i) {
    total += profile_cpu::heavy_work(500000);
    total += profile_cpu::light_work(100000);
  }
  profile_cpu::opaque(total);
  return 0;
}
