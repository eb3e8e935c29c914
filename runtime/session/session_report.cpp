// The reports of a session: the one it makes when it ends (or the program ends),
// the one on request (HOTPATH_DUMP_SIGNAL), and the report so far that
// hotpath::snapshot() and the live server read. Each is built from the registry's
// merged data and written by the session's reporter where its settings say.
#include <cstdio>
#include <ctime>
#include <exception>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "alloc/alloc_recording.hpp"
#include "core/adaptive_timing.hpp"
#include "core/call_log.hpp"
#include "core/clock_calibration.hpp"
#include "core/overhead_calibration.hpp"
#include "core/registry.hpp"
#include "cpu/cpu_recording.hpp"
#include "env_config.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "live/report_now.hpp"
#include "live/threads_monitor.hpp"
#include "output_file.hpp"
#include "own_threads/own_thread.hpp"
#include "reporting/duration_buckets.hpp"
#include "reporting/report_builder.hpp"
#include "reporting/trace_output.hpp"
#include "reporting/wall_outputs.hpp"
#include "session/session.hpp"
#include "session/session_state.hpp"
#include "waits/lock_records.hpp"
#include "waits/wait_recording.hpp"

namespace hotpath {
namespace detail {
namespace {

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

}  // namespace

namespace {

/// The report of `settings`' session: what was measured since `baseline` (null:
/// since the program started) in `wall_ticks`; `cpu` the CPU sampler's totals
/// (null: no CPU section). Only the first `rows_with_durations` rows by total time
/// (0: all) get percentiles and duration buckets: reading the histograms of every
/// function on every thread is most of a large program's report.
Report build_session_report(const SessionSettings& settings, std::uint64_t wall_ticks,
                            const RegistrySnapshot* baseline, const CpuSamplingTotals* cpu,
                            const TickConverter& ticks, std::vector<std::string>* site_names,
                            std::size_t rows_with_durations) {
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
  report_settings.waits_tracked = wait_tracking_installed();
  if (report_settings.waits_tracked) {
    report_settings.locks = contended_locks();
    report_settings.lock_descriptions = describe_locks(report_settings.locks);
    report_settings.untracked_lock_waits = untracked_lock_waits();
  }
  report_settings.cpu_mode = cpu_mode();
  if (cpu != nullptr) report_settings.cpu = *cpu;
  report_settings.rows_with_durations = rows_with_durations;
  Registry& registry = Registry::instance();
  RegistrySnapshot recorded = registry.snapshot(
      rows_with_durations == 0 ? DurationHistograms::All : DurationHistograms::Later);
  if (baseline != nullptr) recorded.subtract(*baseline);
  const DurationHistogramReader read_histograms = [&](RegistrySnapshot& snapshot,
                                                      const std::vector<std::uint32_t>& site_ids) {
    registry.add_duration_histograms(snapshot, site_ids, baseline);
  };
  Report report = build_report(recorded, report_settings, ticks, read_histograms, site_names);
  report.show_timing = settings.sections.timing;
  report.show_alloc = settings.sections.alloc;
  report.show_threads = settings.sections.threads;
  report.show_cpu = settings.sections.cpu;
  report.show_waits = settings.sections.waits;
  report.show_locks = settings.sections.locks;
  report.show_coroutines = settings.sections.coroutines;
  report.show_gauges = settings.sections.gauges;
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

/// The rows a report written with `settings` shows, which need their durations'
/// figures: the row limit for a built-in reporter, all for the program's own.
std::size_t rows_shown(const SessionSettings& settings) {
  return settings.custom_reporter ? 0 : settings.limit;
}

/// The rows that get durations of a report of `settings` asked for with `asked`:
/// every row for 0, otherwise those the settings' reporter shows and at least
/// `asked` (kRowsShown: no more).
constexpr std::size_t kRowsShown = 0 - static_cast<std::size_t>(1);
std::size_t rows_with_durations_of(const SessionSettings& settings, std::size_t asked) {
  const std::size_t shown = rows_shown(settings);
  if (asked == 0 || shown == 0) return 0;
  return asked == kRowsShown ? shown : std::max(shown, asked);
}

/// Calls `use(current)` with the report so far: the open session's, or with no
/// session open, everything measured since the program started under the
/// environment's settings. The session cannot end meanwhile. `rows_with_durations`:
/// as rows_with_durations_of().
template <typename Use>
void with_current_report(Use&& use, std::size_t rows_with_durations) {
  Registry& registry = Registry::instance();
  const TickConverter ticks = TickConverter::calibrate();
  const bool cpu_sampled = cpu_sampling_installed();
  CpuSamplingTotals cpu;
  if (cpu_sampled) cpu = cpu_sampling_totals();
  ReportNow now;
  now.ticks = ticks;
  std::lock_guard<std::mutex> lock(session_mutex());
  if (const SessionGuard::State* session = open_session_locked()) {
    now.start_ticks = registry.counted_since(session->start_ticks);
    const bool forked_since = now.start_ticks != session->start_ticks;
    now.report = build_session_report(
        session->settings, now_ticks() - now.start_ticks,
        forked_since ? nullptr : &session->baseline, cpu_sampled ? &cpu : nullptr, ticks,
        &now.site_names, rows_with_durations_of(session->settings, rows_with_durations));
    now.rows_with_durations = rows_with_durations_of(session->settings, rows_with_durations);
    use(CurrentReport{session->settings, std::move(now)});
    return;
  }
  SessionSettings settings;
  settings.name = program_name();
  apply_environment(settings);
  now.start_ticks = registry.counted_since(start_ticks());
  now.report = build_session_report(settings, now_ticks() - now.start_ticks, nullptr,
                                    cpu_sampled ? &cpu : nullptr, ticks, &now.site_names,
                                    rows_with_durations_of(settings, rows_with_durations));
  now.rows_with_durations = rows_with_durations_of(settings, rows_with_durations);
  use(CurrentReport{settings, std::move(now)});
}

}  // namespace

void dump_report() noexcept {
  RuntimeScope runtime;
  try {
    with_current_report(
        [](const CurrentReport& current) {
          std::unique_ptr<Reporter> builtin;
          if (Reporter* reporter = reporter_of(current.settings, builtin))
            write_report(*reporter, current.now.report, current.settings);
        },
        kRowsShown);
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
    const Report report = build_session_report(settings, job.wall_ticks, job.baseline, job.cpu,
                                               ticks, &site_names, rows_shown(settings));
    if (job.wall_outputs)
      write_wall_outputs(report, {settings.wall_flamegraph_path, settings.wall_folded_path,
                                  settings.coroutine_flamegraph_path,
                                  settings.coroutine_folded_path, settings.pprof_path});
    if (job.trace) write_trace({settings.trace_path, settings.speedscope_path}, site_names, ticks);
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
  set_wait_attribution(false);
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
  job.wall_outputs = !settings.wall_flamegraph_path.empty() || !settings.wall_folded_path.empty() ||
                     !settings.coroutine_flamegraph_path.empty() ||
                     !settings.coroutine_folded_path.empty() || !settings.pprof_path.empty();
  job.trace = g_tracing && (!settings.trace_path.empty() || !settings.speedscope_path.empty());
  if (job.reporter == nullptr && !job.wall_outputs && !job.trace) return;  // Format::None
  // On a thread of its own, so that the report's allocations do not make glibc
  // merge the program's freed memory first (own_thread.hpp). A reporter of the
  // program's runs there too.
  const auto run = [](void* given) noexcept { build_and_write(*static_cast<ReportJob*>(given)); };
  if (!run_on_own_thread(run, &job)) build_and_write(job);
}

}  // namespace detail

namespace detail {

ReportNow report_now(std::size_t rows_with_durations) {
  ReportNow now;
  with_current_report([&now](CurrentReport&& current) { now = std::move(current.now); },
                      rows_with_durations);
  for (std::size_t index = 0; index < now.site_names.size(); ++index) {
    if (!now.site_names[index].empty())
      now.site_ids_by_name[now.site_names[index]].push_back(static_cast<std::uint32_t>(index + 1));
  }
  return now;
}

bool durations_of(const ReportNow& now, const std::string& name, std::uint64_t& calls,
                  DurationBuckets& buckets) {
  const auto found = now.site_ids_by_name.find(name);
  if (found == now.site_ids_by_name.end()) return false;
  const std::vector<std::uint32_t>& site_ids = found->second;
  Registry& registry = Registry::instance();
  std::vector<FunctionTotals> sites = registry.totals_of_sites(site_ids);
  {
    // What the session's baseline held, when `now` is the open session's report.
    std::lock_guard<std::mutex> lock(session_mutex());
    const SessionGuard::State* session = open_session_locked();
    if (session != nullptr && session->start_ticks == now.start_ticks) {
      for (std::size_t index = 0; index < site_ids.size(); ++index) {
        if (site_ids[index] <= session->baseline.totals.size())
          sites[index].subtract(session->baseline.totals[site_ids[index] - 1]);
      }
    }
  }
  FunctionTotals totals;
  for (const FunctionTotals& site : sites) totals.merge(site);
  calls = totals.all_calls();
  buckets = duration_buckets(totals.histogram, totals.min_value, totals.max_value, now.ticks,
                             UntimedScale{calls, totals.calls}, calls);
  return true;
}

bool recent_calls_of(const ReportNow& now, const std::string& name,
                     std::vector<RecentCall>& calls) {
  calls.clear();
  const auto found = now.site_ids_by_name.find(name);
  if (found == now.site_ids_by_name.end()) return false;
  const std::vector<std::uint32_t>& site_ids = found->second;
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
  // Only the names are needed: the fewest rows with durations.
  return detail::recent_calls_of(detail::report_now(1), name, calls);
}

}  // namespace hotpath
