// Part of names_three_ways.cpp's program.
#include "names.h"

namespace app {

namespace {
int helper() { return 3; }
}  // namespace

static int static_helper() { return 4; }

// Only this file sees both overloads of count_digits.
std::uint64_t count_digits(std::uint64_t n) { return n < 10 ? 1 : 1 + count_digits(n / 10); }

int from_b() {
  struct Local {
    double y;
  };
  call(Tick{2});
  print("b", 1, 2.0);
  Map<std::vector<int>, std::map<int, int>> map;
  const bool less = map < map;
  return size_of<Local>() + helper() + static_helper() + static_cast<int>(map.bucket({})) +
         static_cast<int>(count_digits(std::uint64_t{12345})) + (less ? 1 : 0);
}

}  // namespace app
