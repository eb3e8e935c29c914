// The threads monitor: every HOTPATH_THREADS_INTERVAL_MS the background thread
// (background_work.hpp) reads /proc/self/task/*/stat and keeps, for each thread of
// the process, its name, state and the CPU time it used: how much of a core it
// took at most over one interval (the first one from its start), and on average
// since it started. It runs only when asked: with the live server, or a report
// whose sections name `threads`. A thread that records measured calls has its
// final figures taken as it exits; the CPU time of other threads that start and
// end between two samples is reported as one sum, and a report takes a sample of
// its own so that its figures are those of the moment.
#ifndef HOTPATH_RUNTIME_THREADS_MONITOR_HPP
#define HOTPATH_RUNTIME_THREADS_MONITOR_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// What /proc/<pid>/task/<tid>/stat says of a thread.
struct TaskStat {
  std::string name;               ///< the kernel's name of the thread ("comm")
  char state = '?';               ///< R, S, D, T, t, Z, X, I...
  std::uint64_t cpu_ticks = 0;    ///< user + system time, in clock ticks
  std::uint64_t start_ticks = 0;  ///< when it started, in clock ticks since boot
};

/// Parses the one line of a task's stat file; nothing when it is not one.
std::optional<TaskStat> parse_task_stat(std::string_view line);

/// A state letter in words: "running", "sleeping", "disk sleep", "stopped",
/// "zombie", "idle"...
const char* thread_status_name(char state) noexcept;

/// A thread as the monitor saw it.
struct MonitoredThread {
  std::uint64_t tid = 0;
  std::string name;
  std::string status;  ///< thread_status_name(), or "exited" once it is gone
  double cpu_percent_max = 0;
  double cpu_percent_avg = 0;  ///< since it started
  std::uint64_t cpu_ns = 0;    ///< CPU time used since it started, as last seen
};

/// Starts the monitor, once: a first sample now, then one every interval.
void start_threads_monitor() noexcept;

/// Takes the calling thread's final figures, as it exits (the registry's exit
/// observer). Does nothing when the monitor does not run.
void note_exiting_thread() noexcept;

/// The threads seen so far, in order of first sight; nothing when the monitor does
/// not run. `interval_ms` gets the sampling interval.
std::optional<std::vector<MonitoredThread>> monitored_threads(std::uint32_t& interval_ms);

/// The CPU time of the process that `threads` do not show (threads that ended
/// between two samples without recording a measured call): the process's CPU time
/// `process_cpu_ns` less that of every thread seen, never below 0.
std::uint64_t unseen_threads_cpu_ns(const std::vector<MonitoredThread>& threads,
                                    std::uint64_t process_cpu_ns) noexcept;

/// When the monitor runs, takes a sample, fills the status and CPU of `report`'s
/// threads (matched by thread id), adds the threads it saw that are not there yet,
/// named by the kernel ("main" for the main thread), and the CPU time of threads
/// never seen.
void add_monitored_threads(Report& report);

/// Takes one sample now (the background task; tests call it to be deterministic).
void sample_threads() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_THREADS_MONITOR_HPP
