// A header meant to be precompiled, with a measured inline function.
#include <hotpath/hotpath.hpp>

namespace pch {
[[hotpath::measure]] inline int from_header(int x) { return x + 1; }
}  // namespace pch
