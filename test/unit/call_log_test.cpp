// Recent calls: each thread keeps the last calls of each function, a thread's log
// outlives the thread, and a query returns the latest over all threads, newest
// first, whatever a writer does meanwhile.
#include "core/call_log.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "core/registry.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/scope_guard.hpp"

namespace hotpath::detail {
namespace {

Site g_logged_site("call_log.logged", nullptr, __FILE__, __LINE__);

void logged_call() { ScopeGuard guard(g_logged_site); }

/// Logging on for one test: it changes what every guard does.
class CallLogTest : public testing::Test {
 protected:
  void SetUp() override { enable_call_logs(3); }
  void TearDown() override { disable_call_logs(); }
};

TEST_F(CallLogTest, EachThreadKeepsItsLatestCallsAndTheyOutliveIt) {
  logged_call();  // registers the site
  const std::uint32_t id = g_logged_site.id();
  ASSERT_NE(id, 0u);
  for (int i = 0; i < 4; ++i) logged_call();
  std::vector<LoggedCall> calls = Registry::instance().recent_calls({id}, 10);
  ASSERT_EQ(calls.size(), 3u);  // the capacity per thread
  for (std::size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(calls[i].tid, static_cast<std::uint64_t>(::gettid()));
    if (i > 0) {
      EXPECT_GE(calls[i - 1].end_ticks, calls[i].end_ticks);
    }
  }

  std::uint64_t other_tid = 0;
  std::thread other([&] {
    other_tid = static_cast<std::uint64_t>(::gettid());
    logged_call();
    logged_call();
  });
  other.join();
  calls = Registry::instance().recent_calls({id}, 10);
  ASSERT_EQ(calls.size(), 5u);  // 3 of this thread, 2 of the one gone
  // The other thread's calls came last: the newest.
  EXPECT_EQ(calls[0].tid, other_tid);
  EXPECT_EQ(calls[1].tid, other_tid);
  EXPECT_EQ(Registry::instance().recent_calls({id}, 2).size(), 2u);
}

TEST_F(CallLogTest, AReaderDropsWhatTheOwnerOverwroteAndNeverSeesAHalfWrittenLog) {
  logged_call();
  const std::uint32_t id = g_logged_site.id();
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    while (!stop.load(std::memory_order_relaxed)) logged_call();
  });
  bool plausible = true;
  std::size_t most = 0;
  for (int read = 0; read < 2000; ++read) {
    const std::vector<LoggedCall> calls = Registry::instance().recent_calls({id}, 100);
    const std::uint64_t now = now_ticks();
    most = std::max(most, calls.size());
    // Every call read was written: it has ended, before now (a ring slot read
    // before its first write would hold zeros).
    for (const LoggedCall& call : calls)
      plausible = plausible && call.end_ticks != 0 && call.end_ticks <= now;
  }
  stop = true;
  writer.join();
  // At most the capacity of each log: this thread's, the writer's, and those of the
  // threads gone before (the other test's).
  EXPECT_LE(most, 9u);
  EXPECT_TRUE(plausible);
}

}  // namespace
}  // namespace hotpath::detail
