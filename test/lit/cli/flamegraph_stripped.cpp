// `hotpath flamegraph` on a stripped program (no .symtab, no DWARF): each function is one
// frame, named by its start as the unwind tables give it (`program+0x1130`), whichever
// of its instructions the samples hit; a function the dynamic symbol table names keeps
// its name. The names are checked against the functions of the unstripped copy: every
// frame of the program is a function's start, none an address inside a function.
//
// REQUIRES: cpu, hotpath-cli
// RUN: %gxx -std=c++17 -O2 -Wl,--export-dynamic-symbol=exported_work %s -o %t.exe
// RUN: strip %t.exe -o %t.stripped
// RUN: nm -S --defined-only %t.exe > %t.nm
// RUN: rm -f %t.folded
// RUN: %hotpath flamegraph -o %t.svg --post-process 'tee %t.folded' -- %t.stripped \
// RUN:   > /dev/null 2> /dev/null
// RUN: %python %S/Inputs/stripped_frames.py %t.folded "$(basename %t.stripped)" %t.nm \
// RUN:   > %t.frames
// RUN: FileCheck %s --check-prefix=FRAMES --match-full-lines < %t.frames
// RUN: FileCheck %s --check-prefix=NO-INSIDE < %t.frames
// RUN: FileCheck %s --check-prefix=DYNSYM < %t.folded

// hot_work and main are one frame each; main calls from two places, so before this
// grouping it was two frames, and hot_work one per sampled instruction.
// FRAMES-DAG: hot_work {{[0-9]+}}
// FRAMES-DAG: main {{[0-9]+}}
// NO-INSIDE-NOT: {{\+0x}}
// NO-INSIDE-NOT: exported_work
// DYNSYM: ;exported_work {{[0-9]+}}

#include <cstdint>

volatile std::uint64_t g_sink;

// A chain of dependent operations of several kinds: samples land on several of its
// instructions. About 0.2 s of CPU time.
extern "C" __attribute__((noinline)) std::uint64_t hot_work(std::uint64_t iterations) {
  std::uint64_t x = iterations;
  for (std::uint64_t i = 0; i < iterations; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    x ^= x >> 29;
    x += i;
  }
  return x;
}

// In the dynamic symbol table (--export-dynamic-symbol), which strip keeps.
extern "C" __attribute__((noinline)) std::uint64_t exported_work(std::uint64_t iterations) {
  std::uint64_t x = iterations;
  for (std::uint64_t i = 0; i < iterations; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    x ^= x >> 31;
  }
  return x;
}

int main() {
  g_sink = hot_work(60'000'000);
  g_sink = exported_work(15'000'000);
  return 0;
}
