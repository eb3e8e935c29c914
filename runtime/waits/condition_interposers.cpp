// Condition variables: pthread_cond_wait and its timed forms, and so
// std::condition_variable and std::condition_variable_any (which waits on one).
// A wait on a condition variable always waits: every call is timed. The wait
// releases its mutex inside the C library, where no unlock interposer sees it: a
// thread waiting for that mutex learns its holder here.
#include <pthread.h>
#include <time.h>

#include "waits/lock_contention.hpp"
#include "waits/real_functions.hpp"
#include "waits/timed_wait.hpp"

namespace hotpath::waits {
namespace {

using WaitFunction = int (*)(pthread_cond_t*, pthread_mutex_t*);
using TimedWaitFunction = int (*)(pthread_cond_t*, pthread_mutex_t*, const timespec*);
using ClockWaitFunction = int (*)(pthread_cond_t*, pthread_mutex_t*, clockid_t, const timespec*);

// glibc keeps the condition variables of before 2.3.2 under the plain name's
// older version; dlsym may find that one.
#if defined(__x86_64__)
constexpr const char* kConditionVersion = "GLIBC_2.3.2";
#else
constexpr const char* kConditionVersion = nullptr;
#endif

RealFunction<WaitFunction> g_cond_wait{"pthread_cond_wait", kConditionVersion};
RealFunction<TimedWaitFunction> g_cond_timedwait{"pthread_cond_timedwait", kConditionVersion};
RealFunction<ClockWaitFunction> g_cond_clockwait{"pthread_cond_clockwait"};

}  // namespace

void resolve_condition_functions() noexcept {
  g_cond_wait.resolve();
  g_cond_timedwait.resolve();
  g_cond_clockwait.resolve();
}

}  // namespace hotpath::waits

using namespace hotpath::waits;

// Not noexcept: these are cancellation points, and a cancelled thread unwinds
// through them.
HOTPATH_WAIT_INTERPOSER int pthread_cond_wait(pthread_cond_t* condition, pthread_mutex_t* mutex) {
  note_release_if_awaited(mutex);
  return timed(WaitCause::Condition, [&] { return g_cond_wait.get()(condition, mutex); });
}

HOTPATH_WAIT_INTERPOSER int pthread_cond_timedwait(pthread_cond_t* condition,
                                                   pthread_mutex_t* mutex,
                                                   const timespec* deadline) {
  note_release_if_awaited(mutex);
  return timed(WaitCause::Condition,
               [&] { return g_cond_timedwait.get()(condition, mutex, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_cond_clockwait(pthread_cond_t* condition,
                                                   pthread_mutex_t* mutex, clockid_t clock,
                                                   const timespec* deadline) {
  note_release_if_awaited(mutex);
  return timed(WaitCause::Condition,
               [&] { return g_cond_clockwait.get()(condition, mutex, clock, deadline); });
}
