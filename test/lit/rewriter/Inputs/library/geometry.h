// The library of names_shared_library.cpp: built once as a shared library, used
// by two programs that see different declarations of it.
#pragma once

namespace geo {

struct Circle {
  double radius;
};
struct Square {
  double side;
};

double area(const Circle& circle);
#ifndef GEO_CIRCLES_ONLY
double area(const Square& square);
#endif

class Canvas {
 public:
  int count();
  int count() const;
};

// Instantiated in the programs.
template <class Shape>
double total(const Shape* shapes, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += area(shapes[i]);
  return sum;
}

}  // namespace geo
