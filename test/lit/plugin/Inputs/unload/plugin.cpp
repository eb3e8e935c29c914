// A library that a host loads and unloads at run time (dlopen, dlclose): its
// measured functions are a plain function, a member of a class template, a
// function template called with a lambda, and a block the user named.
#include <hotpath/hotpath.hpp>

namespace plugin {

volatile int sink = 0;

template <class T>
struct Stack {
  [[hotpath::measure]] void push(T value) { sink = sink + static_cast<int>(value); }
};

template <class F>
[[hotpath::measure]] int apply(F function) {
  return function();
}

[[hotpath::measure]] void work(int rounds) {
  Stack<long> stack;
  for (int i = 0; i < rounds; ++i) stack.push(i);
  apply([] { return sink + 1; });
  HOTPATH_MEASURE_BLOCK("plugin.block");
}

}  // namespace plugin

extern "C" void plugin_run(int rounds) { plugin::work(rounds); }
