// The functions of src/work.cpp and other/skipped.cpp (see CMakeLists.txt).
#pragma once

namespace work {
int tiny(int x);
int noisy(int x);
int kept(int x);
}  // namespace work

namespace other {
int skipped(int x);
}  // namespace other
