// The consumer test's allocation-tracking program: consumer::allocate allocates and
// frees 4096 bytes in each of its 3 calls; a custom reporter prints its allocation
// row, which run_consumer_test.sh compares with the exact figures.
#include <hotpath/hotpath.hpp>

#include <memory>
#include <ostream>
#include <vector>

namespace consumer {

void allocate() {
  HOTPATH_MEASURE();
  std::vector<char> bytes(4096);  // freed by a sized delete: exactly 4096 bytes
  asm volatile("" : : "g"(bytes.data()) : "memory");
}

class AllocRowPrinter : public hotpath::Reporter {
 public:
  void write(const hotpath::Report& report, std::ostream& out) override {
    if (!report.alloc_tracked) out << "allocations are not tracked\n";
    for (const hotpath::AllocRow& row : report.alloc_rows) {
      if (row.name != "consumer::allocate") continue;
      out << row.name << " calls=" << row.calls << " alloc_bytes=" << row.alloc_bytes
          << " alloc_count=" << row.alloc_count << " dealloc_bytes=" << row.dealloc_bytes
          << " dealloc_count=" << row.dealloc_count << "\n";
    }
  }
};

}  // namespace consumer

int main() {
  auto session = hotpath::GuardBuilder("alloc-consumer")
                     .reporter(std::make_unique<consumer::AllocRowPrinter>())
                     .build();
  for (int i = 0; i < 3; ++i) consumer::allocate();
  return 0;
}
