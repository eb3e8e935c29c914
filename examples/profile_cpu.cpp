// CPU-bound example, the C++ port of the reference profiler's profile_cpu: one
// expensive and one cheap function called in a tight loop, 1000 times each. Built
// with the hotpath plugin, the report shows heavy_work at about 80% of main's wall
// time and light_work at about 20%, as the original does (81% and 18%).
//
// Build: clang++-19 -std=c++17 -O2 profile_cpu.cpp $(pkg-config --cflags --libs hotpath)
#include <cstdint>

namespace profile_cpu {

// Hides a value from the optimizer, as Rust's std::hint::black_box does in the
// original: the value goes through memory the compiler cannot see. It is also kept
// out of line, on purpose. In the original's report both loops cost about the same
// per iteration (heavy_work 0.34 ns, light_work 0.38 ns), so the shares follow the
// iteration counts, 500,000 against 100,000: 81% and 18%. With the barrier inline,
// heavy_work's dependent multiply, shift and xor take about 5 cycles per iteration
// against 1 for light_work's add, and the report shows 92% and 8% (x86-64, Clang
// 19, -O2). A call and return per iteration cost about as much as the multiply
// chain and hide it, in both loops: per-iteration costs become comparable again
// (about 1.7 ns in heavy_work, 2.0 ns in light_work), and the shares those of the
// original (79-81% and 19-21% over repeated runs).
[[gnu::noinline]] std::uint64_t black_box(std::uint64_t value) {
  __asm__ __volatile__("" : : "r"(&value) : "memory");
  return value;
}

[[hotpath::measure]] std::uint64_t heavy_work(std::uint32_t iterations) {
  std::uint64_t result = 1;
  for (std::uint32_t i = 0; i < iterations; ++i) {
    result *= black_box(i) + 7;  // unsigned: wraps, as wrapping_mul
    result ^= result >> 3;
  }
  return result;
}

[[hotpath::measure]] std::uint64_t light_work(std::uint32_t iterations) {
  std::uint64_t result = 0;
  for (std::uint32_t i = 0; i < iterations; ++i) {
    result += black_box(i);
  }
  return result;
}

}  // namespace profile_cpu

[[hotpath::main]] int main() {
  std::uint64_t total = 0;
  for (int i = 0; i < 1000; ++i) {
    total += profile_cpu::heavy_work(500000);
    total += profile_cpu::light_work(100000);
  }
  profile_cpu::black_box(total);
  return 0;
}
