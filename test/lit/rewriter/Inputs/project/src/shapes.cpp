#include "shapes.h"

namespace shapes {

[[hotpath::measure]] int perimeter(int w, int h) { return 2 * (w + h) + area(0, 0); }
[[hotpath::measure]] double perimeter(double w, double h) { return 2 * (w + h); }

}  // namespace shapes
