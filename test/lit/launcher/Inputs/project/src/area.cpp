#include "shapes.hpp"

namespace shapes {

namespace {

[[hotpath::measure]] double clamped(double value) {
  for (int i = 0; i < 2; ++i) value = value < 0 ? -value : value;
  return value;
}

}  // namespace

[[hotpath::measure]] double total_area(const std::vector<double>& sides) {
  double total = 0;
  for (double side : sides) total += square(clamped(side));
  return total;
}

}  // namespace shapes
