// Part of multi_file.cpp's program.
#include "multi_shapes.h"

namespace app {

int Shape::perimeter() const { return 4 * side_ + sink; }

int Registry::sum() const {
  int total = 0;
  for (int value : values_) total += value;
  return total + sink;
}

int run_b() {
  Shape first(1);
  Shape second(3);
  Registry registry;
  registry.add(5);
  Stack<int> ints;
  ints.push(2);
  ints.push(3);
  return first.area() + second.perimeter() + registry.sum() + registry.size() + shared_inline(2) +
         shared_inline(3) + twice(2);
}

}  // namespace app
