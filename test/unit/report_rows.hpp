// Hand-made allocation rows for the reporters' tests.
#ifndef HOTPATH_TEST_UNIT_REPORT_ROWS_HPP
#define HOTPATH_TEST_UNIT_REPORT_ROWS_HPP

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::test {

inline AllocRow make_alloc_row(std::string name, std::uint64_t calls, std::uint64_t alloc_bytes,
                               std::uint64_t alloc_count, std::uint64_t dealloc_bytes,
                               std::uint64_t dealloc_count, std::uint64_t avg_bytes,
                               std::vector<std::uint64_t> percentile_bytes, double percent_total) {
  AllocRow row;
  row.name = std::move(name);
  row.calls = calls;
  row.alloc_bytes = alloc_bytes;
  row.alloc_count = alloc_count;
  row.dealloc_bytes = dealloc_bytes;
  row.dealloc_count = dealloc_count;
  row.avg_bytes = avg_bytes;
  row.percentile_bytes = std::move(percentile_bytes);
  row.percent_total = percent_total;
  return row;
}

inline ThreadAllocRow make_thread(std::string name, std::uint64_t alloc_bytes,
                                  std::uint64_t alloc_count, std::uint64_t dealloc_bytes,
                                  std::uint64_t dealloc_count) {
  ThreadAllocRow row;
  row.name = std::move(name);
  row.alloc_bytes = alloc_bytes;
  row.alloc_count = alloc_count;
  row.dealloc_bytes = dealloc_bytes;
  row.dealloc_count = dealloc_count;
  return row;
}

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_REPORT_ROWS_HPP
