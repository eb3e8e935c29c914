// Sleeps: nanosleep (std::this_thread::sleep_for and sleep_until), clock_nanosleep,
// usleep and sleep. The C library's sleep and usleep call its own nanosleep
// directly, not this one, so each sleep is recorded once.
#include <time.h>
#include <unistd.h>

#include "waits/real_functions.hpp"
#include "waits/timed_wait.hpp"

namespace hotpath::waits {
namespace {

using NanosleepFunction = int (*)(const timespec*, timespec*);
using ClockNanosleepFunction = int (*)(clockid_t, int, const timespec*, timespec*);
using UsleepFunction = int (*)(useconds_t);
using SleepFunction = unsigned (*)(unsigned);

RealFunction<NanosleepFunction> g_nanosleep{"nanosleep"};
RealFunction<ClockNanosleepFunction> g_clock_nanosleep{"clock_nanosleep"};
RealFunction<UsleepFunction> g_usleep{"usleep"};
RealFunction<SleepFunction> g_sleep{"sleep"};

}  // namespace

void resolve_sleep_functions() noexcept {
  g_nanosleep.resolve();
  g_clock_nanosleep.resolve();
  g_usleep.resolve();
  g_sleep.resolve();
}

}  // namespace hotpath::waits

using namespace hotpath::waits;

HOTPATH_WAIT_INTERPOSER int nanosleep(const timespec* duration, timespec* remaining) {
  return timed(WaitCause::Sleep, [&] { return g_nanosleep.get()(duration, remaining); });
}

HOTPATH_WAIT_INTERPOSER int clock_nanosleep(clockid_t clock, int flags, const timespec* time,
                                            timespec* remaining) {
  return timed(WaitCause::Sleep,
               [&] { return g_clock_nanosleep.get()(clock, flags, time, remaining); });
}

HOTPATH_WAIT_INTERPOSER int usleep(useconds_t microseconds) {
  return timed(WaitCause::Sleep, [&] { return g_usleep.get()(microseconds); });
}

HOTPATH_WAIT_INTERPOSER unsigned sleep(unsigned seconds) {
  return timed(WaitCause::Sleep, [&] { return g_sleep.get()(seconds); });
}
