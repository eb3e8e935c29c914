// The consumer test's instrumented program: functions marked with the plugin's
// attributes, and no include of hotpath.hpp (hotpath_instrument() and hotpath.pc
// provide it with -include). run_consumer_test.sh checks every row of its report:
// main 1, consumer::step 42, consumer::Counter::add 7, consumer::twice<int> 5,
// consumer::twice<double> 3; consumer::Counter::total is skipped.
#include <cstdio>

namespace consumer {

[[hotpath::measure]] unsigned step(unsigned value) { return value * 3u + 1u; }

template <typename T>
[[hotpath::measure]] T twice(T value) {
  return value + value;
}

class [[hotpath::measure_all]] Counter {
 public:
  void add(unsigned value) { total_ += value; }
  [[hotpath::skip]] unsigned total() const { return total_; }

 private:
  unsigned total_ = 0;
};

}  // namespace consumer

[[hotpath::main("format=json", "percentiles=50,95", "limit=0")]] int main() {
  volatile unsigned sink = 1;
  for (int i = 0; i < 42; ++i) sink = consumer::step(sink);
  consumer::Counter counter;
  for (unsigned i = 0; i < 7; ++i) counter.add(i);
  int doubled = 0;
  for (int i = 0; i < 5; ++i) doubled = consumer::twice(doubled + i);
  double half = 0.25;
  for (int i = 0; i < 3; ++i) half = consumer::twice(half);
  std::printf("consumer: %u %u %d %.1f\n", static_cast<unsigned>(sink), counter.total(), doubled,
              half);
  return 0;
}
