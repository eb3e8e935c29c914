#include <cstdio>

#include "shapes.h"

[[hotpath::main]] int main() {
  shapes::Stack<int> ints;
  shapes::Stack<double> doubles;
  for (int i = 0; i < 5; ++i) ints.push(i);
  doubles.push(1.5);
  long total = ints.sum() + static_cast<long>(doubles.sum());
  total += shapes::area(2, 3) + shapes::perimeter(1, 2);
  total += static_cast<long>(shapes::perimeter(1.0, 2.0));
  total += shapes::scaled(4) + static_cast<long>(shapes::scaled(0.5));
  std::printf("%ld\n", total);
  return 0;
}
