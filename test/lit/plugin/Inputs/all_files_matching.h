// Included by measure_all_files.cpp: no attributes at all.
#pragma once

namespace lib {

inline int helper(int x) { return x + 1; }

struct Shape {
  int area() const { return side * side; }
  int side = 2;
};

template <typename T>
T scaled(T x) {
  return x * 3;
}

}  // namespace lib
