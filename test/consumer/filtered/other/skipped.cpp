// Not under src/: MEASURE_ALL_FILES "^src/" leaves this file alone.
#include "../work.h"

namespace other {

int skipped(int x) {
  int total = 0;
  for (int i = 0; i < x; ++i) total += work::tiny(i);
  return total;
}

}  // namespace other
