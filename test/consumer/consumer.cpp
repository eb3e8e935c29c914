// The consumer test's program: consumer::step runs exactly 42 times inside the
// session "consumer"; run_consumer_test.sh checks that count in the JSON report.
#include <hotpath/hotpath.hpp>

namespace consumer {

unsigned step(unsigned value) {
  HOTPATH_MEASURE();
  return value * 3u + 1u;
}

}  // namespace consumer

int main() {
  auto session = hotpath::GuardBuilder("consumer").build();
  volatile unsigned sink = 1;
  for (int i = 0; i < 42; ++i) sink = consumer::step(sink);
  return 0;
}
