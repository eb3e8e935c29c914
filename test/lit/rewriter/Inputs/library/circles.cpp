// A program of names_shared_library.cpp: it sees only the circles' overload.
#define GEO_CIRCLES_ONLY
#include "geometry.h"

namespace geo {
double area(const Square& square);  // declared late, as headers sometimes do
}

int main() {
  const geo::Circle circles[] = {{1}, {2}};
  const geo::Square square{3};
  geo::Canvas canvas;
  const geo::Canvas& shown = canvas;
  const double sum = geo::total(circles, 2) + geo::area(square) + canvas.count() + shown.count();
  return sum > 0 ? 0 : 1;
}
