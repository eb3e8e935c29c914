// Work the runtime does away from the program's threads (writing the report on a
// signal, sampling the threads' CPU time, taking the live server's reports), all on
// one thread the runtime starts for it, "hotpath-worker".
#ifndef HOTPATH_RUNTIME_BACKGROUND_WORK_HPP
#define HOTPATH_RUNTIME_BACKGROUND_WORK_HPP

#include <cstdint>

namespace hotpath::detail {

/// A task of the background thread. Never throws.
using BackgroundTask = void (*)() noexcept;

/// Adds `task`, run every `period_ms` milliseconds (at least 1) and each time the
/// thread is woken (wake_background_work()). Starts the thread.
void add_background_task(BackgroundTask task, std::uint32_t period_ms);

/// Makes every task run now. Async-signal-safe.
void wake_background_work() noexcept;

/// Makes `task`, an added one, run now (the others wait until they are due).
void run_background_task_soon(BackgroundTask task) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_BACKGROUND_WORK_HPP
