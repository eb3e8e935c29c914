// The Reporter interface's out-of-line parts, with the reporters that implement it.
#include "hotpath/report.hpp"

namespace hotpath {

Reporter::~Reporter() = default;

}  // namespace hotpath
