// The table of contended locks: a fixed array of records, open addressing on the
// lock's address, slots claimed with a compare-and-swap and never freed, so that
// finding a record takes no lock (the lock interposers run inside the program's
// own locks, and a lock here could deadlock with them). Only a wait, a release
// while some thread waits, and a name given by the program reach it.
#include "waits/lock_records.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "hotpath/detail/recording.hpp"
#include "hotpath/locks.hpp"

namespace hotpath::detail {

HOTPATH_API std::atomic<std::uint32_t> g_lock_waiters{0};

namespace {

constexpr std::size_t kLockCapacity = 1024;
constexpr unsigned kHolderSlots = 6;
/// A holder slot not yet claimed.
constexpr std::uint32_t kNoSite = 0xffffffffu;

struct HolderSlot {
  std::atomic<std::uint32_t> site{kNoSite};
  std::atomic<std::uint64_t> waits{0};
  std::atomic<std::uint64_t> ticks{0};
};

}  // namespace

struct LockRecord {
  std::atomic<std::uintptr_t> address{0};  ///< 0: the slot is free
  std::atomic<std::uint32_t> kind{0};
  std::atomic<std::uint32_t> waiting{0};  ///< threads waiting for it now
  /// The innermost measured call (site id, 0 for none) of the latest thread that
  /// released the lock while another waited; kUnknownLockHolder before the first.
  std::atomic<std::uint32_t> holder{kUnknownLockHolder};
  std::atomic<bool> contended{false};  ///< claimed by the first wait
  std::atomic<std::uint32_t> first_site{0};
  std::atomic<std::uint32_t> first_stack_count{0};  ///< stored after first_stack
  std::uint64_t first_stack[kLockCallFrames] = {};
  std::atomic<std::uint64_t> waits{0};
  std::atomic<std::uint64_t> ticks{0};
  std::atomic<std::uint64_t> max_ticks{0};
  HolderSlot holders[kHolderSlots];
  std::atomic<std::uint64_t> other_holder_waits{0};
  std::atomic<std::uint64_t> other_holder_ticks{0};
  std::atomic<const char*> name{nullptr};  ///< given by the program, never freed
};

namespace {

LockRecord g_locks[kLockCapacity];

/// A name given to a lock; its characters follow it.
struct NameCopy {
  NameCopy* next;
  char* text() noexcept { return reinterpret_cast<char*>(this + 1); }
};
std::atomic<NameCopy*> g_names{nullptr};
std::atomic<std::uint64_t> g_untracked_waits{0};
std::atomic<LockDescriber> g_describer{nullptr};

std::size_t home_of(std::uintptr_t address) {
  // Locks are at least 4-byte aligned, often 64: the low bits say little.
  return static_cast<std::size_t>((address >> 3) * 0x9e3779b97f4a7c15ull >> 54) % kLockCapacity;
}

/// The record of `lock`, claimed when `claim` and there is none; null when there
/// is none (or the table is full).
LockRecord* find_record(const void* lock, bool claim) noexcept {
  const auto address = reinterpret_cast<std::uintptr_t>(lock);
  const std::size_t home = home_of(address);
  for (std::size_t probe = 0; probe < kLockCapacity; ++probe) {
    LockRecord& record = g_locks[(home + probe) % kLockCapacity];
    std::uintptr_t found = record.address.load(std::memory_order_acquire);
    if (found == address) return &record;
    if (found != 0) continue;
    if (!claim) return nullptr;
    if (record.address.compare_exchange_strong(found, address, std::memory_order_acq_rel))
      return &record;
    if (found == address) return &record;
  }
  return nullptr;
}

/// The calling thread's innermost measured call, 0 for none.
std::uint32_t innermost_site() noexcept {
  const ThreadState& state = t_thread_state;
  if (state.top == nullptr) return 0;
  const CallNode* node = node_of(state.top->call_edge);
  return node != nullptr ? node->site : 0;
}

void charge_holder(LockRecord& record, std::uint32_t holder, std::uint64_t ticks) noexcept {
  for (HolderSlot& slot : record.holders) {
    std::uint32_t site = slot.site.load(std::memory_order_acquire);
    // A failed claim leaves in `site` what another waiter claimed the slot for.
    if (site == kNoSite &&
        slot.site.compare_exchange_strong(site, holder, std::memory_order_acq_rel))
      site = holder;
    if (site != holder) continue;
    slot.waits.fetch_add(1, std::memory_order_relaxed);
    slot.ticks.fetch_add(ticks, std::memory_order_relaxed);
    return;
  }
  record.other_holder_waits.fetch_add(1, std::memory_order_relaxed);
  record.other_holder_ticks.fetch_add(ticks, std::memory_order_relaxed);
}

}  // namespace

LockRecord* begin_lock_wait(const void* lock, LockKind kind, bool& first) noexcept {
  first = false;
  g_lock_waiters.fetch_add(1, std::memory_order_relaxed);
  LockRecord* record = find_record(lock, true);
  if (record == nullptr) return nullptr;
  // Counted before the wait: a release that comes during it is noted.
  record->waiting.fetch_add(1, std::memory_order_seq_cst);
  if (!record->contended.load(std::memory_order_relaxed) &&
      !record->contended.exchange(true, std::memory_order_acq_rel)) {
    first = true;
    record->kind.store(static_cast<std::uint32_t>(kind), std::memory_order_relaxed);
    record->first_site.store(innermost_site(), std::memory_order_relaxed);
  }
  return record;
}

void set_first_contention_stack(LockRecord* record, const std::uint64_t* addresses,
                                unsigned count) noexcept {
  if (record == nullptr) return;
  count = std::min(count, kLockCallFrames);
  std::copy(addresses, addresses + count, record->first_stack);
  record->first_stack_count.store(count, std::memory_order_release);
}

void end_lock_wait(LockRecord* record, std::uint64_t ticks, bool counted) noexcept {
  g_lock_waiters.fetch_sub(1, std::memory_order_relaxed);
  if (record != nullptr) record->waiting.fetch_sub(1, std::memory_order_relaxed);
  if (!counted) return;
  if (record == nullptr) {
    g_untracked_waits.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  record->waits.fetch_add(1, std::memory_order_relaxed);
  record->ticks.fetch_add(ticks, std::memory_order_relaxed);
  std::uint64_t longest = record->max_ticks.load(std::memory_order_relaxed);
  while (ticks > longest &&
         !record->max_ticks.compare_exchange_weak(longest, ticks, std::memory_order_relaxed)) {
  }
  // The releaser stored the holder before its unlock, which made the lock ours.
  charge_holder(*record, record->holder.load(std::memory_order_acquire), ticks);
}

void note_lock_release(const void* lock) noexcept {
  LockRecord* record = find_record(lock, false);
  if (record == nullptr || record->waiting.load(std::memory_order_seq_cst) == 0) return;
  record->holder.store(innermost_site(), std::memory_order_release);
}

bool set_lock_name(const void* lock, std::string_view name) noexcept {
  LockRecord* record = find_record(lock, true);
  if (record == nullptr) return false;
  auto* copy = static_cast<NameCopy*>(std::malloc(sizeof(NameCopy) + name.size() + 1));
  if (copy == nullptr) return false;
  std::memcpy(copy->text(), name.data(), name.size());
  copy->text()[name.size()] = '\0';
  // Kept in the list of every name, never freed: a report may be reading the name
  // this one replaces.
  copy->next = g_names.load(std::memory_order_relaxed);
  while (!g_names.compare_exchange_weak(copy->next, copy, std::memory_order_release,
                                        std::memory_order_relaxed)) {
  }
  record->name.store(copy->text(), std::memory_order_release);
  return true;
}

std::vector<LockTotals> contended_locks() {
  std::vector<LockTotals> locks;
  for (const LockRecord& record : g_locks) {
    const std::uint64_t waits = record.waits.load(std::memory_order_relaxed);
    if (record.address.load(std::memory_order_acquire) == 0 || waits == 0) continue;
    LockTotals lock;
    lock.address = record.address.load(std::memory_order_relaxed);
    lock.kind = static_cast<LockKind>(record.kind.load(std::memory_order_relaxed));
    if (const char* name = record.name.load(std::memory_order_acquire)) lock.name = name;
    lock.waits = waits;
    lock.ticks = record.ticks.load(std::memory_order_relaxed);
    lock.max_ticks = record.max_ticks.load(std::memory_order_relaxed);
    lock.first_site = record.first_site.load(std::memory_order_relaxed);
    const unsigned frames = record.first_stack_count.load(std::memory_order_acquire);
    lock.first_stack.assign(record.first_stack, record.first_stack + frames);
    for (const HolderSlot& slot : record.holders) {
      const std::uint32_t site = slot.site.load(std::memory_order_acquire);
      const std::uint64_t holder_waits = slot.waits.load(std::memory_order_relaxed);
      if (site == kNoSite || holder_waits == 0) continue;
      lock.holders.push_back({site, holder_waits, slot.ticks.load(std::memory_order_relaxed)});
    }
    if (const std::uint64_t other = record.other_holder_waits.load(std::memory_order_relaxed))
      lock.holders.push_back(
          {kOtherLockHolders, other, record.other_holder_ticks.load(std::memory_order_relaxed)});
    std::sort(
        lock.holders.begin(), lock.holders.end(),
        [](const LockHolderTotals& a, const LockHolderTotals& b) { return a.ticks > b.ticks; });
    locks.push_back(std::move(lock));
  }
  return locks;
}

std::uint64_t untracked_lock_waits() noexcept {
  return g_untracked_waits.load(std::memory_order_relaxed);
}

void install_lock_describer(LockDescriber describer) noexcept {
  g_describer.store(describer, std::memory_order_release);
}

std::vector<LockDescription> describe_locks(const std::vector<LockTotals>& locks) {
  std::vector<LockDescription> descriptions;
  if (const LockDescriber describer = g_describer.load(std::memory_order_acquire))
    describer(locks, descriptions);
  descriptions.resize(locks.size());
  return descriptions;
}

}  // namespace hotpath::detail

namespace hotpath {

void name_lock(const void* lock, const char* name) noexcept {
  // Out of memory for the name, or the table full: the lock keeps its default name.
  if (lock != nullptr && name != nullptr) detail::set_lock_name(lock, name);
}

}  // namespace hotpath
