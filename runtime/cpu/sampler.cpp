// The sampler's control (start, per-thread timers, stop, fork) and its signal
// handler. The handler is async-signal-safe: it touches only the interrupted
// thread's own shadow stack and slots, lock-free atomics, and its own chunk of the
// sample log; it never allocates or takes a lock. Everything else (timers, the log,
// the outputs) happens in ordinary code.
//
// Some 600 lines, above the project's 500: the sampler's state (Control, and the
// atomics the handler reads) is shared by the handler and by the start, stop,
// fork, thread-exit and takeover paths, which take the same two locks in the same
// order. It stays in this file's anonymous namespace, out of reach of the rest of
// libhotpath-cpu. What needs none of it is apart: the signal's choice
// (sampling_signal.cpp), the log's metadata (log_metadata.cpp), the timers
// (thread_timer.cpp), the stacks (stack_capture.cpp), the outputs
// (sampler_outputs.cpp).
#include "cpu/sampler.hpp"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#include <ctime>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "cpu/sampler_outputs.hpp"
#include "cpu/sampling_signal.hpp"
#include "cpu/thread_timer.hpp"
#include "env_config.hpp"
#include "hotpath/detail/recording.hpp"
#include "sample_log/log_metadata.hpp"
#include "sample_log/sample_log_writer.hpp"
#include "sample_log/stack_capture.hpp"

namespace hotpath::detail {
// libhotpath's recording state; static TLS, reachable from a signal handler.
extern __thread ThreadState t_thread_state __attribute__((tls_model("initial-exec")));
}  // namespace hotpath::detail

namespace hotpath::cpu {
namespace {

constexpr unsigned kDefaultFrequency = 997;

/// What the environment asked for.
struct Settings {
  unsigned frequency_hz = kDefaultFrequency;
  OutputPaths outputs;      ///< unexpanded (`%p`)
  std::string log_pattern;  ///< HOTPATH_CPU_LOG, unexpanded
  /// The report writes a file with the native stacks (HOTPATH_PPROF,
  /// HOTPATH_SPEEDSCOPE): they are symbolized when sampling stops.
  bool native_samples = false;
  bool children = true;
  bool follow_exec = false;  ///< programs executed keep the preloaded sampler
};

enum class State { Off, Running, Stopped };

struct ArmedThread {
  pid_t tid;
  ThreadTimer timer;
};

/// What the sampler keeps that is not constant-initialized. Made when sampling
/// starts and never destroyed: the library's constructor runs before the static
/// initializers of its other files, and exit handlers use it until the end.
struct Control {
  Settings settings;
  SampleLogWriter log;
  std::vector<ArmedThread> threads;  // under g_threads_mutex
};
Control* g_control = nullptr;

Settings& settings() noexcept { return g_control->settings; }
SampleLogWriter& sample_log() noexcept { return g_control->log; }
std::vector<ArmedThread>& armed_threads() noexcept { return g_control->threads; }
/// The CPU time between two samples of a thread.
std::uint64_t sampling_period_ns() noexcept { return 1000000000u / settings().frequency_hz; }

std::mutex g_control_mutex;  // start, stop, fork, takeover
State g_state = State::Off;
TimerKind g_timer_kind = TimerKind::PerfEvent;
std::uint64_t g_start_cpu_ns = 0;
detail::CpuSamplingTotals g_totals;

// Read by the handler.
std::atomic<bool> g_running{false};
// The signal of the timers; changes when a program takes a perf events' signal over.
std::atomic<int> g_signal{0};
std::atomic<int> g_handlers_running{0};
std::atomic<std::uint64_t> g_samples{0};
std::atomic<std::uint64_t> g_unmeasured_samples{0};
std::atomic<std::uint64_t> g_lost_samples{0};
std::atomic<bool> g_stopped_early{false};
// Set once the log is open: samples keep their native stacks from then on.
std::atomic<bool> g_capture_stacks{false};

std::mutex g_threads_mutex;

pthread_key_t g_thread_exit_key;

__thread pid_t t_tid __attribute__((tls_model("initial-exec")));
__thread std::uint64_t t_sample_sequence __attribute__((tls_model("initial-exec")));

pid_t current_tid() noexcept {
  if (t_tid == 0) t_tid = ::gettid();
  return t_tid;
}

/// Blocks the sampling signal (and the timers' SIGPROF, and `also` when nonzero) on
/// the calling thread for its lifetime.
class SignalBlock {
 public:
  explicit SignalBlock(int also = 0) noexcept {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, kTimerSignal);
    if (const int signal = g_signal.load(); signal != 0) sigaddset(&set, signal);
    if (also != 0) sigaddset(&set, also);
    pthread_sigmask(SIG_BLOCK, &set, &previous_);
  }
  ~SignalBlock() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  /// Blocks `signal` too, until the end.
  void add(int signal) noexcept {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
  }
  SignalBlock(const SignalBlock&) = delete;
  SignalBlock& operator=(const SignalBlock&) = delete;

 private:
  sigset_t previous_;
};

// User and system time together: the kernel measures their sum exactly, while the
// split between them is only estimated at each tick.
std::uint64_t process_cpu_ns() noexcept {
  timespec now;
  if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) != 0) return 0;
  return static_cast<std::uint64_t>(now.tv_sec) * 1000000000u +
         static_cast<std::uint64_t>(now.tv_nsec);
}

// --- in the signal handler ---------------------------------------------------

/// Counts the sample for the measured calls on the thread's shadow stack: self for
/// the innermost, inclusive once for every function on it. False when none is.
bool attribute_to_measured_calls(detail::ThreadState& state, std::uint64_t sample) noexcept {
  const detail::Frame* top = state.top;
  __atomic_signal_fence(__ATOMIC_ACQUIRE);
  if (top == nullptr) return false;
  detail::add_owned(top->slot->cpu_self_samples, 1);
  unsigned visited = 0;
  for (const detail::Frame* frame = top;
       frame != nullptr && visited < detail::kShadowStackWalkLimit;
       frame = frame->parent, ++visited) {
    detail::FunctionSlot& slot = *frame->slot;
    if (slot.cpu_last_sample == sample) continue;  // recursion: counted already
    slot.cpu_last_sample = sample;
    detail::add_owned(slot.cpu_samples, 1);
  }
  return true;
}

void take_sample(const ucontext_t& context) noexcept {
  g_samples.fetch_add(1, std::memory_order_relaxed);
  if (!attribute_to_measured_calls(detail::t_thread_state, ++t_sample_sequence))
    g_unmeasured_samples.fetch_add(1, std::memory_order_relaxed);
  if (!g_capture_stacks.load(std::memory_order_acquire)) return;
  std::uint64_t addresses[kMaxFrames];
  const unsigned count = capture_stack(context, addresses, kMaxFrames);
  if (count == 0 || !sample_log().append_sample(current_tid(), addresses, count))
    g_lost_samples.fetch_add(1, std::memory_order_relaxed);
}

/// True for the signals of our timers: a POSIX timer's, or a perf event's (sent as
/// a poll event with the descriptor in si_fd). Anything else, such as `kill -PROF`,
/// is ignored.
bool from_sampling_timer(const siginfo_t& info) noexcept {
  return info.si_code == SI_TIMER || (info.si_code >= POLL_IN && info.si_code <= POLL_HUP);
}

// --- timers ------------------------------------------------------------------

/// Starts the timer of thread `tid` and lists it. `self` when `tid` is the calling
/// thread (the only one a POSIX CPU timer can be started for).
void arm_thread(pid_t tid, bool self) noexcept {
  ThreadTimer timer;
  const int signal = g_signal.load();
  if (g_timer_kind == TimerKind::PerfEvent) {
    timer = start_perf_timer(tid, sampling_period_ns(), signal);
  } else if (self) {
    timer = start_posix_timer(tid, sampling_period_ns(), signal);
  }
  if (!timer.running) return;
  detail::RuntimeScope runtime;
  std::lock_guard<std::mutex> lock(g_threads_mutex);
  // The signal moved while the timer started: the move did not see this one.
  if (timer.kind == TimerKind::PerfEvent && g_signal.load() != signal)
    redirect_perf_event(timer.fd, g_signal.load());
  try {
    armed_threads().push_back({tid, timer});
  } catch (...) {
    stop_timer(timer);
  }
}

/// Stops and forgets the timer of thread `tid`.
void disarm_thread(pid_t tid) noexcept {
  std::lock_guard<std::mutex> lock(g_threads_mutex);
  for (auto it = armed_threads().begin(); it != armed_threads().end(); ++it) {
    if (it->tid != tid) continue;
    stop_timer(it->timer);
    armed_threads().erase(it);
    return;
  }
}

void disarm_all_threads() noexcept {
  std::lock_guard<std::mutex> lock(g_threads_mutex);
  for (ArmedThread& thread : armed_threads()) stop_timer(thread.timer);
  armed_threads().clear();
}

/// Waits until no handler is between its check of g_running and its end, so that
/// the log can be closed under none.
void wait_for_running_handlers() noexcept {
  while (g_handlers_running.load(std::memory_order_seq_cst) != 0) sched_yield();
}

// --- metadata in the log -------------------------------------------------------

void record_thread_name(pid_t tid, const char* name) noexcept {
  if (!sample_log().is_open()) return;
  sample_log().append_thread_name(current_tid(), tid, name);
}

void record_modules() noexcept {
  if (sample_log().is_open()) append_modules(sample_log(), current_tid());
}

/// Names of the threads still alive (those that ended named themselves).
void record_live_thread_names() noexcept {
  if (!sample_log().is_open()) return;
  std::vector<pid_t> tids;
  {
    std::lock_guard<std::mutex> lock(g_threads_mutex);
    for (const ArmedThread& thread : armed_threads()) tids.push_back(thread.tid);
  }
  append_thread_names(sample_log(), current_tid(), tids);
}

// --- start ---------------------------------------------------------------------

void read_settings() {
  if (auto frequency = detail::env_cpu_frequency()) {
    settings().frequency_hz = *frequency;
  }
  if (auto path = detail::env_flamegraph_path()) settings().outputs.flamegraph = *path;
  if (auto path = detail::env_folded_path()) settings().outputs.folded = *path;
  if (auto path = detail::env_cpu_log_path()) settings().log_pattern = *path;
  settings().native_samples = detail::env_pprof_path() || detail::env_speedscope_path();
  settings().children = detail::env_cpu_children().value_or(true);
  settings().follow_exec = detail::env_cpu_follow_exec().value_or(false);
}

/// Programs the profiled one executes do not inherit the preloaded sampler unless
/// HOTPATH_CPU_FOLLOW_EXEC=1.
void remove_from_preload() {
  const char* preload = std::getenv("LD_PRELOAD");
  if (preload == nullptr) return;
  std::string kept;
  const std::string list = preload;
  std::size_t begin = 0;
  while (begin <= list.size()) {
    std::size_t end = list.find_first_of(": ", begin);
    if (end == std::string::npos) end = list.size();
    const std::string entry = list.substr(begin, end - begin);
    const std::size_t slash = entry.rfind('/');
    const std::string base = slash == std::string::npos ? entry : entry.substr(slash + 1);
    if (!entry.empty() && base.rfind("libhotpath-cpu.so", 0) != 0) {
      if (!kept.empty()) kept += ':';
      kept += entry;
    }
    begin = end + 1;
  }
  if (kept.empty()) {
    ::unsetenv("LD_PRELOAD");
  } else {
    ::setenv("LD_PRELOAD", kept.c_str(), 1);
  }
}

/// Opens the log when stacks are wanted: for the outputs, or because the `hotpath`
/// command asked for a log it reads itself.
bool open_log(pid_t pid) {
  const bool wanted =
      settings().outputs.wanted() || !settings().log_pattern.empty() || settings().native_samples;
  if (!wanted) return true;
  std::string error;
  if (!load_unwinder(error)) {
    std::fprintf(stderr, "hotpath: no flame graph: cannot load libunwind (%s)\n", error.c_str());
    return true;  // the CPU section does not need stacks
  }
  const std::string path =
      detail::expand_path_pattern(settings().log_pattern, pid, std::time(nullptr));
  // A program executed by a sampled one keeps its pid, and so the log's name.
  if (!sample_log().open(path, settings().follow_exec, settings().frequency_hz,
                         sampling_period_ns(), log_program_name(), error)) {
    std::fprintf(stderr, "hotpath: no flame graph: %s\n", error.c_str());
    return true;
  }
  g_capture_stacks.store(true, std::memory_order_release);
  return true;
}

/// Picks the timer kind and the signal by starting the calling thread's timer: a
/// perf event on `perf_signal` (0: none is free), or else a POSIX timer on SIGPROF.
/// The chosen signal is blocked on this thread until `block` ends.
bool arm_first_thread(int perf_signal, SignalBlock& block) noexcept {
  const pid_t tid = current_tid();
  g_timer_kind = TimerKind::PerfEvent;
  ThreadTimer probe;
  std::string why_not_perf = "every real-time signal is in use";
  if (perf_signal != 0 && install_handler(perf_signal)) {
    g_signal.store(perf_signal);
    block.add(perf_signal);
    probe = start_perf_timer(tid, sampling_period_ns(), perf_signal);
    if (!probe.running) {
      why_not_perf =
          std::string("perf_event_open is not permitted here (") + std::strerror(errno) + ")";
      uninstall_handler(perf_signal);
    }
  } else if (perf_signal != 0) {
    why_not_perf = signal_name(perf_signal) + " is in use";
  }
  if (!probe.running) {
    g_signal.store(kTimerSignal);
    if (!install_handler(kTimerSignal)) return false;
    probe = start_posix_timer(tid, sampling_period_ns(), kTimerSignal);
    if (!probe.running) {
      std::fprintf(stderr, "hotpath: CPU sampling is off: %s and timer_create failed (%s)\n",
                   why_not_perf.c_str(), std::strerror(errno));
      return false;
    }
    g_timer_kind = TimerKind::PosixCpuTimer;
    std::fprintf(stderr,
                 "hotpath: %s: sampling with a CPU timer, at most one sample per kernel tick\n",
                 why_not_perf.c_str());
  }
  prepare_thread_unwinding();
  std::lock_guard<std::mutex> lock(g_threads_mutex);
  armed_threads().push_back({tid, probe});
  return true;
}

/// Threads that exist before the sampler starts (created by other libraries'
/// initializers): a perf event can be started for them from here.
void arm_existing_threads() {
  if (g_timer_kind != TimerKind::PerfEvent) return;
  DIR* tasks = ::opendir("/proc/self/task");
  if (tasks == nullptr) return;
  while (const dirent* entry = ::readdir(tasks)) {
    const long tid = std::strtol(entry->d_name, nullptr, 10);
    if (tid > 0 && tid != current_tid()) arm_thread(static_cast<pid_t>(tid), false);
  }
  ::closedir(tasks);
}

/// Starts sampling in this process (`pid`); the control mutex is held.
bool start_locked(pid_t pid) {
  // Chosen before the block, which would make the signal in use now look taken.
  const int perf_signal = choose_perf_signal();
  SignalBlock block;
  open_log(pid);
  g_samples = 0;
  g_unmeasured_samples = 0;
  g_lost_samples = 0;
  g_stopped_early = false;
  g_start_cpu_ns = process_cpu_ns();
  if (!arm_first_thread(perf_signal, block)) {
    sample_log().close();
    g_capture_stacks.store(false);
    return false;
  }
  record_modules();
  g_state = State::Running;
  g_running.store(true, std::memory_order_seq_cst);
  arm_existing_threads();
  return true;
}

// --- stop ------------------------------------------------------------------------

/// Ends sampling; the control mutex is held.
/// What sampling has counted until now.
detail::CpuSamplingTotals totals_now() noexcept {
  detail::CpuSamplingTotals totals;
  totals.timer = g_timer_kind == TimerKind::PerfEvent ? "perf_event" : "cpu-timer";
  totals.frequency_hz = settings().frequency_hz;
  totals.samples = g_samples.load();
  totals.unmeasured_samples = g_unmeasured_samples.load();
  totals.lost_samples = g_lost_samples.load();
  totals.stopped_early = g_stopped_early.load();
  const std::uint64_t cpu_now = process_cpu_ns();
  totals.cpu_ns = cpu_now > g_start_cpu_ns ? cpu_now - g_start_cpu_ns : 0;
  // A POSIX CPU timer fires at most once per kernel tick, whatever was asked.
  totals.period_ns = sampling_period_ns();
  if (g_timer_kind == TimerKind::PosixCpuTimer && totals.samples != 0)
    totals.period_ns = std::max(totals.period_ns, totals.cpu_ns / totals.samples);
  return totals;
}

void stop_locked() noexcept {
  if (g_state != State::Running) return;
  SignalBlock block;
  g_running.store(false, std::memory_order_seq_cst);
  wait_for_running_handlers();
  record_live_thread_names();
  disarm_all_threads();
  g_state = State::Stopped;
  g_totals = totals_now();
  if (sample_log().is_open()) {
    record_modules();  // libraries loaded since the start
    write_outputs(sample_log(), settings().outputs, static_cast<long>(::getpid()));
    if (settings().native_samples) keep_native_samples(sample_log());
    sample_log().close();
  }
  g_capture_stacks.store(false);
}

// --- threads and fork -------------------------------------------------------------

void on_thread_exit(void*) {
  if (g_state != State::Running) return;
  SignalBlock block;
  const pid_t tid = current_tid();
  disarm_thread(tid);
  char name[64] = {};
  if (pthread_getname_np(pthread_self(), name, sizeof name) == 0) record_thread_name(tid, name);
}

void prepare_fork() noexcept {
  g_control_mutex.lock();
  g_threads_mutex.lock();
}

void after_fork_in_parent() noexcept {
  g_threads_mutex.unlock();
  g_control_mutex.unlock();
}

// The child has one thread, this one; the timers it inherited watch its parent's
// threads and its log is its parent's. It drops both, and samples afresh only when
// its outputs cannot overwrite its parent's: every path must name the pid (`%p`).
void after_fork_in_child() noexcept {
  g_threads_mutex.unlock();
  t_tid = 0;
  const bool was_running = g_state == State::Running;
  g_running.store(false, std::memory_order_seq_cst);
  g_handlers_running.store(0);
  for (ArmedThread& thread : armed_threads()) release_inherited_timer(thread.timer);
  armed_threads().clear();
  sample_log().abandon();
  g_capture_stacks.store(false);
  g_state = State::Off;
  const bool own_outputs =
      settings().outputs.all_name_pid() &&
      (settings().log_pattern.empty() || settings().log_pattern.find("%p") != std::string::npos);
  if (was_running && settings().children && own_outputs) start_locked(::getpid());
  g_control_mutex.unlock();
}

}  // namespace

void sampling_signal_handler(int, siginfo_t* info, void* context) noexcept {
  if (info == nullptr || !from_sampling_timer(*info)) return;
  const int saved_errno = errno;
  g_handlers_running.fetch_add(1, std::memory_order_seq_cst);
  if (g_running.load(std::memory_order_seq_cst)) {
    take_sample(*static_cast<const ucontext_t*>(context));
    if (info->si_code != SI_TIMER) rearm_perf_event(info->si_fd, info->si_code);
  }
  g_handlers_running.fetch_sub(1, std::memory_order_seq_cst);
  errno = saved_errno;
}

bool sampling_running() noexcept { return g_running.load(std::memory_order_relaxed); }

int sampling_signal() noexcept { return g_signal.load(std::memory_order_relaxed); }

void start_sampling() noexcept {
  detail::RuntimeScope runtime;
  try {
    if (!detail::env_cpu_enabled().value_or(true)) return;
    std::lock_guard<std::mutex> lock(g_control_mutex);
    if (g_control != nullptr) return;
    g_control = new Control();
    read_settings();
    if (!settings().follow_exec) remove_from_preload();
    pthread_key_create(&g_thread_exit_key, on_thread_exit);
    pthread_atfork(prepare_fork, after_fork_in_parent, after_fork_in_child);
    start_locked(::getpid());
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: CPU sampling is off: %s\n", failure.what());
  }
}

void sample_this_thread() noexcept {
  if (!sampling_running()) return;
  {
    SignalBlock block;
    prepare_thread_unwinding();
    // Any value: the destructor runs at thread exit only for a non-null one.
    pthread_setspecific(g_thread_exit_key, &g_thread_exit_key);
    arm_thread(current_tid(), true);
  }
  // A thread created with every signal blocked, as thread pools (liblzma's, say) do to
  // leave the program's signals to its main thread, would never be sampled. The
  // signal is the sampler's own: unblocking it changes nothing for the program.
  sigset_t sampling;
  sigemptyset(&sampling);
  sigaddset(&sampling, g_signal.load());
  pthread_sigmask(SIG_UNBLOCK, &sampling, nullptr);
}

detail::CpuSamplingTotals stop_sampling() noexcept {
  detail::RuntimeScope runtime;
  std::lock_guard<std::mutex> lock(g_control_mutex);
  stop_locked();
  return g_totals;
}

detail::CpuSamplingTotals sampling_totals() noexcept {
  detail::RuntimeScope runtime;
  std::lock_guard<std::mutex> lock(g_control_mutex);
  return g_state == State::Running ? totals_now() : g_totals;
}

void request_outputs(const char* flamegraph_path, const char* folded_path) noexcept {
  detail::RuntimeScope runtime;
  std::lock_guard<std::mutex> lock(g_control_mutex);
  if (g_state != State::Running) return;
  try {
    // The paths read from the environment at the start take precedence.
    OutputPaths& outputs = settings().outputs;
    if (outputs.flamegraph.empty()) outputs.flamegraph = flamegraph_path;
    if (outputs.folded.empty()) outputs.folded = folded_path;
    if (g_capture_stacks.load()) return;
    SignalBlock block;
    open_log(::getpid());
    record_modules();
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no flame graph: %s\n", failure.what());
  }
}

void yield_sampling_signal(int signal) noexcept {
  detail::RuntimeScope runtime;
  std::lock_guard<std::mutex> lock(g_control_mutex);
  if (g_state != State::Running || signal != g_signal.load()) return;
  SignalBlock block;
  const std::string name = signal_name(signal);
  if (g_timer_kind == TimerKind::PerfEvent) {
    const int next = free_signal_below(signal >= SIGRTMIN ? signal : SIGRTMAX + 1);
    if (next != 0 && install_handler(next)) {
      SignalBlock block_next(next);
      {
        std::lock_guard<std::mutex> threads_lock(g_threads_mutex);
        for (ArmedThread& thread : armed_threads()) redirect_perf_event(thread.timer.fd, next);
        g_signal.store(next);
      }
      std::fprintf(stderr,
                   "hotpath: the program sets its own action for %s, the CPU sampler's signal: "
                   "sampling goes on with %s\n",
                   name.c_str(), signal_name(next).c_str());
      return;
    }
  }
  try {
    // Said now on stderr, and kept in the log for `hotpath flamegraph` to say later.
    const bool perf = g_timer_kind == TimerKind::PerfEvent;
    const std::string taken = " its own action for " + name + ", the CPU sampler's signal";
    std::fprintf(stderr,
                 "hotpath: the program sets%s%s: CPU sampling stops here (the samples taken so "
                 "far are kept)\n",
                 taken.c_str(),
                 perf ? ", and no other real-time signal is free"
                      : " (perf events are not permitted here, and its CPU timers need it)");
    const std::string reason = "the program set" + taken +
                               (perf ? ", and no other real-time signal was free"
                                     : " (perf events are not permitted here)");
    if (sample_log().is_open()) sample_log().append_stopped(current_tid(), reason);
  } catch (...) {
  }
  g_stopped_early = true;
  stop_locked();
}

}  // namespace hotpath::cpu
