// Locks: pthread mutexes and read-write locks, and so std::mutex, std::timed_mutex,
// std::recursive_mutex, std::shared_mutex and std::shared_timed_mutex. A lock is
// first tried without waiting: taken at once, it costs the try and nothing else
// (no clock read). Only when it is held does the thread read the clock, wait in the
// C library's own function, and record the wait, for its measured calls and in the
// lock's record (lock_records.hpp). An unlock reads one shared counter: while no
// thread waits for any lock, that is all it adds.
#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "waits/lock_contention.hpp"
#include "waits/real_functions.hpp"
#include "waits/timed_wait.hpp"

namespace hotpath::waits {
namespace {

using MutexFunction = int (*)(pthread_mutex_t*);
using MutexTimedFunction = int (*)(pthread_mutex_t*, const timespec*);
using MutexClockFunction = int (*)(pthread_mutex_t*, clockid_t, const timespec*);
using RwlockFunction = int (*)(pthread_rwlock_t*);
using RwlockTimedFunction = int (*)(pthread_rwlock_t*, const timespec*);
using RwlockClockFunction = int (*)(pthread_rwlock_t*, clockid_t, const timespec*);

RealFunction<MutexFunction> g_mutex_lock{"pthread_mutex_lock"};
RealFunction<MutexFunction> g_mutex_unlock{"pthread_mutex_unlock"};
RealFunction<MutexFunction> g_mutex_trylock{"pthread_mutex_trylock"};
RealFunction<MutexTimedFunction> g_mutex_timedlock{"pthread_mutex_timedlock"};
RealFunction<MutexClockFunction> g_mutex_clocklock{"pthread_mutex_clocklock"};
RealFunction<RwlockFunction> g_rwlock_rdlock{"pthread_rwlock_rdlock"};
RealFunction<RwlockFunction> g_rwlock_unlock{"pthread_rwlock_unlock"};
RealFunction<RwlockFunction> g_rwlock_tryrdlock{"pthread_rwlock_tryrdlock"};
RealFunction<RwlockFunction> g_rwlock_wrlock{"pthread_rwlock_wrlock"};
RealFunction<RwlockFunction> g_rwlock_trywrlock{"pthread_rwlock_trywrlock"};
RealFunction<RwlockTimedFunction> g_rwlock_timedrdlock{"pthread_rwlock_timedrdlock"};
RealFunction<RwlockTimedFunction> g_rwlock_timedwrlock{"pthread_rwlock_timedwrlock"};
RealFunction<RwlockClockFunction> g_rwlock_clockrdlock{"pthread_rwlock_clockrdlock"};
RealFunction<RwlockClockFunction> g_rwlock_clockwrlock{"pthread_rwlock_clockwrlock"};

/// Takes a lock: `try_lock()` first, and when the lock is held (EBUSY), `lock()`,
/// timed. Any other result of the try is the call's (a robust mutex whose owner
/// died is taken with EOWNERDEAD, a recursive one may be at its count's limit).
/// A wait ends in the lock taken or the deadline passed; both are recorded.
template <typename Try, typename Lock>
HOTPATH_ALWAYS_INLINE int take(const void* address, LockKind kind, Try try_lock, Lock lock) {
  if (!recording()) return lock();
  const int tried = try_lock();
  if (tried != EBUSY) return tried;
  const LockWait wait(address, kind);
  const WaitTimer timer;
  const int result = lock();
  const bool counted = result == 0 || result == ETIMEDOUT;
  wait.end(counted ? timer.record(WaitCause::Lock) : 0, counted);
  return result;
}

/// Runs `unlock`, a release of the lock at `address`.
template <typename Unlock>
HOTPATH_ALWAYS_INLINE int release(const void* address, Unlock unlock) {
  note_release_if_awaited(address);
  return unlock();
}

}  // namespace

void resolve_lock_functions() noexcept {
  g_mutex_lock.resolve();
  g_mutex_unlock.resolve();
  g_mutex_trylock.resolve();
  g_mutex_timedlock.resolve();
  g_mutex_clocklock.resolve();
  g_rwlock_rdlock.resolve();
  g_rwlock_unlock.resolve();
  g_rwlock_tryrdlock.resolve();
  g_rwlock_wrlock.resolve();
  g_rwlock_trywrlock.resolve();
  g_rwlock_timedrdlock.resolve();
  g_rwlock_timedwrlock.resolve();
  g_rwlock_clockrdlock.resolve();
  g_rwlock_clockwrlock.resolve();
}

}  // namespace hotpath::waits

using namespace hotpath::waits;

HOTPATH_WAIT_INTERPOSER int pthread_mutex_lock(pthread_mutex_t* mutex) noexcept {
  return take(
      mutex, LockKind::Mutex, [&] { return g_mutex_trylock.get()(mutex); },
      [&] { return g_mutex_lock.get()(mutex); });
}

HOTPATH_WAIT_INTERPOSER int pthread_mutex_timedlock(pthread_mutex_t* mutex,
                                                    const timespec* deadline) noexcept {
  return take(
      mutex, LockKind::Mutex, [&] { return g_mutex_trylock.get()(mutex); },
      [&] { return g_mutex_timedlock.get()(mutex, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_mutex_clocklock(pthread_mutex_t* mutex, clockid_t clock,
                                                    const timespec* deadline) noexcept {
  return take(
      mutex, LockKind::Mutex, [&] { return g_mutex_trylock.get()(mutex); },
      [&] { return g_mutex_clocklock.get()(mutex, clock, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_rwlock_rdlock(pthread_rwlock_t* lock) noexcept {
  return take(
      lock, LockKind::ReadWrite, [&] { return g_rwlock_tryrdlock.get()(lock); },
      [&] { return g_rwlock_rdlock.get()(lock); });
}

HOTPATH_WAIT_INTERPOSER int pthread_rwlock_wrlock(pthread_rwlock_t* lock) noexcept {
  return take(
      lock, LockKind::ReadWrite, [&] { return g_rwlock_trywrlock.get()(lock); },
      [&] { return g_rwlock_wrlock.get()(lock); });
}

HOTPATH_WAIT_INTERPOSER int pthread_rwlock_timedrdlock(pthread_rwlock_t* lock,
                                                       const timespec* deadline) noexcept {
  return take(
      lock, LockKind::ReadWrite, [&] { return g_rwlock_tryrdlock.get()(lock); },
      [&] { return g_rwlock_timedrdlock.get()(lock, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_rwlock_timedwrlock(pthread_rwlock_t* lock,
                                                       const timespec* deadline) noexcept {
  return take(
      lock, LockKind::ReadWrite, [&] { return g_rwlock_trywrlock.get()(lock); },
      [&] { return g_rwlock_timedwrlock.get()(lock, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_rwlock_clockrdlock(pthread_rwlock_t* lock, clockid_t clock,
                                                       const timespec* deadline) noexcept {
  return take(
      lock, LockKind::ReadWrite, [&] { return g_rwlock_tryrdlock.get()(lock); },
      [&] { return g_rwlock_clockrdlock.get()(lock, clock, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_rwlock_clockwrlock(pthread_rwlock_t* lock, clockid_t clock,
                                                       const timespec* deadline) noexcept {
  return take(
      lock, LockKind::ReadWrite, [&] { return g_rwlock_trywrlock.get()(lock); },
      [&] { return g_rwlock_clockwrlock.get()(lock, clock, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_mutex_unlock(pthread_mutex_t* mutex) noexcept {
  return release(mutex, [&] { return g_mutex_unlock.get()(mutex); });
}

HOTPATH_WAIT_INTERPOSER int pthread_rwlock_unlock(pthread_rwlock_t* lock) noexcept {
  return release(lock, [&] { return g_rwlock_unlock.get()(lock); });
}
