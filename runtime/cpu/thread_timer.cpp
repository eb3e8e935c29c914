// Per-thread CPU-time timers: perf_event_open's task clock, or a POSIX CPU timer.
#include "cpu/thread_timer.hpp"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>

namespace hotpath::cpu {
namespace {

// Programs that close "all other" descriptors usually walk the low numbers; moving
// the event high keeps it out of their way and out of select()'s range.
constexpr int kLowestEventFd = 512;

// One metadata page and one page of records: the smallest ring buffer.
constexpr std::size_t kRingPages = 2;

// Events without a ring buffer, by descriptor, for the handler to re-arm.
constexpr int kMaxTrackedFd = 1 << 16;
std::atomic<std::uint64_t> g_rearmed_fds[kMaxTrackedFd / 64];

// Events still in their first period, by descriptor: the handler sets their
// regular period at their first sample.
std::atomic<std::uint64_t> g_first_period_fds[kMaxTrackedFd / 64];
std::atomic<std::uint64_t> g_regular_period_ns{0};

/// Sets or clears `fd`'s bit in `fds`; returns whether it was set.
bool mark(std::atomic<std::uint64_t>* fds, int fd, bool set) noexcept {
  if (fd < 0 || fd >= kMaxTrackedFd) return false;
  const std::uint64_t bit = std::uint64_t{1} << (fd % 64);
  const std::uint64_t before = set ? fds[fd / 64].fetch_or(bit, std::memory_order_acq_rel)
                                   : fds[fd / 64].fetch_and(~bit, std::memory_order_acq_rel);
  return (before & bit) != 0;
}

/// Forgets what the handler knew of the event behind `fd`, which is being closed.
void forget_event(int fd) noexcept {
  mark(g_rearmed_fds, fd, false);
  mark(g_first_period_fds, fd, false);
}

/// True when `fd`'s bit in `fds` is set.
bool is_marked(const std::atomic<std::uint64_t>* fds, int fd) noexcept {
  return fd >= 0 && fd < kMaxTrackedFd &&
         (fds[fd / 64].load(std::memory_order_acquire) & (std::uint64_t{1} << (fd % 64))) != 0;
}

/// A thread's first period: uniform in [1, period_ns]. With a whole first period, a
/// thread that uses T of CPU gets floor(T / period) samples: half a period short
/// on average, which is a sixth of a thread of three periods. With a random phase
/// it gets T / period on average, however short it is.
std::uint64_t random_first_period(std::uint64_t period_ns, pid_t tid) noexcept {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  // splitmix64 of the time and the thread: no state shared between threads.
  std::uint64_t x = static_cast<std::uint64_t>(now.tv_nsec) ^
                    (static_cast<std::uint64_t>(now.tv_sec) << 32) ^
                    (static_cast<std::uint64_t>(tid) * 0x9e3779b97f4a7c15u);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
  x ^= x >> 31;
  return period_ns == 0 ? 0 : 1 + x % period_ns;
}

std::size_t ring_bytes() noexcept {
  return kRingPages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

}  // namespace

ThreadTimer start_perf_timer(pid_t tid, std::uint64_t period_ns, int signal) noexcept {
  ThreadTimer timer;
  timer.kind = TimerKind::PerfEvent;
  perf_event_attr attributes;
  std::memset(&attributes, 0, sizeof attributes);
  attributes.size = sizeof attributes;
  attributes.type = PERF_TYPE_SOFTWARE;
  attributes.config = PERF_COUNT_SW_TASK_CLOCK;
  attributes.sample_period = random_first_period(period_ns, tid);
  attributes.exclude_kernel = 1;  // what perf_event_paranoid 2 allows without privilege
  attributes.exclude_hv = 1;
  attributes.disabled = 1;
  attributes.wakeup_events = 1;  // a signal for every sample
  attributes.sample_type = 0;    // the records are never read
  const long opened =
      ::syscall(SYS_perf_event_open, &attributes, tid, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (opened < 0) return timer;
  int fd = static_cast<int>(opened);
  const int high = ::fcntl(fd, F_DUPFD_CLOEXEC, kLowestEventFd);
  if (high >= 0) {
    ::close(fd);
    fd = high;
  }
  f_owner_ex owner{F_OWNER_TID, tid};
  if (::fcntl(fd, F_SETFL, O_ASYNC) != 0 || ::fcntl(fd, F_SETSIG, signal) != 0 ||
      ::fcntl(fd, F_SETOWN_EX, &owner) != 0) {
    const int saved_errno = errno;
    ::close(fd);
    errno = saved_errno;
    return timer;
  }
  void* ring = ::mmap(nullptr, ring_bytes(), PROT_READ, MAP_SHARED, fd, 0);
  const bool has_ring = ring != MAP_FAILED;
  // Without a ring buffer (or with a descriptor too high to track for the handler),
  // the event stops after each signal until the handler re-arms it.
  const bool trackable = fd < kMaxTrackedFd;
  if (!has_ring) mark(g_rearmed_fds, fd, true);
  // The handler sets the regular period at the first sample; it can only for an
  // event it tracks.
  g_regular_period_ns.store(period_ns, std::memory_order_relaxed);
  if (trackable) {
    mark(g_first_period_fds, fd, true);
  } else {
    ::ioctl(fd, PERF_EVENT_IOC_PERIOD, &period_ns);
  }
  // The first period sends one signal, whose handler sets the regular period and
  // gives the event its budget. The kernel keeps the first period until then: with
  // the budget already given, a short first period (a few microseconds) would queue
  // up to kSignalBudget signals while the thread's first sample is taken (its first
  // unwinding takes 0.01 to 1 ms) or while the thread blocks the signal, all of them
  // then taken at one instruction.
  const int first_budget = trackable ? 1 : kSignalBudget;
  const int started = has_ring    ? ::ioctl(fd, PERF_EVENT_IOC_REFRESH, first_budget)
                      : trackable ? ::ioctl(fd, PERF_EVENT_IOC_REFRESH, 1)
                                  : -1;
  if (started != 0) {
    const int saved_errno = errno;
    if (has_ring) ::munmap(ring, ring_bytes());
    forget_event(fd);
    ::close(fd);
    errno = saved_errno;
    return timer;
  }
  timer.fd = fd;
  timer.ring = has_ring ? ring : nullptr;
  timer.running = true;
  return timer;
}

ThreadTimer start_posix_timer(pid_t tid, std::uint64_t period_ns, int signal) noexcept {
  ThreadTimer timer;
  timer.kind = TimerKind::PosixCpuTimer;
  sigevent event;
  std::memset(&event, 0, sizeof event);
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = signal;
  event._sigev_un._tid = tid;
  if (::timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &timer.timer) != 0) return timer;
  itimerspec interval;
  interval.it_interval.tv_sec = static_cast<time_t>(period_ns / 1000000000u);
  interval.it_interval.tv_nsec = static_cast<long>(period_ns % 1000000000u);
  // A random first period, as for perf events (random_first_period()).
  const std::uint64_t first_ns = random_first_period(period_ns, tid);
  interval.it_value.tv_sec = static_cast<time_t>(first_ns / 1000000000u);
  interval.it_value.tv_nsec = static_cast<long>(first_ns % 1000000000u);
  if (::timer_settime(timer.timer, 0, &interval, nullptr) != 0) {
    const int saved_errno = errno;
    ::timer_delete(timer.timer);
    errno = saved_errno;
    return timer;
  }
  timer.running = true;
  return timer;
}

namespace {

/// True for an event without a ring buffer, limited to one signal at a time.
bool is_rearmed(int fd) noexcept { return is_marked(g_rearmed_fds, fd); }

}  // namespace

void rearm_perf_event(int fd, int code) noexcept {
  // The first sample of a thread ends its random first period.
  if (is_marked(g_first_period_fds, fd) && mark(g_first_period_fds, fd, false)) {
    std::uint64_t period_ns = g_regular_period_ns.load(std::memory_order_relaxed);
    ::ioctl(fd, PERF_EVENT_IOC_PERIOD, &period_ns);
  }
  if (is_rearmed(fd)) {
    ::ioctl(fd, PERF_EVENT_IOC_REFRESH, 1);
  } else if (code == POLL_HUP && fd >= 0) {
    // The last signal of the budget (or the first period's only one): the event
    // stopped, and every signal it sent has been handled. Only here, so that the
    // budget never grows.
    ::ioctl(fd, PERF_EVENT_IOC_REFRESH, kSignalBudget);
  }
}

bool redirect_perf_event(int fd, int signal) noexcept {
  if (!is_perf_event_fd(fd) || ::fcntl(fd, F_SETSIG, signal) != 0) return false;
  // A signal sent before the change that the program's handler gets instead of the
  // sampler's may be the one that re-arms the event: give it one more budget.
  ::ioctl(fd, PERF_EVENT_IOC_REFRESH, is_rearmed(fd) ? 1 : kSignalBudget);
  return true;
}

bool is_perf_event_fd(int fd) noexcept {
  char link[64];
  char target[64];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t length = ::readlink(link, target, sizeof target - 1);
  if (length < 0) return false;
  target[length] = '\0';
  return std::strcmp(target, "anon_inode:[perf_event]") == 0;
}

void release_inherited_timer(ThreadTimer& timer) noexcept {
  if (!timer.running || timer.kind != TimerKind::PerfEvent) return;
  const int saved_errno = errno;
  if (is_perf_event_fd(timer.fd)) {
    forget_event(timer.fd);
    ::close(timer.fd);
  }
  if (timer.ring != nullptr) ::munmap(timer.ring, ring_bytes());
  timer = ThreadTimer();
  errno = saved_errno;
}

void stop_timer(ThreadTimer& timer) noexcept {
  if (!timer.running) return;
  const int saved_errno = errno;
  if (timer.kind == TimerKind::PerfEvent) {
    if (is_perf_event_fd(timer.fd)) {
      ::ioctl(timer.fd, PERF_EVENT_IOC_DISABLE, 0);
      forget_event(timer.fd);
      ::close(timer.fd);
    }
    if (timer.ring != nullptr) ::munmap(timer.ring, ring_bytes());
    timer.fd = -1;
    timer.ring = nullptr;
  } else {
    ::timer_delete(timer.timer);
  }
  timer.running = false;
  errno = saved_errno;
}

}  // namespace hotpath::cpu
