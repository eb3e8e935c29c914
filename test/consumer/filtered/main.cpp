// The consumer test's program for MEASURE_ALL_FILES, MIN_TOKENS and FILTER (see
// CMakeLists.txt). Rows: main 1, work::kept 2, work::tiny 7 (5 from kept, 2 from
// other::skipped); with the filter emptied, work::noisy 5 too.
#include <cstdio>

#include "work.h"

[[hotpath::main]] int main() {
  const int total = work::kept(3) + work::kept(2) + other::skipped(2);
  std::printf("filtered: %d\n", total);
  return 0;
}
