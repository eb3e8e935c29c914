// A program of names_shared_library.cpp: it sees every overload, and has one of
// its own.
#include "geometry.h"

namespace geo {
struct Triangle {
  double base, height;
};
double area(const Triangle& triangle) { return triangle.base * triangle.height / 2; }
}  // namespace geo

int main() {
  const geo::Circle circles[] = {{1}, {2}};
  const geo::Square square{3};
  geo::Canvas canvas;
  const geo::Canvas& shown = canvas;
  const double sum = geo::total(circles, 2) + geo::area(square) + canvas.count() + shown.count() +
                     geo::area(geo::Triangle{1, 2});
  return sum > 0 ? 0 : 1;
}
