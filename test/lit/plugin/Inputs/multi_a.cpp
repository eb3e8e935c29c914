// Part of multi_file.cpp's program.
#include "multi_shapes.h"

namespace app {

volatile int sink = 0;

Shape::Shape(int side) : side_(side) {}

int Shape::area() const { return side_ * side_ + sink; }

void Registry::add(int value) { values_.push_back(value + sink); }

int run_a() {
  Shape square(2);
  Registry registry;
  registry.add(1);
  registry.add(2);
  Stack<int> ints;
  ints.push(1);
  Stack<double> doubles;
  doubles.push(1.0);
  return square.area() + square.perimeter() + registry.sum() + registry.size() + shared_inline(1) +
         twice(1) + static_cast<int>(twice(1.5));
}

}  // namespace app
