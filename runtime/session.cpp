// GuardBuilder, SessionGuard and the report at exit. At most one session is
// alive; it measures its own row (its wall time) and reports when it ends. When a
// program measured functions but never opened a session, or exits while one is
// still open (exit() from main), the report is made at exit instead: nothing
// measured is lost.
#include "session.hpp"

#include <errno.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <utility>

#include "adaptive_timing.hpp"
#include "alloc_recording.hpp"
#include "call_log.hpp"
#include "clock_calibration.hpp"
#include "cpu_recording.hpp"
#include "env_config.hpp"
#include "hotpath/scope_guard.hpp"
#include "live_loading.hpp"
#include "output_file.hpp"
#include "overhead_calibration.hpp"
#include "own_thread.hpp"
#include "registry.hpp"
#include "report_builder.hpp"
#include "threads_monitor.hpp"
#include "trace_output.hpp"
#include "value_parsers.hpp"
#include "wall_outputs.hpp"

namespace hotpath {

struct GuardBuilder::Options {
  detail::SessionSettings settings;
};

/// An open session. Its frame sits on the shadow stack of the thread that built
/// it, so that the session's own row gets exclusive time like any function.
struct SessionGuard::State {
  detail::SessionSettings settings;
  /// The session row's site, named by `settings.name`. The registry keeps its own
  /// copy, so it lives only as long as the session.
  std::unique_ptr<Site> site;
  detail::Frame frame{};
  detail::ThreadState* owner = nullptr;  // null when the frame is not on a stack
  std::uint64_t start_ticks = 0;
  bool finished = false;
  /// Everything recorded when the session opened: its report leaves it out (in a
  /// child forked since, whose counts start from zero at the fork, nothing is).
  detail::RegistrySnapshot baseline;

  /// Records the session row and produces the report, once. Returns false when
  /// the frame is still linked on another thread's stack (the State must then
  /// outlive this call: the owner may still touch it).
  bool finish_once() noexcept;
};

namespace detail {
namespace {

std::mutex g_session_mutex;
SessionGuard::State* g_active_session = nullptr;
bool g_session_ever_opened = false;
bool g_exit_report_enabled = true;
// Sessions finished on a thread other than the one whose shadow stack still links
// their frame: kept (reachable) for the rest of the process.
std::vector<std::unique_ptr<SessionGuard::State>> g_orphaned_sessions;

/// Unlinks `frame` from the calling thread's shadow stack if it is there.
bool unlink_from_own_stack(Frame& frame) noexcept {
  ThreadState& thread = t_thread_state;
  if (thread.top == &frame) {
    thread.top = frame.parent;
    return true;
  }
  unsigned visited = 0;
  for (Frame* above = thread.top; above != nullptr && visited < kShadowStackWalkLimit;
       above = above->parent, ++visited) {
    if (above->parent == &frame) {
      above->parent = frame.parent;
      return true;
    }
  }
  return false;
}

std::string program_name() {
  const char* name = ::program_invocation_short_name;  // glibc, from <errno.h>
  return name != nullptr && *name != '\0' ? name : "main";
}

std::unique_ptr<Reporter> builtin_reporter(Format format) {
  switch (format) {
    case Format::Table:
      return std::make_unique<TableReporter>();
    case Format::Json:
      return std::make_unique<JsonReporter>(false);
    case Format::JsonPretty:
      return std::make_unique<JsonReporter>(true);
    case Format::None:
      break;
  }
  return nullptr;
}

/// The reporter `settings` ask for: the session's own, or the built-in one of their
/// format, made in `builtin`; null for Format::None.
Reporter* reporter_of(const SessionSettings& settings, std::unique_ptr<Reporter>& builtin) {
  if (settings.custom_reporter) return settings.custom_reporter.get();
  builtin = builtin_reporter(settings.format);
  return builtin.get();
}

/// Where the report goes: the path with its placeholders filled in. In a forked
/// child, a path that does not name its pid gets `.<pid>`, so that the child's
/// report never replaces its parent's (a FIFO or a device is shared as it is).
std::string report_path(const std::string& pattern) {
  std::string path =
      expand_path_pattern(pattern, ::getpid(), static_cast<long long>(std::time(nullptr)));
  if (Registry::instance().in_forked_child() && pattern.find("%p") == std::string::npos &&
      !names_special_file(path))
    path += "." + std::to_string(::getpid());
  return path;
}

void report_at_exit() noexcept {
  RuntimeScope runtime;
  std::unique_lock<std::mutex> lock(g_session_mutex);
  if (g_active_session != nullptr) {
    SessionGuard::State* session = g_active_session;
    lock.unlock();
    session->finish_once();
    return;
  }
  if (g_session_ever_opened || !g_exit_report_enabled) return;
  Registry& registry = Registry::instance();
  if (registry.site_count() == 0) return;
  // A forked child reports its own calls, if it made any: one that only runs
  // another program, or exits at once, says nothing.
  if (registry.in_forked_child() && !registry.recorded_any_call()) return;
  SessionSettings settings;
  settings.name = program_name();
  apply_environment(settings);
  produce_report(settings, now_ticks() - registry.counted_since(start_ticks()), nullptr);
}

// Registered when the library loads, so it runs after the program's own exit
// handlers and static destructors (which may still call measured functions).
const int g_exit_hook_registered = std::atexit(report_at_exit);

}  // namespace

void report_at_termination() noexcept { report_at_exit(); }

void set_exit_report_enabled(bool enabled) noexcept {
  std::lock_guard<std::mutex> lock(g_session_mutex);
  g_exit_report_enabled = enabled;
}

void apply_environment(SessionSettings& settings) {
  if (auto format = env_output_format()) {
    settings.format = *format;
    settings.custom_reporter.reset();  // the person running the program decides
  }
  if (auto path = env_output_path()) settings.output_path = *path;
  if (auto limit = env_limit()) settings.limit = *limit;
  if (auto width = env_name_width()) settings.name_width = *width;
  if (auto percentiles = env_percentiles()) settings.percentiles = *percentiles;
  if (auto sections = env_report_sections()) {
    settings.sections = *sections;
    settings.monitor_threads = sections->threads;
  }
  if (auto path = env_wall_flamegraph_path()) settings.wall_flamegraph_path = *path;
  if (auto path = env_wall_folded_path()) settings.wall_folded_path = *path;
  if (auto path = env_trace_path()) settings.trace_path = *path;
  if (auto rate = env_time_sampling_rate()) settings.time_sampling_rate = *rate;
  if (auto live = env_live()) settings.live = *live;
}

namespace {

/// The report of `settings`' session: what was measured since `baseline` (null:
/// since the program started) in `wall_ticks`; `cpu` the CPU sampler's totals
/// (null: no CPU section).
Report build_session_report(const SessionSettings& settings, std::uint64_t wall_ticks,
                            const RegistrySnapshot* baseline, const CpuSamplingTotals* cpu,
                            const TickConverter& ticks, std::vector<std::string>* site_names) {
  ReportSettings report_settings;
  report_settings.session_name = settings.name;
  report_settings.wall_ns = ticks.to_ns(wall_ticks);
  report_settings.percentiles = settings.percentiles;
  report_settings.limit = settings.limit;
  report_settings.name_width = settings.name_width;
  report_settings.time_mode = g_exclusive_time ? TimeMode::Exclusive : TimeMode::Inclusive;
  report_settings.compensation = compensation_of(guard_overhead(), ticks);
  report_settings.time_sampling_rate = Registry::instance().time_sampling_rate();
  report_settings.adaptive_timing = adaptive_timing_of(ticks);
  report_settings.alloc_tracked = alloc_hooks_installed();
  report_settings.alloc_mode = alloc_cumulative() ? AllocMode::Cumulative : AllocMode::Exclusive;
  report_settings.cpu_sampled = cpu != nullptr;
  report_settings.cpu_mode = cpu_mode();
  if (cpu != nullptr) report_settings.cpu = *cpu;
  RegistrySnapshot recorded = Registry::instance().snapshot();
  if (baseline != nullptr) recorded.subtract(*baseline);
  Report report = build_report(recorded, report_settings, ticks, site_names);
  report.show_timing = settings.sections.timing;
  report.show_alloc = settings.sections.alloc;
  report.show_threads = settings.sections.threads;
  report.show_cpu = settings.sections.cpu;
  report.show_call_tree = settings.sections.tree;
  add_monitored_threads(report);
  return report;
}

/// Writes `report` with `reporter` where `settings` say: their output path, or stdout.
void write_report(Reporter& reporter, const Report& report, const SessionSettings& settings) {
  std::ostringstream out;
  reporter.write(report, out);
  if (!out) {
    std::fprintf(stderr, "hotpath: the reporter failed to produce the report\n");
    return;
  }
  const std::string text = std::move(out).str();
  std::string error;
  if (settings.output_path.empty()) {
    if (!write_stdout(text, error)) std::fprintf(stderr, "hotpath: %s\n", error.c_str());
    return;
  }
  const std::string path = report_path(settings.output_path);
  if (!write_output_file(path, text, error)) {
    // Nothing is lost: the report goes where it can still be read.
    std::fprintf(stderr, "hotpath: cannot write the report to \"%s\": %s; it follows here\n",
                 path.c_str(), error.c_str());
    std::fwrite(text.data(), 1, text.size(), stderr);
  }
}

/// The report so far and the settings it was made with.
struct CurrentReport {
  const SessionSettings& settings;  ///< the open session's, or the environment's
  ReportNow now;
};

/// Calls `use(current)` with the report so far: the open session's, or with no
/// session open, everything measured since the program started under the
/// environment's settings. The session cannot end meanwhile.
template <typename Use>
void with_current_report(Use&& use) {
  Registry& registry = Registry::instance();
  const TickConverter ticks = TickConverter::calibrate();
  const bool cpu_sampled = cpu_sampling_installed();
  CpuSamplingTotals cpu;
  if (cpu_sampled) cpu = cpu_sampling_totals();
  ReportNow now;
  now.ticks = ticks;
  std::lock_guard<std::mutex> lock(g_session_mutex);
  if (const SessionGuard::State* session = g_active_session) {
    now.start_ticks = registry.counted_since(session->start_ticks);
    const bool forked_since = now.start_ticks != session->start_ticks;
    now.report = build_session_report(session->settings, now_ticks() - now.start_ticks,
                                      forked_since ? nullptr : &session->baseline,
                                      cpu_sampled ? &cpu : nullptr, ticks, &now.site_names);
    use(CurrentReport{session->settings, std::move(now)});
    return;
  }
  SessionSettings settings;
  settings.name = program_name();
  apply_environment(settings);
  now.start_ticks = registry.counted_since(start_ticks());
  now.report = build_session_report(settings, now_ticks() - now.start_ticks, nullptr,
                                    cpu_sampled ? &cpu : nullptr, ticks, &now.site_names);
  use(CurrentReport{settings, std::move(now)});
}

}  // namespace

void dump_report() noexcept {
  RuntimeScope runtime;
  try {
    with_current_report([](const CurrentReport& current) {
      std::unique_ptr<Reporter> builtin;
      if (Reporter* reporter = reporter_of(current.settings, builtin))
        write_report(*reporter, current.now.report, current.settings);
    });
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: the report on request failed: %s\n", failure.what());
  }
}

namespace {

/// What produce_report() builds and writes, and where.
struct ReportJob {
  const SessionSettings* settings;
  std::uint64_t wall_ticks;
  const RegistrySnapshot* baseline;
  const CpuSamplingTotals* cpu;  ///< null when the CPU was not sampled
  Reporter* reporter;            ///< null when only the wall outputs or the trace are asked
  bool wall_outputs;
  bool trace;
};

void build_and_write(const ReportJob& job) noexcept {
  RuntimeScope runtime;
  try {
    const SessionSettings& settings = *job.settings;
    const TickConverter ticks = TickConverter::calibrate();
    std::vector<std::string> site_names;
    const Report report =
        build_session_report(settings, job.wall_ticks, job.baseline, job.cpu, ticks, &site_names);
    if (job.wall_outputs)
      write_wall_outputs(report, {settings.wall_flamegraph_path, settings.wall_folded_path});
    if (job.trace) write_trace(settings.trace_path, site_names, ticks);
    if (job.reporter != nullptr) write_report(*job.reporter, report, settings);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: the report failed: %s\n", failure.what());
  } catch (...) {
    std::fprintf(stderr, "hotpath: the report failed with an unknown exception\n");
  }
}

}  // namespace

void produce_report(const SessionSettings& settings, std::uint64_t wall_ticks,
                    const RegistrySnapshot* baseline) noexcept {
  // Allocations after the session's end belong to no function, and the report's
  // own are not the program's.
  set_alloc_attribution(false);
  RuntimeScope runtime;
  // Sampling ends with the first report, so that the CPU section and the flame
  // graph describe the same run.
  const bool cpu_sampled = cpu_sampling_installed();
  CpuSamplingTotals cpu;
  if (cpu_sampled) cpu = stop_cpu_sampling();
  std::unique_ptr<Reporter> builtin;
  ReportJob job{&settings, wall_ticks, baseline, cpu_sampled ? &cpu : nullptr,
                nullptr,   false,      false};
  try {
    job.reporter = reporter_of(settings, builtin);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: the report failed: %s\n", failure.what());
    return;
  }
  job.wall_outputs = !settings.wall_flamegraph_path.empty() || !settings.wall_folded_path.empty();
  job.trace = g_tracing && !settings.trace_path.empty();
  if (job.reporter == nullptr && !job.wall_outputs && !job.trace) return;  // Format::None
  // On a thread of its own, so that the report's allocations do not make glibc
  // merge the program's freed memory first (own_thread.hpp). A reporter of the
  // program's runs there too.
  const auto run = [](void* given) noexcept { build_and_write(*static_cast<ReportJob*>(given)); };
  if (!run_on_own_thread(run, &job)) build_and_write(job);
}

}  // namespace detail

bool SessionGuard::State::finish_once() noexcept {
  std::unique_lock<std::mutex> lock(detail::g_session_mutex);
  const bool first_time = !finished;
  finished = true;
  if (detail::g_active_session == this) detail::g_active_session = nullptr;
  const std::uint64_t started = detail::Registry::instance().counted_since(start_ticks);
  const bool forked_since = started != start_ticks;
  const std::uint64_t wall = detail::now_ticks() - started;
  std::uint64_t self = wall;
  bool unlinked = false;
  if (owner == &detail::t_thread_state) {
    if (detail::unlink_from_own_stack(frame)) {
      self = wall > frame.child_ticks ? wall - frame.child_ticks : 0;
      unlinked = true;
    }
    owner = nullptr;
  }
  const bool releasable = owner == nullptr;
  lock.unlock();

  if (first_time) {
    detail::ThreadState& thread = detail::t_thread_state;
    detail::record_call(*detail::slot_for(thread, *site), wall, self);
    if (unlinked) {
      detail::record_call_node(frame.call_edge, wall, self);
      detail::record_allocations(thread, frame);
      if (detail::g_tracing) detail::trace_call(thread, frame, frame.start_ticks + wall);
    }
    detail::produce_report(settings, wall, forked_since ? nullptr : &baseline);
  }
  return releasable;
}

SessionGuard::SessionGuard() noexcept = default;
SessionGuard::SessionGuard(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {}
SessionGuard::SessionGuard(SessionGuard&& other) noexcept = default;

SessionGuard& SessionGuard::operator=(SessionGuard&& other) noexcept {
  if (this != &other) {
    finish();
    state_ = std::move(other.state_);
  }
  return *this;
}

SessionGuard::~SessionGuard() { finish(); }

void SessionGuard::finish() noexcept {
  if (!state_) return;
  detail::RuntimeScope runtime;
  // A frame still linked on another thread's stack may be written by that
  // thread until it unwinds past it: keep the memory alive.
  if (!state_->finish_once()) {
    std::lock_guard<std::mutex> lock(detail::g_session_mutex);
    detail::g_orphaned_sessions.push_back(std::move(state_));
    return;
  }
  state_.reset();
}

GuardBuilder::GuardBuilder(std::string session_name) {
  detail::RuntimeScope runtime;  // the session's allocations are not the program's
  options_ = std::make_unique<Options>();
  options_->settings.name = std::move(session_name);
}
GuardBuilder::~GuardBuilder() {
  detail::RuntimeScope runtime;
  options_.reset();
}
GuardBuilder::GuardBuilder(GuardBuilder&&) noexcept = default;
GuardBuilder& GuardBuilder::operator=(GuardBuilder&&) noexcept = default;

GuardBuilder& GuardBuilder::percentiles(std::initializer_list<double> values) {
  return percentiles(std::vector<double>(values));
}

GuardBuilder& GuardBuilder::percentiles(const std::vector<double>& values) {
  detail::RuntimeScope runtime;
  std::vector<double> accepted;
  for (double value : values) {
    if (!std::isfinite(value) || value < 0 || value > 100) {
      std::fprintf(stderr,
                   "hotpath: ignoring percentile %g in GuardBuilder::percentiles(): "
                   "percentiles are from 0 to 100\n",
                   value);
      continue;
    }
    if (std::find(accepted.begin(), accepted.end(), value) == accepted.end())
      accepted.push_back(value);
  }
  options_->settings.percentiles = std::move(accepted);
  return *this;
}

GuardBuilder& GuardBuilder::limit(std::size_t rows) {
  options_->settings.limit = rows;
  return *this;
}

GuardBuilder& GuardBuilder::format(Format output_format) {
  options_->settings.format = output_format;
  options_->settings.custom_reporter.reset();
  return *this;
}

GuardBuilder& GuardBuilder::output_path(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.output_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::flamegraph(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.flamegraph_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::folded(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.folded_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::wall_flamegraph(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.wall_flamegraph_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::wall_folded(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.wall_folded_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::report_sections(const std::string& sections) {
  detail::RuntimeScope runtime;
  if (auto parsed = detail::parse_report_sections(sections)) {
    options_->settings.sections = *parsed;
    options_->settings.monitor_threads = parsed->threads;
  } else {
    std::fprintf(stderr,
                 "hotpath: ignoring GuardBuilder::report_sections(\"%s\"): expected "
                 "comma-separated sections among %s\n",
                 sections.c_str(), detail::kReportSectionNames);
  }
  return *this;
}

GuardBuilder& GuardBuilder::time_sampling_rate(std::uint32_t rate) {
  if (rate >= 1 && rate <= detail::kMaxTimeSamplingRate) {
    options_->settings.time_sampling_rate = rate;
  } else {
    std::fprintf(stderr, "hotpath: ignoring GuardBuilder::time_sampling_rate(%u): expected %s\n",
                 rate, detail::kTimeSamplingRateExpected);
  }
  return *this;
}

GuardBuilder& GuardBuilder::live(bool on) {
  options_->settings.live = on;
  return *this;
}

GuardBuilder& GuardBuilder::reporter(std::unique_ptr<Reporter> custom) {
  detail::RuntimeScope runtime;
  options_->settings.custom_reporter = std::move(custom);
  return *this;
}

GuardBuilder& GuardBuilder::location(const char* file, std::uint32_t line) {
  options_->settings.file = file != nullptr ? file : "";
  options_->settings.line = line;
  return *this;
}

namespace {

/// Opens a session unless one is alive; `on_stack` pushes its frame on the
/// calling thread's shadow stack.
std::unique_ptr<SessionGuard::State> open_session(detail::SessionSettings settings, bool on_stack) {
  detail::RuntimeScope runtime;
  detail::Registry::instance();  // starts the runtime: tick source, time mode
  std::lock_guard<std::mutex> lock(detail::g_session_mutex);
  if (detail::g_active_session != nullptr) {
    std::fprintf(stderr,
                 "hotpath: cannot open session \"%s\": session \"%s\" is already active "
                 "(only one at a time); this one will not report\n",
                 settings.name.c_str(), detail::g_active_session->settings.name.c_str());
    return nullptr;
  }
  auto state = std::make_unique<SessionGuard::State>();
  // Calls made before (static initialisation, an earlier session) are not this
  // session's.
  state->baseline = detail::Registry::instance().snapshot();
  detail::apply_environment(settings);
  if (settings.time_sampling_rate != 0)
    detail::Registry::instance().set_time_sampling_rate(settings.time_sampling_rate);
  state->settings = std::move(settings);
  state->site = std::make_unique<Site>(state->settings.name.c_str(), nullptr, state->settings.file,
                                       state->settings.line);
  if (on_stack) {
    detail::ThreadState& thread = detail::t_thread_state;
    detail::push_frame(thread, state->frame, *state->site);
    state->owner = &thread;
  }
  detail::g_active_session = state.get();
  detail::g_session_ever_opened = true;
  detail::request_cpu_outputs(state->settings.flamegraph_path, state->settings.folded_path);
  detail::set_alloc_attribution(true);
  if (state->settings.live) detail::start_live_metrics();
  if (state->settings.monitor_threads) detail::start_threads_monitor();
  state->start_ticks = detail::now_ticks();
  state->frame.start_ticks = state->start_ticks;
  return state;
}

}  // namespace

SessionGuard GuardBuilder::build() {
  detail::RuntimeScope runtime;
  return SessionGuard(open_session(std::move(options_->settings), /*on_stack=*/true));
}

void GuardBuilder::build_with_timeout(std::chrono::nanoseconds duration) {
  detail::RuntimeScope runtime;
  std::unique_ptr<SessionGuard::State> state =
      open_session(std::move(options_->settings), /*on_stack=*/false);
  if (!state) return;
  std::thread([state = std::move(state), duration]() mutable {
    std::this_thread::sleep_for(duration);
    state->finish_once();
    // Ending with exit() would run static destructors while the program's
    // other threads still use those objects.
    std::fflush(nullptr);
    std::_Exit(0);
  }).detach();
}

namespace detail {

ReportNow report_now() {
  ReportNow now;
  with_current_report([&now](CurrentReport&& current) { now = std::move(current.now); });
  return now;
}

bool recent_calls_of(const ReportNow& now, const std::string& name,
                     std::vector<RecentCall>& calls) {
  calls.clear();
  std::vector<std::uint32_t> site_ids;
  for (std::size_t index = 0; index < now.site_names.size(); ++index) {
    if (now.site_names[index] == name) site_ids.push_back(static_cast<std::uint32_t>(index + 1));
  }
  if (site_ids.empty()) return false;
  const std::uint32_t limit = call_log_capacity();
  if (limit == 0) return true;
  for (const LoggedCall& call : Registry::instance().recent_calls(site_ids, limit)) {
    // A call that ended before the report's start (before the session opened).
    if (call.end_ticks < now.start_ticks) continue;
    calls.push_back({now.ticks.to_ns(call.duration_ticks),
                     now.ticks.to_ns(call.end_ticks - now.start_ticks), call.tid});
  }
  return true;
}

}  // namespace detail

Report snapshot() {
  detail::RuntimeScope runtime;
  return detail::report_now().report;
}

bool recent_calls(const std::string& name, std::vector<RecentCall>& calls) {
  detail::RuntimeScope runtime;
  return detail::recent_calls_of(detail::report_now(), name, calls);
}

namespace {

GuardBuilder main_session_builder(const char* function_name, const char* options, const char* file,
                                  std::uint32_t line) {
  const char* name = function_name != nullptr ? function_name : "main";
  std::string error;
  std::optional<detail::MainOptions> parsed =
      detail::parse_main_options(options != nullptr ? options : "", error);
  if (!parsed) {
    // The plugin rejects bad options at compile time; this only guards against a
    // hand-written MainGuard.
    std::fprintf(stderr, "hotpath: ignoring the options \"%s\" of session \"%s\": %s\n", options,
                 name, error.c_str());
    parsed.emplace();
  }
  GuardBuilder builder(parsed->name.value_or(name));
  builder.location(file, line);
  if (parsed->percentiles) builder.percentiles(*parsed->percentiles);
  if (parsed->limit) builder.limit(*parsed->limit);
  if (parsed->format) builder.format(*parsed->format);
  if (parsed->output_path) builder.output_path(*parsed->output_path);
  if (parsed->flamegraph_path) builder.flamegraph(*parsed->flamegraph_path);
  if (parsed->folded_path) builder.folded(*parsed->folded_path);
  if (parsed->wall_flamegraph_path) builder.wall_flamegraph(*parsed->wall_flamegraph_path);
  if (parsed->wall_folded_path) builder.wall_folded(*parsed->wall_folded_path);
  if (parsed->report_sections) builder.report_sections(*parsed->report_sections);
  if (parsed->time_sampling_rate) builder.time_sampling_rate(*parsed->time_sampling_rate);
  if (parsed->live) builder.live(*parsed->live);
  return builder;
}

}  // namespace

MainGuard::MainGuard(const char* function_name, const char* options, const char* file,
                     std::uint32_t line)
    : session_([&] {
        detail::RuntimeScope runtime;
        return main_session_builder(function_name, options, file, line).build();
      }()) {}

}  // namespace hotpath
