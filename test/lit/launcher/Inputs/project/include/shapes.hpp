// Shapes measured from a header: an inline function and a class template's members.
#pragma once

#include <vector>

namespace shapes {

[[hotpath::measure]] inline double square(double side) { return side * side; }

template <typename T>
class [[hotpath::measure_all]] Polygon {
 public:
  void add(T side) {
    for (int i = 0; i < 3; ++i) sides_.push_back(side + i);
  }
  T perimeter() const {
    T total = 0;
    for (T side : sides_) total += side;
    return total;
  }

 private:
  std::vector<T> sides_;
};

double total_area(const std::vector<double>& sides);

}  // namespace shapes
