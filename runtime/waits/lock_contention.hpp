// hotpath-wait's side of the locks table: a wait for a held lock is counted in the
// lock's record from its start to its end, and a release while some thread waits
// for a lock tells the record who held it (lock_records.hpp).
#ifndef HOTPATH_RUNTIME_WAITS_LOCK_CONTENTION_HPP
#define HOTPATH_RUNTIME_WAITS_LOCK_CONTENTION_HPP

#include <atomic>
#include <cstdint>

#include "hotpath/detail/platform.hpp"
#include "waits/lock_records.hpp"

namespace hotpath::waits {

using detail::LockKind;

/// Keeps the native stack of the lock call being made (the interposer's caller
/// and its callers) as where the lock of `record` was first contended.
HOTPATH_NOINLINE void keep_first_contention(detail::LockRecord* record) noexcept;

/// A wait for a lock held by another thread, counted in the lock's record from
/// its construction (a release meanwhile then names the holder) to end().
class LockWait {
 public:
  LockWait(const void* lock, LockKind kind) noexcept {
    bool first = false;
    record_ = detail::begin_lock_wait(lock, kind, first);
    if (HOTPATH_UNLIKELY(first)) keep_first_contention(record_);
  }
  LockWait(const LockWait&) = delete;
  LockWait& operator=(const LockWait&) = delete;

  /// The wait took `ticks`; `counted` unless it ended in an error.
  void end(std::uint64_t ticks, bool counted) const noexcept {
    detail::end_lock_wait(record_, ticks, counted);
  }

 private:
  detail::LockRecord* record_;
};

/// Before the lock at `lock` is released: one load while no thread waits for any
/// lock.
HOTPATH_ALWAYS_INLINE void note_release_if_awaited(const void* lock) noexcept {
  if (HOTPATH_UNLIKELY(detail::g_lock_waiters.load(std::memory_order_relaxed) != 0))
    detail::note_lock_release(lock);
}

/// Called once when the library loads: the report's locks table gets names and
/// source locations from here.
void install_lock_descriptions() noexcept;

}  // namespace hotpath::waits

#endif  // HOTPATH_RUNTIME_WAITS_LOCK_CONTENTION_HPP
