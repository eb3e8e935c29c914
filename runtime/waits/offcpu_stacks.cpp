// The off-CPU stacks' log and outputs. A wait's time is converted to nanoseconds
// where it ends: the cycle counter's rate is measured from the library's load to
// that moment, one clock read added to a wait that is already long (the stack's
// capture costs microseconds).
#include "waits/offcpu_stacks.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "env_config.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "sample_log/log_metadata.hpp"
#include "sample_log/log_outputs.hpp"
#include "sample_log/sample_log_writer.hpp"
#include "sample_log/stack_capture.hpp"

namespace hotpath::waits {

bool g_offcpu_stacks = false;

namespace {

/// Frames between capture_own_stack()'s caller and the interposer:
/// keep_offcpu_stack() itself.
constexpr unsigned kOwnFrames = 1;

struct OffCpuSettings {
  cpu::OutputPaths outputs;
  std::string log_pattern;
  std::uint64_t min_ns = 10'000;
};

OffCpuSettings& settings() {
  static OffCpuSettings* settings = new OffCpuSettings();
  return *settings;
}

cpu::SampleLogWriter& offcpu_log() {
  static cpu::SampleLogWriter* log = new cpu::SampleLogWriter();
  return *log;
}

/// The clocks when the library loaded, to measure the cycle counter's rate.
std::uint64_t g_origin_ticks = 0;
std::uint64_t g_origin_ns = 0;
std::atomic<std::uint64_t> g_lost{0};

__thread pid_t t_tid __attribute__((tls_model("initial-exec")));

std::uint64_t ticks_to_ns(std::uint64_t ticks) noexcept {
  if (!detail::g_cycle_counter_ticks) return ticks;
  const std::uint64_t span_ticks = detail::now_ticks() - g_origin_ticks;
  const std::uint64_t span_ns = detail::monotonic_ns() - g_origin_ns;
  if (span_ticks == 0) return ticks;
  return static_cast<std::uint64_t>(static_cast<double>(ticks) * static_cast<double>(span_ns) /
                                    static_cast<double>(span_ticks));
}

/// The calling thread's id; its name goes to the log with its first stack.
pid_t this_thread() noexcept {
  if (t_tid != 0) return t_tid;
  t_tid = ::gettid();
  char name[64] = {};
  if (::pthread_getname_np(::pthread_self(), name, sizeof name) == 0 && name[0] != '\0')
    offcpu_log().append_thread_name(t_tid, t_tid, name);
  return t_tid;
}

std::vector<pid_t> live_threads() {
  std::vector<pid_t> tids;
  if (DIR* tasks = ::opendir("/proc/self/task")) {
    while (const dirent* entry = ::readdir(tasks)) {
      const long tid = std::strtol(entry->d_name, nullptr, 10);
      if (tid > 0) tids.push_back(static_cast<pid_t>(tid));
    }
    ::closedir(tasks);
  }
  return tids;
}

flamegraph::Options offcpu_graph(const cpu::SampleLog& log, const flamegraph::FoldedStacks& stacks,
                                 long pid) {
  flamegraph::Options options;
  options.title = "Off-CPU Flame Graph";
  options.subtitle = fmt::format("{} (pid {}): {:.3f} s blocked in {} waits of {} us or more",
                                 log.program, pid, static_cast<double>(stacks.total()) / 1e6,
                                 log.stacks.size(), settings().min_ns / 1000);
  options.count_name = "us";
  options.palette = flamegraph::Palette::Io;
  options.deterministic = true;
  return options;
}

/// Writes the outputs at exit, after the program's last wait that counts.
void stop_offcpu_stacks() noexcept {
  if (!g_offcpu_stacks) return;
  g_offcpu_stacks = false;
  detail::RuntimeScope runtime;
  try {
    const pid_t writer = this_thread();
    cpu::append_modules(offcpu_log(), writer);
    cpu::append_thread_names(offcpu_log(), writer, live_threads());
    if (const std::uint64_t lost = g_lost.load())
      std::fprintf(stderr, "hotpath: %llu off-CPU stacks could not be kept (the log is full)\n",
                   static_cast<unsigned long long>(lost));
    cpu::write_log_outputs(offcpu_log().data(), offcpu_log().size(), settings().outputs,
                           static_cast<long>(::getpid()), {cpu::in_microseconds, offcpu_graph});
    offcpu_log().close();
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no off-CPU flame graph: %s\n", failure.what());
  }
}

/// A forked child keeps no stacks: its copy of the log is its parent's.
void stop_in_child() noexcept {
  if (!g_offcpu_stacks) return;
  g_offcpu_stacks = false;
  t_tid = 0;
  offcpu_log().abandon();
}

}  // namespace

void keep_offcpu_stack(std::uint64_t ticks) noexcept {
  const std::uint64_t ns = ticks_to_ns(ticks);
  if (ns < settings().min_ns || ns == 0) return;
  const int saved_errno = errno;
  detail::RuntimeScope runtime;
  std::uint64_t addresses[cpu::kMaxFrames];
  const unsigned count = cpu::capture_own_stack(addresses, cpu::kMaxFrames, kOwnFrames);
  if (count != 0) {
    // The interposer's entry rather than an address inside it: the frame is the
    // C library function's name, whatever the interposer inlined.
    Dl_info info;
    if (::dladdr(reinterpret_cast<void*>(addresses[0]), &info) != 0 && info.dli_saddr != nullptr)
      addresses[0] = reinterpret_cast<std::uint64_t>(info.dli_saddr);
    if (!offcpu_log().append_weighted_sample(this_thread(), ns, addresses, count))
      g_lost.fetch_add(1, std::memory_order_relaxed);
  }
  errno = saved_errno;
}

void start_offcpu_stacks() noexcept {
  detail::RuntimeScope runtime;
  try {
    OffCpuSettings& wanted = settings();
    if (auto path = detail::env_offcpu_flamegraph_path()) wanted.outputs.flamegraph = *path;
    if (auto path = detail::env_offcpu_folded_path()) wanted.outputs.folded = *path;
    if (auto path = detail::env_offcpu_log_path()) wanted.log_pattern = *path;
    if (auto min_us = detail::env_offcpu_min_us()) wanted.min_ns = std::uint64_t{*min_us} * 1000;
    if (!wanted.outputs.wanted() && wanted.log_pattern.empty()) return;
    std::string error;
    if (!cpu::load_unwinder(error)) {
      std::fprintf(stderr, "hotpath: no off-CPU flame graph: cannot load libunwind (%s)\n",
                   error.c_str());
      return;
    }
    const std::string path =
        detail::expand_path_pattern(wanted.log_pattern, ::getpid(), std::time(nullptr));
    // A program executed by another keeps its pid, and so the log's name.
    if (!offcpu_log().open(path, true, 0, 0, cpu::log_program_name(), error)) {
      std::fprintf(stderr, "hotpath: no off-CPU flame graph: %s\n", error.c_str());
      return;
    }
    g_origin_ticks = detail::now_ticks();
    g_origin_ns = detail::monotonic_ns();
    ::pthread_atfork(nullptr, nullptr, stop_in_child);
    // Registered after libhotpath's report at exit, so it runs first: the report's
    // own waits are not the program's.
    std::atexit([] { stop_offcpu_stacks(); });
    g_offcpu_stacks = true;
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no off-CPU flame graph: %s\n", failure.what());
  }
}

}  // namespace hotpath::waits
