// The contended locks' records (runtime/waits/lock_records.hpp): a wait is counted
// for its lock, with its longest; the first waiter's innermost measured call is
// where the lock was first contended; each wait is charged to the measured call
// that last released the lock while it was awaited; names given stay; a release
// with no waiter changes nothing; totals are exact with threads racing.
#include "waits/lock_records.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "hotpath/locks.hpp"
#include "hotpath/scope_guard.hpp"
#include "reporting/lock_rows.hpp"

namespace hotpath {
namespace {

using detail::LockKind;
using detail::LockTotals;

Site g_waiter_site("locks.waiter", nullptr, __FILE__, __LINE__);
Site g_holder_site("locks.holder", nullptr, __FILE__, __LINE__);
Site g_racer_site("locks.racer", nullptr, __FILE__, __LINE__);

/// The record of the lock at `lock`, or an empty one (waits 0).
LockTotals record_of(const void* lock) {
  for (LockTotals& totals : detail::contended_locks())
    if (totals.address == reinterpret_cast<std::uintptr_t>(lock)) return totals;
  return {};
}

/// One wait for `lock` of `ticks`, released meanwhile by `holder` (none: no
/// release seen).
void wait_once(const void* lock, std::uint64_t ticks, const Site* holder,
               LockKind kind = LockKind::Mutex) {
  bool first = false;
  detail::LockRecord* record = nullptr;
  {
    ScopeGuard waiter(g_waiter_site);
    record = detail::begin_lock_wait(lock, kind, first);
  }
  if (holder != nullptr) {
    ScopeGuard releaser(*holder);
    detail::note_lock_release(lock);
  }
  detail::end_lock_wait(record, ticks, true);
}

TEST(LockRecords, AWaitIsChargedToTheMeasuredCallThatReleasedTheLock) {
  static int lock;
  wait_once(&lock, 300, &g_holder_site);
  wait_once(&lock, 500, &g_holder_site);
  const LockTotals totals = record_of(&lock);
  EXPECT_EQ(totals.kind, LockKind::Mutex);
  EXPECT_EQ(totals.waits, 2u);
  EXPECT_EQ(totals.ticks, 800u);
  EXPECT_EQ(totals.max_ticks, 500u);
  EXPECT_EQ(totals.first_site, g_waiter_site.id());
  ASSERT_EQ(totals.holders.size(), 1u);
  EXPECT_EQ(totals.holders[0].site, g_holder_site.id());
  EXPECT_EQ(totals.holders[0].waits, 2u);
  EXPECT_EQ(totals.holders[0].ticks, 800u);
  EXPECT_TRUE(totals.name.empty());
}

TEST(LockRecords, AReleaseOutsideMeasuredCallsAndNoReleaseAreToldApart) {
  static int lock;
  wait_once(&lock, 100, nullptr, LockKind::ReadWrite);  // no release seen yet
  bool first = true;
  detail::LockRecord* record = detail::begin_lock_wait(&lock, LockKind::ReadWrite, first);
  EXPECT_FALSE(first);
  detail::note_lock_release(&lock);  // no measured call on this thread
  detail::end_lock_wait(record, 200, true);
  const LockTotals totals = record_of(&lock);
  EXPECT_EQ(totals.kind, LockKind::ReadWrite);
  ASSERT_EQ(totals.holders.size(), 2u);
  // Longest first.
  EXPECT_EQ(totals.holders[0].site, 0u);
  EXPECT_EQ(totals.holders[0].ticks, 200u);
  EXPECT_EQ(totals.holders[1].site, detail::kUnknownLockHolder);
  EXPECT_EQ(totals.holders[1].ticks, 100u);
}

TEST(LockRecords, AReleaseNobodyAwaitsLeavesTheHolderAsItWas) {
  static int lock;
  wait_once(&lock, 100, &g_holder_site);
  {
    ScopeGuard racer(g_racer_site);
    detail::note_lock_release(&lock);  // no waiter now
  }
  wait_once(&lock, 100, nullptr);
  const LockTotals totals = record_of(&lock);
  ASSERT_EQ(totals.holders.size(), 1u);
  EXPECT_EQ(totals.holders[0].site, g_holder_site.id());
  EXPECT_EQ(totals.holders[0].waits, 2u);
}

TEST(LockRecords, AWaitEndedInAnErrorIsNotCounted) {
  static int lock;
  bool first = false;
  detail::LockRecord* record = detail::begin_lock_wait(&lock, LockKind::Mutex, first);
  EXPECT_TRUE(first);
  detail::end_lock_wait(record, 100, false);
  EXPECT_EQ(record_of(&lock).waits, 0u);
  EXPECT_EQ(detail::g_lock_waiters.load(), 0u);
}

TEST(LockRecords, ANameGivenIsKeptAndTheLatestWins) {
  static int lock;
  name_lock(&lock, "first");
  name_lock(&lock, "jobs");
  name_lock(nullptr, "ignored");
  wait_once(&lock, 10, nullptr);
  EXPECT_EQ(record_of(&lock).name, "jobs");
}

TEST(LockRecords, TotalsAreExactWhenThreadsRace) {
  static int locks[3];
  constexpr int kThreads = 4;
  constexpr int kWaits = 2000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t] {
      for (int i = 0; i < kWaits; ++i) wait_once(&locks[(t + i) % 3], 1 + t, &g_racer_site);
    });
  }
  // A reader copies the records while they change.
  for (int i = 0; i < 20; ++i) detail::contended_locks();
  for (std::thread& thread : threads) thread.join();
  std::uint64_t waits = 0;
  std::uint64_t ticks = 0;
  for (int& lock : locks) {
    const LockTotals totals = record_of(&lock);
    waits += totals.waits;
    ticks += totals.ticks;
    ASSERT_EQ(totals.holders.size(), 1u);
    EXPECT_EQ(totals.holders[0].waits, totals.waits);
  }
  EXPECT_EQ(waits, std::uint64_t{kThreads} * kWaits);
  EXPECT_EQ(ticks, std::uint64_t{kWaits} * (1 + 2 + 3 + 4));
  EXPECT_EQ(detail::g_lock_waiters.load(), 0u);
}

TEST(LockRows, NamesAreGivenDerivedOrNumberedAndHoldersNamedAfterTheirRows) {
  const std::string producer = "app::produce";
  const detail::SiteNamer name_of_site = [&](std::uint32_t site) -> const std::string* {
    return site == 7 ? &producer : nullptr;
  };
  std::vector<LockTotals> locks(4);
  locks[0].name = "jobs";
  locks[0].ticks = 100;
  locks[1].ticks = 400;  // derived name
  locks[2].ticks = 300;  // numbered: the longer one is #1
  locks[2].kind = LockKind::ReadWrite;
  locks[3].ticks = 200;
  locks[3].first_site = 7;
  locks[3].holders = {{7, 2, 150},
                      {0, 1, 30},
                      {detail::kUnknownLockHolder, 1, 20},
                      {detail::kOtherLockHolders, 1, 10}};
  std::vector<detail::LockDescription> descriptions(4);
  descriptions[0].derived_name = "not used: a name was given";
  descriptions[1].derived_name = "app::g_state";
  descriptions[3].location = "queue.cpp:42";
  const std::vector<LockRow> rows =
      detail::lock_rows(locks, descriptions, name_of_site, detail::TickConverter(2.0));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].name, "app::g_state");
  EXPECT_EQ(rows[0].total_ns, 800u);
  EXPECT_EQ(rows[1].name, "rwlock #1");
  EXPECT_EQ(rows[1].kind, "rwlock");
  EXPECT_EQ(rows[2].name, "mutex #1");
  EXPECT_EQ(rows[2].first_function, "app::produce");
  EXPECT_EQ(rows[2].first_location, "queue.cpp:42");
  ASSERT_EQ(rows[2].holders.size(), 4u);
  EXPECT_EQ(rows[2].holders[0].function, "app::produce");
  EXPECT_EQ(rows[2].holders[0].waits, 2u);
  EXPECT_EQ(rows[2].holders[0].total_ns, 300u);
  EXPECT_EQ(rows[2].holders[1].function, "(not measured)");
  EXPECT_EQ(rows[2].holders[2].function, "(unknown)");
  EXPECT_EQ(rows[2].holders[3].function, "(others)");
  EXPECT_EQ(rows[3].name, "jobs");
  EXPECT_EQ(rows[3].first_function, "(not measured)");
}

}  // namespace
}  // namespace hotpath
