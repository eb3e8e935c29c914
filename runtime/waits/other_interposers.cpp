// Other waits: thread joins (std::thread::join), POSIX semaphores, and futex waits
// made through syscall() (std::atomic::wait, std::counting_semaphore, std::latch
// and std::barrier in libstdc++).
#include <linux/futex.h>
#include <pthread.h>
#include <semaphore.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cstdarg>

#include "waits/real_functions.hpp"
#include "waits/timed_wait.hpp"

namespace hotpath::waits {
namespace {

RealFunction<int (*)(pthread_t, void**)> g_join{"pthread_join"};
RealFunction<int (*)(pthread_t, void**, const timespec*)> g_timedjoin{"pthread_timedjoin_np"};
RealFunction<int (*)(pthread_t, void**, clockid_t, const timespec*)> g_clockjoin{
    "pthread_clockjoin_np"};
RealFunction<int (*)(sem_t*)> g_sem_wait{"sem_wait"};
RealFunction<int (*)(sem_t*, const timespec*)> g_sem_timedwait{"sem_timedwait"};
RealFunction<int (*)(sem_t*, clockid_t, const timespec*)> g_sem_clockwait{"sem_clockwait"};
RealFunction<long (*)(long, ...)> g_syscall{"syscall"};

/// True for the futex operations that wait for a value to change.
bool futex_wait(long operation) noexcept {
  const long command = operation & FUTEX_CMD_MASK;
  return command == FUTEX_WAIT || command == FUTEX_WAIT_BITSET;
}

}  // namespace

void resolve_other_functions() noexcept {
  g_join.resolve();
  g_timedjoin.resolve();
  g_clockjoin.resolve();
  g_sem_wait.resolve();
  g_sem_timedwait.resolve();
  g_sem_clockwait.resolve();
  g_syscall.resolve();
}

}  // namespace hotpath::waits

using namespace hotpath::waits;

HOTPATH_WAIT_INTERPOSER int pthread_join(pthread_t thread, void** result) {
  return timed(WaitCause::Other, [&] { return g_join.get()(thread, result); });
}

HOTPATH_WAIT_INTERPOSER int pthread_timedjoin_np(pthread_t thread, void** result,
                                                 const timespec* deadline) {
  return timed(WaitCause::Other, [&] { return g_timedjoin.get()(thread, result, deadline); });
}

HOTPATH_WAIT_INTERPOSER int pthread_clockjoin_np(pthread_t thread, void** result, clockid_t clock,
                                                 const timespec* deadline) {
  return timed(WaitCause::Other,
               [&] { return g_clockjoin.get()(thread, result, clock, deadline); });
}

HOTPATH_WAIT_INTERPOSER int sem_wait(sem_t* semaphore) {
  return timed(WaitCause::Other, [&] { return g_sem_wait.get()(semaphore); });
}

HOTPATH_WAIT_INTERPOSER int sem_timedwait(sem_t* semaphore, const timespec* deadline) {
  return timed(WaitCause::Other, [&] { return g_sem_timedwait.get()(semaphore, deadline); });
}

HOTPATH_WAIT_INTERPOSER int sem_clockwait(sem_t* semaphore, clockid_t clock,
                                          const timespec* deadline) {
  return timed(WaitCause::Other, [&] { return g_sem_clockwait.get()(semaphore, clock, deadline); });
}

// syscall() takes up to six arguments, passed in registers: all six are read and
// handed on, as the C library's own syscall() reads them, whatever the call uses.
HOTPATH_WAIT_INTERPOSER long syscall(long number, ...) noexcept {
  va_list list;
  va_start(list, number);
  long arguments[6];
  for (long& argument : arguments) argument = va_arg(list, long);
  va_end(list);
  const auto call = [&] {
    return g_syscall.get()(number, arguments[0], arguments[1], arguments[2], arguments[3],
                           arguments[4], arguments[5]);
  };
  if (number == SYS_futex && futex_wait(arguments[1])) return timed(WaitCause::Other, call);
  return call();
}
