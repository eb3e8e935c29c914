// The threads monitor (see the header). CPU percentages are of one core: a thread
// that spins takes 100%, the process may take more in all.
#include "live/threads_monitor.hpp"

#include <dirent.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>

#include "core/registry.hpp"
#include "env_config.hpp"
#include "hotpath/detail/recording.hpp"
#include "own_threads/background_work.hpp"
#include "value_parsers.hpp"

namespace hotpath::detail {
namespace {

constexpr std::uint32_t kDefaultIntervalMs = 250;

using Clock = std::chrono::steady_clock;

struct ThreadHistory {
  std::size_t order = 0;  ///< first sight
  std::string name;
  char state = '?';
  bool exited = false;
  /// Its final figures were taken as it exited: later samples that still find it
  /// (on its way out) leave them.
  bool exit_noted = false;
  std::uint64_t start_ticks = 0;  ///< tells a thread id the kernel gave again
  std::uint64_t last_cpu_ns = 0;
  Clock::time_point first_seen;  ///< when it started
  Clock::time_point last_seen;
  double cpu_percent_max = 0;
};

/// The monitor's state. Built on first use and never destroyed: library
/// constructors (HOTPATH_LIVE, HOTPATH_REPORT) start the monitor before this
/// file's own initializers may have run, and the background thread may sample
/// during exit.
struct MonitorState {
  std::mutex mutex;
  bool running = false;  // guarded by mutex, as the rest
  /// `running`, read without the lock by exiting threads.
  std::atomic<bool> started{false};
  std::uint32_t interval_ms = kDefaultIntervalMs;
  std::map<std::uint64_t, ThreadHistory> threads;
  std::size_t seen = 0;
};

MonitorState& monitor() {
  static MonitorState* const state = new MonitorState;
  return *state;
}

double ns_per_tick() {
  static const double value = 1e9 / static_cast<double>(::sysconf(_SC_CLK_TCK));
  return value;
}

double percent(std::uint64_t cpu_ns, Clock::duration wall) {
  const double wall_ns =
      static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(wall).count());
  return wall_ns <= 0 ? 0 : 100.0 * static_cast<double>(cpu_ns) / wall_ns;
}

/// The CPU time thread `tid` of this process has used, from its CPU clock. The
/// clock's id is the kernel's encoding that pthread_getcpuclockid() uses:
/// (~tid << 3) | CPUCLOCK_PERTHREAD | CPUCLOCK_SCHED. Unlike /proc's schedstat,
/// which the kernel brings up to date for a running thread only now and then (at
/// a tick, when it is switched out), the clock is exact.
std::optional<std::uint64_t> thread_cpu_ns(std::uint64_t tid) {
  constexpr clockid_t kPerThreadSchedClock = 4 | 2;
  const clockid_t clock =
      static_cast<clockid_t>(~static_cast<clockid_t>(tid) * 8) | kPerThreadSchedClock;
  timespec used{};
  if (::clock_gettime(clock, &used) != 0) return std::nullopt;
  return static_cast<std::uint64_t>(used.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(used.tv_nsec);
}

/// A thread's name, state and CPU time: from its stat file, the time in
/// nanoseconds from its CPU clock (or schedstat file) when the kernel has one
/// (stat counts clock ticks, 10 ms each).
std::optional<TaskStat> read_task_stat(std::uint64_t tid, std::uint64_t& cpu_ns) {
  const std::string directory = "/proc/self/task/" + std::to_string(tid);
  std::ifstream file(directory + "/stat");
  std::string line;
  if (!std::getline(file, line)) return std::nullopt;
  std::optional<TaskStat> stat = parse_task_stat(line);
  if (!stat) return std::nullopt;
  if (std::optional<std::uint64_t> clock_ns = thread_cpu_ns(tid)) {
    cpu_ns = *clock_ns;
    return stat;
  }
  std::ifstream schedstat(directory + "/schedstat");
  if (!(schedstat >> cpu_ns))
    cpu_ns = static_cast<std::uint64_t>(static_cast<double>(stat->cpu_ticks) * ns_per_tick());
  return stat;
}

std::uint64_t boot_clock_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_BOOTTIME, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(now.tv_nsec);
}

/// How long ago the thread started.
Clock::duration age_of(const TaskStat& stat, std::uint64_t boot_now_ns) {
  const auto started_ns =
      static_cast<std::uint64_t>(static_cast<double>(stat.start_ticks) * ns_per_tick());
  return std::chrono::nanoseconds(boot_now_ns > started_ns ? boot_now_ns - started_ns : 0);
}

/// The thread ids of the process now.
std::vector<std::uint64_t> task_ids() {
  std::vector<std::uint64_t> ids;
  DIR* directory = ::opendir("/proc/self/task");
  if (directory == nullptr) return ids;
  while (const dirent* entry = ::readdir(directory)) {
    if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9')
      ids.push_back(std::strtoull(entry->d_name, nullptr, 10));
  }
  ::closedir(directory);
  return ids;
}

/// HOTPATH_REPORT naming `threads` starts the monitor with the program, for the
/// report at exit of a program that opens no session. Read without a warning: the
/// report warns about a bad value when it reads it.
__attribute__((constructor)) void start_from_environment() noexcept {
  const char* sections = std::getenv("HOTPATH_REPORT");
  if (sections == nullptr) return;
  const std::optional<ReportSections> parsed = parse_report_sections(sections);
  if (parsed && parsed->threads) start_threads_monitor();
}

}  // namespace

std::optional<TaskStat> parse_task_stat(std::string_view line) {
  // "tid (name) S ppid ...": the name may hold spaces and parentheses, the last ')'
  // ends it. After it, the fields from the 3rd (state) on; utime and stime are the
  // 14th and 15th.
  const std::size_t open = line.find('(');
  const std::size_t close = line.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return std::nullopt;
  TaskStat stat;
  stat.name = std::string(line.substr(open + 1, close - open - 1));
  std::vector<std::string_view> fields;
  std::string_view rest = line.substr(close + 1);
  while (!rest.empty()) {
    const std::size_t start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    const std::size_t end = rest.find(' ');
    fields.push_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
  }
  // Fields 3, 14, 15 and 22.
  constexpr std::size_t kState = 0, kUtime = 11, kStime = 12, kStartTime = 19;
  if (fields.size() <= kStartTime || fields[kState].size() != 1) return std::nullopt;
  stat.state = fields[kState][0];
  std::uint64_t numbers[3] = {};
  const std::size_t indexes[3] = {kUtime, kStime, kStartTime};
  for (int i = 0; i < 3; ++i) {
    const std::string_view field = fields[indexes[i]];
    const auto [end, error] =
        std::from_chars(field.data(), field.data() + field.size(), numbers[i]);
    if (error != std::errc() || end != field.data() + field.size()) return std::nullopt;
  }
  stat.cpu_ticks = numbers[0] + numbers[1];
  stat.start_ticks = numbers[2];
  return stat;
}

const char* thread_status_name(char state) noexcept {
  switch (state) {
    case 'R':
      return "running";
    case 'S':
      return "sleeping";
    case 'D':
      return "disk sleep";
    case 'T':
      return "stopped";
    case 't':
      return "tracing stop";
    case 'Z':
      return "zombie";
    case 'X':
      return "dead";
    case 'I':
      return "idle";
    default:
      return "unknown";
  }
}

namespace {

/// Records what a sample found of thread `tid` at `now` and returns its history;
/// the state's lock is held.
ThreadHistory& record_sighting(MonitorState& state, std::uint64_t tid, const TaskStat& stat,
                               std::uint64_t cpu_ns, Clock::time_point now,
                               std::uint64_t boot_now_ns) {
  auto [entry, inserted] = state.threads.try_emplace(tid);
  ThreadHistory& history = entry->second;
  const bool same_thread = !inserted && history.start_ticks == stat.start_ticks;
  if (same_thread && history.exit_noted) return history;  // exiting: its final figures are in
  if (!same_thread) {
    // New, or a thread id the kernel gave again: counted from its start.
    history = ThreadHistory{};
    history.order = state.seen++;
    history.start_ticks = stat.start_ticks;
    history.last_cpu_ns = cpu_ns;
    history.first_seen = now - age_of(stat, boot_now_ns);
    history.last_seen = now;
    history.cpu_percent_max = percent(cpu_ns, now - history.first_seen);
  } else {
    const std::uint64_t used = cpu_ns > history.last_cpu_ns ? cpu_ns - history.last_cpu_ns : 0;
    history.cpu_percent_max =
        std::max(history.cpu_percent_max, percent(used, now - history.last_seen));
    history.last_cpu_ns = cpu_ns;
    history.last_seen = now;
    history.exited = false;
  }
  history.name = stat.name;
  history.state = stat.state;
  return history;
}

std::uint64_t process_cpu_ns() noexcept {
  timespec now{};
  if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) != 0) return 0;
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(now.tv_nsec);
}

}  // namespace

void sample_threads() noexcept {
  RuntimeScope runtime;
  try {
    const Clock::time_point now = Clock::now();
    const std::uint64_t boot_now_ns = boot_clock_ns();
    std::map<std::uint64_t, std::pair<TaskStat, std::uint64_t>> current;
    for (const std::uint64_t tid : task_ids()) {
      std::uint64_t cpu_ns = 0;
      if (std::optional<TaskStat> stat = read_task_stat(tid, cpu_ns))
        current[tid] = {*stat, cpu_ns};
    }
    MonitorState& state = monitor();
    std::lock_guard<std::mutex> lock(state.mutex);
    for (auto& [tid, history] : state.threads) {
      if (current.count(tid) == 0) history.exited = true;
    }
    for (const auto& [tid, seen] : current)
      record_sighting(state, tid, seen.first, seen.second, now, boot_now_ns);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: the threads monitor failed: %s\n", failure.what());
  }
}

void note_exiting_thread() noexcept {
  MonitorState& state = monitor();
  if (!state.started.load(std::memory_order_acquire)) return;
  RuntimeScope runtime;
  try {
    const Clock::time_point now = Clock::now();
    const std::uint64_t boot_now_ns = boot_clock_ns();
    const auto tid = static_cast<std::uint64_t>(::gettid());
    std::uint64_t cpu_ns = 0;
    const std::optional<TaskStat> stat = read_task_stat(tid, cpu_ns);
    if (!stat) return;
    std::lock_guard<std::mutex> lock(state.mutex);
    ThreadHistory& history = record_sighting(state, tid, *stat, cpu_ns, now, boot_now_ns);
    history.exited = true;
    history.exit_noted = true;
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: the threads monitor failed: %s\n", failure.what());
  }
}

void start_threads_monitor() noexcept {
  MonitorState& state = monitor();
  std::uint32_t interval_ms = 0;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.running) return;
    state.running = true;
    state.started.store(true, std::memory_order_release);
    state.interval_ms = interval_ms = env_threads_interval_ms().value_or(kDefaultIntervalMs);
  }
  set_thread_exit_observer(note_exiting_thread);
  sample_threads();
  try {
    add_background_task(sample_threads, interval_ms);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no threads monitor: %s\n", failure.what());
  }
}

std::optional<std::vector<MonitoredThread>> monitored_threads(std::uint32_t& interval_ms) {
  MonitorState& state = monitor();
  std::lock_guard<std::mutex> lock(state.mutex);
  if (!state.running) return std::nullopt;
  interval_ms = state.interval_ms;
  std::vector<std::pair<std::size_t, MonitoredThread>> ordered;
  for (const auto& [tid, history] : state.threads) {
    MonitoredThread thread;
    thread.tid = tid;
    thread.name = history.name;
    thread.status = history.exited ? "exited" : thread_status_name(history.state);
    thread.cpu_percent_max = history.cpu_percent_max;
    thread.cpu_percent_avg = percent(history.last_cpu_ns, history.last_seen - history.first_seen);
    thread.cpu_ns = history.last_cpu_ns;
    ordered.emplace_back(history.order, std::move(thread));
  }
  std::sort(ordered.begin(), ordered.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<MonitoredThread> threads;
  for (auto& entry : ordered) threads.push_back(std::move(entry.second));
  return threads;
}

std::uint64_t unseen_threads_cpu_ns(const std::vector<MonitoredThread>& threads,
                                    std::uint64_t process_cpu_ns) noexcept {
  std::uint64_t seen_ns = 0;
  for (const MonitoredThread& thread : threads) seen_ns += thread.cpu_ns;
  return process_cpu_ns > seen_ns ? process_cpu_ns - seen_ns : 0;
}

void add_monitored_threads(Report& report) {
  if (!monitor().started.load(std::memory_order_acquire)) return;
  // The process's CPU time first: the threads' figures read after it are larger,
  // so that what is left is never time the live threads used meanwhile.
  const std::uint64_t process_ns = process_cpu_ns();
  sample_threads();
  std::uint32_t interval_ms = 0;
  const std::optional<std::vector<MonitoredThread>> threads = monitored_threads(interval_ms);
  if (!threads) return;
  report.threads_unseen_cpu_ns = unseen_threads_cpu_ns(*threads, process_ns);
  report.threads_monitored = true;
  report.threads_interval_ms = interval_ms;
  const auto main_tid = static_cast<std::uint64_t>(::getpid());
  for (const MonitoredThread& thread : *threads) {
    auto row = std::find_if(report.threads.begin(), report.threads.end(),
                            [&](const ThreadAllocRow& known) { return known.tid == thread.tid; });
    if (row == report.threads.end()) {
      ThreadAllocRow added;
      added.name = thread.tid == main_tid ? "main" : thread.name;
      added.tid = thread.tid;
      row = report.threads.insert(report.threads.end(), std::move(added));
    }
    row->status = thread.status;
    row->cpu_percent_max = thread.cpu_percent_max;
    row->cpu_percent_avg = thread.cpu_percent_avg;
    row->cpu_ns = thread.cpu_ns;
  }
}

}  // namespace hotpath::detail
