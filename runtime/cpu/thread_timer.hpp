// The per-thread timers that interrupt a thread after each period of its own CPU
// time. The task-clock software event of perf_event_open is precise (about 990
// signals per CPU second asked at 997 Hz) and needs no privilege beyond the default
// perf_event_paranoid of 2; it delivers its signal to one thread (F_SETOWN_EX).
// The kernel signals every sample when the event has a ring buffer mapped
// read-only (it then overwrites old records and never waits for a reader). The
// signal is a real-time one, and those queue: a thread that blocks it would pile up
// one per sample until the per-user limit of pending signals, and then the kernel
// sends SIGIO instead, which kills by default. So the event may send at most
// kSignalBudget signals, the last one with POLL_HUP, on which the handler re-arms
// it (one ioctl every kSignalBudget samples). When the buffer cannot be mapped (the per-user limit
// of locked perf memory, about 2 pages per thread, is reached), the event is limited
// to one signal and re-armed by the handler with an ioctl, which costs about 6 us
// more per sample. Where the kernel refuses perf events altogether
// (paranoid 3, seccomp), a POSIX timer on the thread's CPU clock is the fallback: it
// fires at most once per kernel tick (250 Hz with CONFIG_HZ=250), so the effective
// rate is reported.
#ifndef HOTPATH_RUNTIME_CPU_THREAD_TIMER_HPP
#define HOTPATH_RUNTIME_CPU_THREAD_TIMER_HPP

#include <sys/types.h>
#include <time.h>

#include <cstdint>

namespace hotpath::cpu {

enum class TimerKind { PerfEvent, PosixCpuTimer };

/// A running sampling timer of one thread.
struct ThreadTimer {
  TimerKind kind = TimerKind::PerfEvent;
  int fd = -1;              ///< PerfEvent: the event
  void* ring = nullptr;     ///< PerfEvent: its ring buffer; null when re-armed by ioctl
  timer_t timer = nullptr;  ///< PosixCpuTimer: the timer
  bool running = false;
};

/// Starts a task-clock event for thread `tid` of this process that sends `signal`
/// to that thread every `period_ns` of its CPU time. Any thread may start it for
/// any other. On failure returns a timer that is not running and sets errno.
ThreadTimer start_perf_timer(pid_t tid, std::uint64_t period_ns, int signal) noexcept;

/// Starts a POSIX timer on the calling thread's CPU clock that sends `signal` to
/// it every `period_ns`. On failure returns a timer that is not running.
ThreadTimer start_posix_timer(pid_t tid, std::uint64_t period_ns, int signal) noexcept;

/// Signals a perf event with a ring buffer may send before the handler re-arms it:
/// at most this many are pending for a thread that blocks the sampling signal.
constexpr int kSignalBudget = 16;

/// Called by the handler after each perf event sample, with the signal's si_fd and
/// si_code: lets the event behind `fd` fire once more when it has no ring buffer,
/// or restarts it with a new budget when it stopped at the end of one (POLL_HUP).
/// Async-signal-safe.
void rearm_perf_event(int fd, int code) noexcept;

/// Makes the perf event behind `fd` send `signal` from now on, and gives it one
/// more budget (a signal sent before may go to the program instead).
bool redirect_perf_event(int fd, int signal) noexcept;

/// Stops and releases a timer; callable from any thread.
void stop_timer(ThreadTimer& timer) noexcept;

/// Releases a forked child's copy of its parent's timer without stopping the
/// parent's: a perf event is shared by both processes' descriptors. (POSIX timers
/// are not inherited.)
void release_inherited_timer(ThreadTimer& timer) noexcept;

/// True when the event behind `fd` is a perf event: a program may have closed it
/// and reused its number, which must then be left alone.
bool is_perf_event_fd(int fd) noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_THREAD_TIMER_HPP
