// The consumer test's program for clang-hotpath-rewrite, built with the plugin too:
// a measured member of a class template (named from __PRETTY_FUNCTION__ by the
// rewriter), a header next to the source, and a definition from CMake that the source
// needs. run_consumer_test.sh checks every row of its report: main 1,
// app::Stack<int>::push 11 (HOTPATH_CONSUMER_PUSHES), app::Stack<double>::push 2 (the
// test changes this count to check that an edit is rewritten again), app::drain 1.
#include <cstdio>
#include <vector>

#include "stack.h"

#ifndef HOTPATH_CONSUMER_PUSHES
#error "stack.cpp needs HOTPATH_CONSUMER_PUSHES, from target_compile_definitions()"
#endif

namespace app {

template <typename T>
class Stack {
 public:
  [[hotpath::measure]] void push(T value) { values_.push_back(value); }
  std::vector<T>& values() { return values_; }

 private:
  std::vector<T> values_;
};

}  // namespace app

[[hotpath::main]] int main() {
  app::Stack<int> ints;
  for (int i = 0; i < HOTPATH_CONSUMER_PUSHES; ++i) ints.push(i);
  app::Stack<double> halves;
  for (int i = 0; i < 2; ++i) halves.push(i * 0.5);
  std::printf("stack: %zu odd values, %zu halves\n", app::drain(ints.values()),
              halves.values().size());
  return 0;
}
