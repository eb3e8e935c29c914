// Shared by stack.cpp and stack_ops.cpp. Their directory is on no include path:
// copies compiled from the build tree find this file only with #include "..."
// resolved next to the original sources.
#pragma once

#include <cstddef>
#include <vector>

namespace app {

/// Removes the even values and returns how many are left (stack_ops.cpp).
std::size_t drain(std::vector<int>& values);

}  // namespace app
