// SessionGuard and the report at exit. At most one session is alive; it measures
// its own row (its wall time) and reports when it ends. When a program measured
// functions but never opened a session, or exits while one is still open (exit()
// from main), the report is made at exit instead: nothing measured is lost.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "alloc/alloc_recording.hpp"
#include "core/clock_calibration.hpp"
#include "core/registry.hpp"
#include "cpu/cpu_recording.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "live/live_loading.hpp"
#include "live/threads_monitor.hpp"
#include "session/session.hpp"
#include "session/session_state.hpp"
#include "waits/wait_recording.hpp"

namespace hotpath {
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

/// A program that measures no function but was sampled (libhotpath-cpu preloaded or
/// linked): no table, but the files of its CPU samples it asked for (HOTPATH_PPROF,
/// HOTPATH_SPEEDSCOPE), as it already gets its flame graph.
void write_sample_files_at_exit() noexcept {
  if (!cpu_sampling_installed()) return;
  stop_cpu_sampling();  // already stopped by its own exit handler, unless linked
  if (cpu_native_samples() == nullptr) return;  // not asked for, or not sampled here
  SessionSettings settings;
  settings.name = program_name();
  apply_environment(settings);
  SessionSettings files;
  files.name = settings.name;
  files.format = Format::None;
  files.pprof_path = settings.pprof_path;
  files.speedscope_path = settings.speedscope_path;
  if (files.pprof_path.empty() && files.speedscope_path.empty()) return;
  const Registry& registry = Registry::instance();
  produce_report(files, now_ticks() - registry.counted_since(start_ticks()), nullptr);
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
  if (registry.site_count() == 0) return write_sample_files_at_exit();
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

std::mutex& session_mutex() noexcept { return g_session_mutex; }

const SessionGuard::State* open_session_locked() noexcept { return g_active_session; }

std::unique_ptr<SessionGuard::State> open_session(SessionSettings settings, bool on_stack) {
  RuntimeScope runtime;
  Registry::instance();  // starts the runtime: tick source, time mode
  std::lock_guard<std::mutex> lock(g_session_mutex);
  if (g_active_session != nullptr) {
    std::fprintf(stderr,
                 "hotpath: cannot open session \"%s\": session \"%s\" is already active "
                 "(only one at a time); this one will not report\n",
                 settings.name.c_str(), g_active_session->settings.name.c_str());
    return nullptr;
  }
  auto state = std::make_unique<SessionGuard::State>();
  // Calls made before (static initialisation, an earlier session) are not this
  // session's.
  state->baseline = Registry::instance().snapshot();
  apply_environment(settings);
  if (settings.time_sampling_rate != 0)
    Registry::instance().set_time_sampling_rate(settings.time_sampling_rate);
  state->settings = std::move(settings);
  state->site = std::make_unique<Site>(state->settings.name.c_str(), nullptr, state->settings.file,
                                       state->settings.line);
  if (on_stack) {
    ThreadState& thread = t_thread_state;
    push_frame(thread, state->frame, *state->site);
    state->owner = &thread;
  }
  g_active_session = state.get();
  g_session_ever_opened = true;
  request_cpu_outputs(state->settings.flamegraph_path, state->settings.folded_path);
  set_alloc_attribution(true);
  set_wait_attribution(true);
  if (state->settings.live) start_live_metrics();
  if (state->settings.monitor_threads) start_threads_monitor();
  state->start_ticks = now_ticks();
  state->frame.start_ticks = state->start_ticks;
  return state;
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

}  // namespace hotpath
