// Waits recorded for the measured calls on the stack (runtime/waits/): the
// innermost call's own, each function's once inclusively (recursion counts once),
// nothing outside measured calls or from the runtime's own code, exact totals
// across threads that exit and threads that still run while a reader reads.
#include "waits/wait_recording.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

using detail::WaitCause;
using detail::WaitTotals;

constexpr unsigned kLock = static_cast<unsigned>(WaitCause::Lock);
constexpr unsigned kIo = static_cast<unsigned>(WaitCause::Io);

Site g_outer_site("waits.outer", nullptr, __FILE__, __LINE__);
Site g_inner_site("waits.inner", nullptr, __FILE__, __LINE__);
Site g_recursive_site("waits.recursive", nullptr, __FILE__, __LINE__);
Site g_threads_site("waits.threads", nullptr, __FILE__, __LINE__);

class WaitRecording : public ::testing::Test {
 protected:
  void SetUp() override { detail::install_wait_tracking(); }
};

WaitTotals waits_of(const Site& site) { return test::totals_for(site).waits; }

TEST_F(WaitRecording, TheInnermostCallOwnsAWaitAndEveryCallerIncludesIt) {
  const WaitTotals outer_before = waits_of(g_outer_site);
  const WaitTotals inner_before = waits_of(g_inner_site);
  {
    ScopeGuard outer(g_outer_site);
    detail::record_wait(WaitCause::Lock, 1'000, 0);
    {
      ScopeGuard inner(g_inner_site);
      detail::record_wait(WaitCause::Io, 500, 64);
      detail::record_wait(WaitCause::Io, 700, 36);
    }
  }
  WaitTotals outer = waits_of(g_outer_site);
  outer.subtract(outer_before);
  WaitTotals inner = waits_of(g_inner_site);
  inner.subtract(inner_before);
  EXPECT_EQ(outer.causes[kLock].self_count, 1u);
  EXPECT_EQ(outer.causes[kLock].self_ticks, 1'000u);
  EXPECT_EQ(outer.causes[kLock].count, 1u);
  EXPECT_EQ(outer.causes[kIo].self_count, 0u);
  EXPECT_EQ(outer.causes[kIo].count, 2u);
  EXPECT_EQ(outer.causes[kIo].ticks, 1'200u);
  EXPECT_EQ(outer.io_bytes, 100u);
  EXPECT_EQ(outer.self_io_bytes, 0u);
  EXPECT_EQ(inner.causes[kIo].self_count, 2u);
  EXPECT_EQ(inner.causes[kIo].self_ticks, 1'200u);
  EXPECT_EQ(inner.causes[kIo].count, 2u);
  EXPECT_EQ(inner.self_io_bytes, 100u);
  EXPECT_EQ(inner.causes[kLock].count, 0u);
}

void recurse(int depth) {
  ScopeGuard guard(g_recursive_site);
  if (depth > 1) {
    recurse(depth - 1);
  } else {
    detail::record_wait(WaitCause::Sleep, 300, 0);
  }
}

TEST_F(WaitRecording, ARecursiveFunctionCountsAWaitOnce) {
  const WaitTotals before = waits_of(g_recursive_site);
  recurse(5);
  WaitTotals after = waits_of(g_recursive_site);
  after.subtract(before);
  const unsigned sleep = static_cast<unsigned>(WaitCause::Sleep);
  EXPECT_EQ(after.causes[sleep].count, 1u);
  EXPECT_EQ(after.causes[sleep].ticks, 300u);
  EXPECT_EQ(after.causes[sleep].self_count, 1u);
}

TEST_F(WaitRecording, NothingIsRecordedOutsideMeasuredCallsOrFromTheRuntime) {
  const WaitTotals before = waits_of(g_outer_site);
  detail::record_wait(WaitCause::Lock, 1'000, 0);  // no measured call: nowhere to go
  {
    ScopeGuard outer(g_outer_site);
    detail::RuntimeScope runtime;
    detail::record_wait(WaitCause::Lock, 1'000, 0);  // hotpath's own wait
  }
  {
    ScopeGuard outer(g_outer_site);
    detail::set_wait_attribution(false);  // a report is being produced
    detail::record_wait(WaitCause::Lock, 1'000, 0);
    detail::set_wait_attribution(true);
  }
  WaitTotals after = waits_of(g_outer_site);
  after.subtract(before);
  EXPECT_TRUE(after.empty());
}

#if defined(HOTPATH_TEST_SANITIZED)
constexpr std::uint64_t kWaitsPerThread = 2'000;
#else
constexpr std::uint64_t kWaitsPerThread = 100'000;
#endif

TEST_F(WaitRecording, ThreadsThatExitAndAReaderMeanwhileLoseNoWait) {
  const WaitTotals before = waits_of(g_threads_site);
  std::atomic<bool> done{false};
  std::thread reader([&] {
    while (!done) static_cast<void>(waits_of(g_threads_site));
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([] {
      ScopeGuard guard(g_threads_site);
      for (std::uint64_t i = 0; i < kWaitsPerThread; ++i) detail::record_wait(WaitCause::Io, 2, 3);
    });
  }
  for (std::thread& thread : threads) thread.join();
  done = true;
  reader.join();
  WaitTotals after = waits_of(g_threads_site);
  after.subtract(before);
  EXPECT_EQ(after.causes[kIo].self_count, 4 * kWaitsPerThread);
  EXPECT_EQ(after.causes[kIo].ticks, 8 * kWaitsPerThread);
  EXPECT_EQ(after.io_bytes, 12 * kWaitsPerThread);
}

}  // namespace
}  // namespace hotpath
