// Part of names_three_ways.cpp's program.
#include "names.h"

namespace app {

volatile int sink = 0;

namespace {
int helper() { return 1; }
}  // namespace

static int static_helper() { return 2; }

std::uint32_t count_digits(std::uint32_t n) { return n < 10 ? 1 : 1 + count_digits(n / 10); }

int from_a() {
  struct Local {
    int x;
  };
  call(Tick{});
  print("a");
  Map<int> map;
  map.put(2L, "x");
  return size_of<Local>() + helper() + static_helper() + static_cast<int>(map.bucket(1));
}

}  // namespace app
