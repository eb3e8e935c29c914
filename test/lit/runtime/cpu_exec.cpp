// A preloaded sampler stays with the program it was preloaded into: a program that
// it executes does not inherit it, unless HOTPATH_CPU_FOLLOW_EXEC=1. Other
// preloaded libraries stay in LD_PRELOAD either way.
//
// REQUIRES: cpu
// RUN: %gxx -std=c++17 -O2 %s -o %t
// RUN: env LD_PRELOAD=%hotpath_cpu_lib:libm.so.6 %t | FileCheck %s --check-prefix=DROPPED
// RUN: env LD_PRELOAD=%hotpath_cpu_lib HOTPATH_CPU_FOLLOW_EXEC=1 %t \
// RUN:   | FileCheck %s --check-prefix=KEPT
// DROPPED: child LD_PRELOAD=[libm.so.6]
// KEPT: child LD_PRELOAD=[{{.*}}libhotpath-cpu.so]

#include <unistd.h>

int main() {
  execl("/bin/sh", "sh", "-c", "echo \"child LD_PRELOAD=[$LD_PRELOAD]\"",
        static_cast<char*>(nullptr));
  return 127;
}
