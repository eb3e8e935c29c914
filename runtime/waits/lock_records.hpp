// The contended locks, the runtime's side: one record per lock a thread waited for
// (hotpath-wait times the wait), found by the lock's address. A record keeps the
// lock's waits, where it was first contended, and which measured functions held it
// while others waited: a thread that releases a lock some thread is waiting for
// leaves its innermost measured call in the record, and the waiter, once it has the
// lock, charges its wait to that holder (as Go's mutex profile charges contention
// to the unlocker). Nothing here runs unless a lock was held when a thread tried it.
#ifndef HOTPATH_RUNTIME_WAITS_LOCK_RECORDS_HPP
#define HOTPATH_RUNTIME_WAITS_LOCK_RECORDS_HPP

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hotpath/detail/platform.hpp"

namespace hotpath::detail {

/// What kind of lock a record is for.
enum class LockKind : std::uint32_t {
  Mutex = 1,      ///< pthread_mutex_t: std::mutex, std::recursive_mutex, timed ones
  ReadWrite = 2,  ///< pthread_rwlock_t: std::shared_mutex, std::shared_timed_mutex
};

/// Frames of the first contended lock call kept for its source location.
constexpr unsigned kLockCallFrames = 8;

struct LockRecord;

/// Threads now waiting for a lock in a timed wait. The unlock interposers read it
/// first: while it is 0, no release needs to be noted.
extern HOTPATH_API std::atomic<std::uint32_t> g_lock_waiters;

/// A thread is about to wait for `lock`, held by another thread. Returns the
/// lock's record (null when the table is full), and `first` true for the first
/// wait ever recorded on it: the caller then gives its stack to
/// set_first_contention_stack().
HOTPATH_API LockRecord* begin_lock_wait(const void* lock, LockKind kind, bool& first) noexcept;

/// The native stack (innermost first) of the lock call that first waited for the
/// lock of `record`.
HOTPATH_API void set_first_contention_stack(LockRecord* record, const std::uint64_t* addresses,
                                            unsigned count) noexcept;

/// The wait begun by begin_lock_wait() ended after `ticks`. `counted` when it ended
/// in the lock taken or its deadline passed (not in an error): the wait is then
/// charged to the lock's latest holder known. `record` may be null.
HOTPATH_API void end_lock_wait(LockRecord* record, std::uint64_t ticks, bool counted) noexcept;

/// The calling thread releases `lock` while some thread waits for a lock (see
/// g_lock_waiters): if one waits for this one, the releaser's innermost measured
/// call is noted as its holder.
HOTPATH_API HOTPATH_NOINLINE void note_lock_release(const void* lock) noexcept;

/// Gives the lock at `lock` a name (hotpath::name_lock). False when the table of
/// locks is full.
bool set_lock_name(const void* lock, std::string_view name) noexcept;

/// Holder sites that are no measured function: a holder no release told (the wait
/// began as the lock was released, or ended at its deadline), and the holders
/// beyond the few kept per lock.
constexpr std::uint32_t kUnknownLockHolder = 0xfffffffeu;
constexpr std::uint32_t kOtherLockHolders = 0xfffffffdu;

/// A measured function that held a lock while others waited, and their waits.
struct LockHolderTotals {
  std::uint32_t site = 0;  ///< site id of the holder's innermost measured call; 0: none, or
                           ///< kUnknownLockHolder, kOtherLockHolders
  std::uint64_t waits = 0;
  std::uint64_t ticks = 0;
};

/// A plain copy of a contended lock's record.
struct LockTotals {
  std::uintptr_t address = 0;
  LockKind kind = LockKind::Mutex;
  std::string name;  ///< given by name_lock, else empty
  std::uint64_t waits = 0;
  std::uint64_t ticks = 0;
  std::uint64_t max_ticks = 0;
  std::uint32_t first_site = 0;            ///< the first waiter's innermost measured call; 0: none
  std::vector<std::uint64_t> first_stack;  ///< the first contended lock call, innermost first
  std::vector<LockHolderTotals> holders;   ///< most time waited first
};

/// Every lock waited for so far, with its records copied.
std::vector<LockTotals> contended_locks();

/// Locks whose waits found the table full: counted in the wait section, not here.
std::uint64_t untracked_lock_waits() noexcept;

/// What hotpath-wait tells about a lock: a name derived from its address (the
/// variable it is, for a lock with static storage) and where it was first
/// contended (the file and line of the innermost frame in the program's code).
struct LockDescription {
  std::string derived_name;
  std::string location;  ///< "file.cpp:42", empty when unknown
};

/// Describes `locks`, one description each, in their order.
using LockDescriber = void (*)(const std::vector<LockTotals>& locks,
                               std::vector<LockDescription>& descriptions);

/// Called by hotpath-wait when it loads.
HOTPATH_API void install_lock_describer(LockDescriber describer) noexcept;

/// The descriptions of `locks`; empty strings without hotpath-wait's describer.
std::vector<LockDescription> describe_locks(const std::vector<LockTotals>& locks);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_WAITS_LOCK_RECORDS_HPP
