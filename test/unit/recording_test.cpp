// Recording through guards: exact counts across threads (exited and still
// running), self time, recursion, exceptions, and no allocation in steady state.
#include <gtest/gtest.h>
#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

#if defined(HOTPATH_TEST_SANITIZED)
constexpr std::uint64_t kCallsPerThread = 20'000;
#else
constexpr std::uint64_t kCallsPerThread = 1'000'000;
#endif
constexpr int kThreads = 8;

Site g_hot_site("recording.hot", nullptr, __FILE__, __LINE__);

HOTPATH_NOINLINE void hot_call() { ScopeGuard guard(g_hot_site); }

TEST(Recording, EightThreadsThatExitBeforeTheReportLoseNoCall) {
  const std::uint64_t before = test::totals_for(g_hot_site).all_calls();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([] {
      for (std::uint64_t i = 0; i < kCallsPerThread; ++i) hot_call();
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(test::totals_for(g_hot_site).all_calls() - before, kThreads * kCallsPerThread);
}

/// Threads that record, then stay alive until released.
class ParkedThreads {
 public:
  ParkedThreads(int count, Site& site, std::uint64_t calls) {
    for (int t = 0; t < count; ++t) {
      threads_.emplace_back([this, &site, calls] {
        for (std::uint64_t i = 0; i < calls; ++i) ScopeGuard guard(site);
        std::unique_lock<std::mutex> lock(mutex_);
        ++finished_;
        changed_.notify_all();
        changed_.wait(lock, [this] { return released_; });
      });
    }
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return finished_ == count; });
  }
  ~ParkedThreads() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      released_ = true;
    }
    changed_.notify_all();
    for (auto& thread : threads_) thread.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int finished_ = 0;
  bool released_ = false;
  std::vector<std::thread> threads_;
};

TEST(Recording, ThreadsStillRunningAtTheReportAndExitedOnesAreBothCounted) {
  static Site site("recording.mixed", nullptr, __FILE__, __LINE__);
  const std::uint64_t calls = kCallsPerThread / 4;
  std::vector<std::thread> exiting;
  for (int t = 0; t < kThreads / 2; ++t) {
    exiting.emplace_back([&] {
      for (std::uint64_t i = 0; i < calls; ++i) ScopeGuard guard(site);
    });
  }
  for (auto& thread : exiting) thread.join();
  {
    ParkedThreads running(kThreads / 2, site, calls);
    EXPECT_EQ(test::totals_for(site).all_calls(), kThreads * calls);
  }
  EXPECT_EQ(test::totals_for(site).all_calls(), kThreads * calls);
}

TEST(Recording, ReadersRunWhileThreadsRecord) {
  static Site site("recording.concurrent", nullptr, __FILE__, __LINE__);
  std::atomic<bool> done{false};
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&] {
      for (std::uint64_t i = 0; i < kCallsPerThread / 4; ++i) ScopeGuard guard(site);
    });
  }
  std::thread reader([&] {
    std::uint64_t last = 0;
    while (!done.load()) {
      const std::uint64_t now = test::totals_for(site).all_calls();
      EXPECT_GE(now, last);
      last = now;
    }
  });
  for (auto& thread : writers) thread.join();
  done = true;
  reader.join();
  EXPECT_EQ(test::totals_for(site).all_calls(), kCallsPerThread);
}

TEST(Recording, SelfTimeIsInclusiveTimeMinusMeasuredCallees) {
  static Site outer_site("recording.outer", nullptr, __FILE__, __LINE__);
  static Site inner_site("recording.inner", nullptr, __FILE__, __LINE__);
  {
    ScopeGuard outer(outer_site);
    for (int i = 0; i < 3; ++i) {
      ScopeGuard inner(inner_site);
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
  const detail::FunctionTotals outer = test::totals_for(outer_site);
  const detail::FunctionTotals inner = test::totals_for(inner_site);
  ASSERT_EQ(outer.calls, 1u);
  ASSERT_EQ(inner.calls, 3u);
  EXPECT_EQ(outer.self_ticks, outer.total_ticks - inner.total_ticks);
  EXPECT_EQ(inner.self_ticks, inner.total_ticks);
  EXPECT_GT(inner.total_ticks, 0u);
}

Site g_recursive_site("recording.recursive", nullptr, __FILE__, __LINE__);

int recurse(int depth) {
  ScopeGuard guard(g_recursive_site);
  return depth == 0 ? 0 : 1 + recurse(depth - 1);
}

TEST(Recording, RecursionCountsEveryLevel) {
  EXPECT_EQ(recurse(9), 9);
  EXPECT_EQ(test::totals_for(g_recursive_site).calls, 10u);
}

TEST(Recording, AnExceptionThroughAGuardStillRecordsTheCall) {
  static Site site("recording.throws", nullptr, __FILE__, __LINE__);
  static Site caller_site("recording.throws.caller", nullptr, __FILE__, __LINE__);
  ScopeGuard caller(caller_site);
  EXPECT_THROW(
      {
        ScopeGuard guard(site);
        throw std::runtime_error("boom");
      },
      std::runtime_error);
  EXPECT_EQ(test::totals_for(site).all_calls(), 1u);
  // The shadow stack is intact: the caller is on top again.
  EXPECT_NE(detail::t_thread_state.top, nullptr);
}

TEST(Recording, AChildAfterForkRecordsWhileOtherThreadsWereRegistering) {
  static Site site("recording.fork", nullptr, __FILE__, __LINE__);
  std::atomic<bool> stop{false};
  // Threads that keep registering new sites make it likely that fork() happens
  // while the registry lock is taken; the child must not deadlock.
  std::vector<std::thread> churn;
  for (int t = 0; t < 2; ++t) {
    churn.emplace_back([&] {
      while (!stop.load()) std::thread([] { hot_call(); }).join();
    });
  }
  for (int attempt = 0; attempt < 20; ++attempt) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      const std::uint64_t before = test::totals_for(site).all_calls();
      for (int i = 0; i < 1000; ++i) ScopeGuard guard(site);
      _exit(test::totals_for(site).all_calls() - before == 1000 ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
  }
  stop = true;
  for (auto& thread : churn) thread.join();
}

#if !defined(HOTPATH_TEST_SANITIZED)
TEST(Recording, NoHeapAllocationAfterTheFirstCall) {
  static Site site("recording.allocations", nullptr, __FILE__, __LINE__);
  { ScopeGuard first(site); }
  // Rows are made for durations in a power of two not seen before (from the arena,
  // which sometimes needs a new chunk): made here, so that what the heap gains
  // below is the guard's own.
  detail::FunctionSlot& slot = *detail::slot_for(detail::t_thread_state, site);
  for (unsigned row = 0; row < detail::kHistogramRows; ++row) {
    if (slot.rows[row].load() == nullptr) detail::attach_row(slot.rows, row);
  }
  const std::size_t before = mallinfo2().uordblks;
  for (int i = 0; i < 1'000'000; ++i) ScopeGuard guard(site);
  const std::size_t after = mallinfo2().uordblks;
  EXPECT_EQ(after, before);
  EXPECT_EQ(test::totals_for(site).all_calls(), 1'000'001u);
}
#endif

}  // namespace
}  // namespace hotpath
