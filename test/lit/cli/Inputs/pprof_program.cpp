// A program with a known call tree and known allocations, for the pprof tests:
// main -> parse (10 calls) -> lex (100 calls, 100 allocations of 256 bytes), and
// render (3 calls) spinning the longest of all.
#include <cstdio>

volatile unsigned long sink = 0;
char* volatile kept = nullptr;

namespace app {

[[hotpath::measure]] void lex(int round) {
  kept = new char[256];
  delete[] kept;
  for (int i = 0; i < 20'000 + round; ++i) sink = sink + static_cast<unsigned long>(i);
}

[[hotpath::measure]] void parse() {
  for (int round = 0; round < 10; ++round) lex(round);
}

[[hotpath::measure]] void render() {
  for (unsigned long i = 0; i < 20'000'000; ++i) sink = sink + i;
}

}  // namespace app

[[hotpath::main]] int main() {
  for (int i = 0; i < 10; ++i) app::parse();
  for (int i = 0; i < 3; ++i) app::render();
  std::fprintf(stderr, "sink %lu\n", static_cast<unsigned long>(sink));
  return 0;
}
