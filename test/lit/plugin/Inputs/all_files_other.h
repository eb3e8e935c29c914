// Included by measure_all_files.cpp: no attributes, and not matched.
#pragma once

namespace other {

inline int untouched(int x) { return x - 1; }

}  // namespace other
