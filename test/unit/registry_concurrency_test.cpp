// Reports taken while threads start, record and exit: the registry lists the
// threads under its lock and reads their memory after, so every thread must count
// exactly once (live, or handed over), and nothing a report reads may be freed
// under it (the sanitizer builds run this too).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

#if defined(HOTPATH_TEST_SANITIZED)
constexpr int kRounds = 6;
#else
constexpr int kRounds = 40;
#endif
constexpr int kThreadsPerRound = 4;
constexpr int kThreads = kRounds * kThreadsPerRound;
constexpr std::uint64_t kCallsPerThread = 50;
/// More functions than a thread's first table of slots holds: tables are outgrown
/// while reports read them.
constexpr int kSharedSites = 100;

TEST(RegistryConcurrency, ThreadsThatStartAndExitDuringReportsCountOnce) {
  std::vector<std::string> names;
  for (int index = 0; index < kThreads + kSharedSites; ++index)
    names.push_back("concurrency.site_" + std::to_string(index));
  std::vector<std::unique_ptr<Site>> sites;
  for (const std::string& name : names)
    sites.push_back(std::make_unique<Site>(name.c_str(), nullptr, "concurrency.cpp", 1));
  // Registered before the threads start, so that every report lists them all.
  for (auto& site : sites) {
    ScopeGuard guard(*site);
  }
  const std::uint64_t registered = test::totals_for(*sites.front()).calls;

  std::atomic<bool> stop{false};
  std::atomic<int> reports{0};
  std::atomic<std::uint64_t> largest_own_count{0};
  std::thread reporter([&] {
    while (!stop.load()) {
      const detail::RegistrySnapshot snapshot = detail::Registry::instance().snapshot();
      // A thread's own function has at most its calls: more would be a thread
      // counted both live and handed over.
      for (int thread = 0; thread < kThreads; ++thread) {
        const std::uint32_t id = sites[thread]->id();
        const std::uint64_t calls = snapshot.totals[id - 1].calls - registered;
        if (calls > largest_own_count.load()) largest_own_count = calls;
      }
      ++reports;
    }
  });
  for (int round = 0; round < kRounds; ++round) {
    std::vector<std::thread> threads;
    for (int member = 0; member < kThreadsPerRound; ++member) {
      const int thread = round * kThreadsPerRound + member;
      threads.emplace_back([&, thread] {
        for (std::uint64_t call = 0; call < kCallsPerThread; ++call) {
          ScopeGuard own(*sites[thread]);
          for (int shared = 0; shared < kSharedSites; ++shared) {
            ScopeGuard guard(*sites[kThreads + shared]);
          }
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  stop = true;
  reporter.join();

  EXPECT_GT(reports.load(), 0);
  EXPECT_LE(largest_own_count.load(), kCallsPerThread);
  for (int thread = 0; thread < kThreads; ++thread)
    EXPECT_EQ(test::totals_for(*sites[thread]).calls, registered + kCallsPerThread) << thread;
  for (int shared = 0; shared < kSharedSites; ++shared) {
    EXPECT_EQ(test::totals_for(*sites[kThreads + shared]).calls,
              registered + kThreads * kCallsPerThread)
        << shared;
  }
}

// A report reads the durations' histograms of the rows it shows after the rest:
// they are those a snapshot with every histogram has, on live threads and exited
// ones, and since a session's start.
TEST(RegistryReading, HistogramsReadLaterAreThoseOfASnapshotWithThemAll) {
  static Site site("reading.later", nullptr, "reading.cpp", 1);
  const auto record = [](int calls) {
    for (int call = 0; call < calls; ++call) {
      ScopeGuard guard(site);
    }
  };
  record(5);
  detail::Registry& registry = detail::Registry::instance();
  const detail::RegistrySnapshot baseline = registry.snapshot();
  std::thread exited([&] { record(40); });
  exited.join();
  record(30);
  const std::uint32_t id = site.id();

  detail::RegistrySnapshot whole = registry.snapshot();
  whole.subtract(baseline);
  detail::RegistrySnapshot later = registry.snapshot(detail::DurationHistograms::Later);
  later.subtract(baseline);
  EXPECT_EQ(later.totals[id - 1].calls, 70u);
  EXPECT_EQ(later.totals[id - 1].histogram.total_count(), 0u);
  registry.add_duration_histograms(later, {id}, &baseline);

  const detail::FunctionTotals& read_later = later.totals[id - 1];
  const detail::FunctionTotals& read_at_once = whole.totals[id - 1];
  EXPECT_EQ(read_later.histogram.total_count(), 70u);
  EXPECT_EQ(read_at_once.histogram.total_count(), 70u);
  for (double p : {0.0, 50.0, 95.0, 100.0}) {
    EXPECT_EQ(read_later.histogram.percentile(p, read_later.min_value, read_later.max_value),
              read_at_once.histogram.percentile(p, read_at_once.min_value, read_at_once.max_value))
        << p;
  }
}

}  // namespace
}  // namespace hotpath
