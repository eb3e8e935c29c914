// hotpath-alloc in cumulative mode: a function's row includes what its measured
// callees allocate, and an allocation made while a recursive function is active
// several times counts once. The mode is read when the library loads, so ctest runs
// this program with HOTPATH_ALLOC_CUMULATIVE=1.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "alloc_test_support.hpp"
#include "hotpath/scope_guard.hpp"

namespace hotpath {
namespace {

using test::alloc_row;
using test::escape;
using test::report_of;

struct Bytes10 {
  char data[10];
};
struct Bytes50 {
  char data[50];
};

Site g_recursive_site("cumulative.recursive", nullptr, __FILE__, __LINE__);
Site g_driver_site("cumulative.driver", nullptr, __FILE__, __LINE__);

void recursive(int depth) {
  ScopeGuard guard(g_recursive_site);
  Bytes10* object = new Bytes10;
  escape(object);
  if (depth > 1) recursive(depth - 1);
  delete object;
}

void driver() {
  ScopeGuard guard(g_driver_site);
  Bytes50* object = new Bytes50;
  escape(object);
  recursive(3);
  delete object;
}

TEST(AllocCumulativeTest, RowsIncludeCalleesAndCountRecursionOnce) {
  const Report report = report_of("cumulative", [] { driver(); });
  ASSERT_TRUE(report.alloc_tracked);
  ASSERT_EQ(report.alloc_mode, AllocMode::Cumulative)
      << "run this test with HOTPATH_ALLOC_CUMULATIVE=1 in the environment";

  const AllocRow* recursive_row = alloc_row(report, "cumulative.recursive");
  ASSERT_NE(recursive_row, nullptr);
  EXPECT_EQ(recursive_row->calls, 3u);
  // Three allocations of 10 bytes, each counted once although up to three calls
  // of the function were active when it was made.
  EXPECT_EQ(recursive_row->alloc_bytes, 30u);
  EXPECT_EQ(recursive_row->alloc_count, 3u);
  EXPECT_EQ(recursive_row->dealloc_bytes, 30u);
  EXPECT_EQ(recursive_row->dealloc_count, 3u);
  // Each call's own figure includes the calls it made: 10, 20 and 30 bytes.
  EXPECT_EQ(recursive_row->percentile_bytes, (std::vector<std::uint64_t>{10, 20, 30}));

  const AllocRow* driver_row = alloc_row(report, "cumulative.driver");
  ASSERT_NE(driver_row, nullptr);
  EXPECT_EQ(driver_row->calls, 1u);
  EXPECT_EQ(driver_row->alloc_bytes, 80u);
  EXPECT_EQ(driver_row->alloc_count, 4u);
  EXPECT_EQ(driver_row->dealloc_bytes, 80u);
  EXPECT_EQ(driver_row->dealloc_count, 4u);
}

}  // namespace
}  // namespace hotpath
