// Work the runtime does away from the program's threads (writing the report on a
// signal, sampling the threads' CPU time), all on one thread: the live server's
// when it runs, which does the work between requests; otherwise one the runtime
// starts for it, "hotpath-worker", which ends when the live server takes over.
#ifndef HOTPATH_RUNTIME_BACKGROUND_WORK_HPP
#define HOTPATH_RUNTIME_BACKGROUND_WORK_HPP

#include <cstdint>

namespace hotpath::detail {

/// A task of the background thread. Never throws.
using BackgroundTask = void (*)() noexcept;

/// Adds `task`, run every `period_ms` milliseconds (at least 1) and each time the thread is
/// woken (wake_background_work()). Starts the runtime's thread unless the work
/// has one.
void add_background_task(BackgroundTask task, std::uint32_t period_ms);

/// Wakes the runtime's thread. Async-signal-safe.
void wake_background_work() noexcept;

/// Runs the tasks that are due: called by the thread that does the work.
void run_background_work() noexcept;

/// From now on the live server's thread calls run_background_work(): the
/// runtime's own thread, if running, ends.
void hand_background_work_over() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_BACKGROUND_WORK_HPP
