// Part of the consumer test's program for clang-hotpath-rewrite (see stack.cpp).
// Added to the target after hotpath_instrument(), and written in C++20, which only
// target_compile_features() asks for. Its functions are measured without an
// attribute: hotpath_instrument(... MEASURE_ALL_FILES) names this file.
#include <vector>

#include "stack.h"

namespace app {

std::size_t drain(std::vector<int>& values) {
  std::erase_if(values, [](int value) { return value % 2 == 0; });
  return values.size();
}

}  // namespace app
