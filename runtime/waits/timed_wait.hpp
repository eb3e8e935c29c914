// What every interposer of hotpath-wait does around the C library's function: a
// cheap test of whether a wait now would be recorded at all, and the timing of
// the call when it would. A call made with no measured call active on its thread,
// or from hotpath's own code, reads no clock and records nothing.
#ifndef HOTPATH_RUNTIME_WAITS_TIMED_WAIT_HPP
#define HOTPATH_RUNTIME_WAITS_TIMED_WAIT_HPP

#include <cerrno>
#include <cstdint>

#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "waits/cpu_switches.hpp"
#include "waits/fd_modes.hpp"
#include "waits/offcpu_stacks.hpp"
#include "waits/wait_recording.hpp"

// The interposers must be found by symbol lookup: the library is built with hidden
// visibility.
#define HOTPATH_WAIT_INTERPOSER extern "C" __attribute__((visibility("default")))

namespace hotpath::waits {

using detail::WaitCause;

/// True when a wait of the calling thread would be recorded now: for a measured
/// call on its stack, or for the off-CPU stacks.
HOTPATH_ALWAYS_INLINE bool recording() noexcept {
  const detail::ThreadState& state = detail::t_thread_state;
  return detail::g_wait_tracking && (state.top != nullptr || g_offcpu_stacks) &&
         state.runtime_depth == 0;
}

/// The start of a call that may wait; record() ends it. errno is the program's:
/// what the C library set is kept across the recording.
class WaitTimer {
 public:
  WaitTimer() noexcept : start_(detail::now_ticks()) {}

  /// Records the wait, which ends now, and returns its ticks. Inlined into the
  /// interposer, which the off-CPU stack then starts with.
  HOTPATH_ALWAYS_INLINE std::uint64_t record(WaitCause cause,
                                             std::uint64_t bytes = 0) const noexcept {
    const std::uint64_t end = detail::now_ticks();
    const std::uint64_t ticks = end > start_ ? end - start_ : 0;
    const int saved_errno = errno;
    detail::record_wait(cause, ticks, bytes);
    if (HOTPATH_UNLIKELY(g_offcpu_stacks)) keep_offcpu_stack(ticks);
    errno = saved_errno;
    return ticks;
  }

 private:
  std::uint64_t start_;
};

/// The bytes a call's `result` stands for: its positive value when it moves bytes.
template <typename Result>
HOTPATH_ALWAYS_INLINE std::uint64_t bytes_of(bool moves_bytes, Result result) noexcept {
  return moves_bytes && result > 0 ? static_cast<std::uint64_t>(result) : 0;
}

/// Runs `call`, a call of the C library that waits whenever it is made (a
/// condition variable, a sleep, a join), timed when a wait would be recorded.
template <typename Call>
HOTPATH_ALWAYS_INLINE auto timed(WaitCause cause, Call call) -> decltype(call()) {
  if (!recording()) return call();
  const WaitTimer timer;
  const auto result = call();
  timer.record(cause);
  return result;
}

/// Runs `call`, a call that waits only sometimes (a read, a poll with a timeout,
/// an fsync): timed when a wait would be recorded, and recorded only when the
/// thread left the CPU during it. A call that did not leave the CPU did not wait.
template <typename Call>
HOTPATH_ALWAYS_INLINE auto timed_if_left_cpu(WaitCause cause, bool moves_bytes, Call call)
    -> decltype(call()) {
  if (!recording()) return call();
  const WaitTimer timer;
  SwitchWatch watch;
  const auto result = call();
  if (watch.left_cpu()) timer.record(cause, bytes_of(moves_bytes, result));
  return result;
}

/// Runs `call`, an I/O call on `fd`. On a descriptor in non-blocking mode it cannot
/// wait: nothing else is done (not even watching for a switch, which costs some
/// kernels several nanoseconds a call; fd_modes.hpp says which mode changes are seen).
template <typename Call>
HOTPATH_ALWAYS_INLINE auto io_call(int fd, bool moves_bytes, Call call) -> decltype(call()) {
  if (!recording() || non_blocking(fd)) return call();
  return timed_if_left_cpu(WaitCause::Io, moves_bytes, call);
}

}  // namespace hotpath::waits

#endif  // HOTPATH_RUNTIME_WAITS_TIMED_WAIT_HPP
