#include <cstdio>
#include <cstring>
#include <vector>

#include "shapes.hpp"
#include "version.hpp"

[[hotpath::main]] int main() {
  shapes::Polygon<int> triangle;
  shapes::Polygon<double> other;
  for (int i = 0; i < 4; ++i) {
    triangle.add(i);
    other.add(i * 0.5);
  }
  const double area = shapes::total_area({1, 2, -3});
  // __FILE__ names the source the build compiles, never a copy of it.
  std::printf("area %g perimeter %d %g version %d file %s\n", area, triangle.perimeter(),
              other.perimeter(), shapes::version_number(5), __FILE__);
  return std::strstr(__FILE__, "hotpath-") == nullptr ? 0 : 1;
}
