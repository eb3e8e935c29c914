// The consumer test's CPU sampling program: consumer::burn uses 0.2 s of CPU time;
// a custom reporter prints its CPU row, which run_consumer_test.sh checks against
// the sampling rate (997 Hz: about 200 samples).
#include <time.h>
#include <hotpath/hotpath.hpp>

#include <cstdint>
#include <memory>
#include <ostream>

namespace consumer {

double thread_cpu_seconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

void burn() {
  HOTPATH_MEASURE();
  const double end = thread_cpu_seconds() + 0.2;
  std::uint64_t value = 1;
  while (thread_cpu_seconds() < end) {
    for (int i = 0; i < 10000; ++i) value = value * 6364136223846793005u + 1;
    asm volatile("" : "+r"(value));
  }
}

class CpuRowPrinter : public hotpath::Reporter {
 public:
  void write(const hotpath::Report& report, std::ostream& out) override {
    if (!report.cpu_sampled) out << "CPU is not sampled\n";
    for (const hotpath::CpuRow& row : report.cpu_rows) {
      if (row.name == "consumer::burn") out << row.name << " samples=" << row.samples << "\n";
    }
  }
};

}  // namespace consumer

int main() {
  auto session = hotpath::GuardBuilder("cpu-consumer")
                     .reporter(std::make_unique<consumer::CpuRowPrinter>())
                     .build();
  consumer::burn();
  return 0;
}
