// What a report contains, and the interface that turns it into output. The
// built-in table and JSON reporters and custom reporters all receive the same Report.
#ifndef HOTPATH_REPORT_HPP
#define HOTPATH_REPORT_HPP

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "hotpath/detail/platform.hpp"

namespace hotpath {

/// Which duration the rows and percentiles describe.
enum class TimeMode {
  Inclusive,  ///< a call's whole duration, callees included (the default)
  Exclusive,  ///< a call's duration minus the measured functions it called
};

/// A function's calls by duration, cumulative, on one fixed grid of bucket bounds:
/// 2^(k/8) ns for every whole k (8 buckets per doubling, each 9.05% wider than the
/// one below). Kept from the bucket just below the shortest call, which holds no
/// call, up to the bucket that holds the longest: a quantile interpolated inside a
/// bucket is within one bucket's width of the percentile, and the bounds of a
/// function only widen as it runs.
struct DurationBuckets {
  static constexpr int kPerDoubling = 8;  ///< buckets per doubling of the duration
  /// The grid index k of the first bucket kept (its upper bound is bound_ns(k)).
  int first_index = 0;
  /// cumulative[i]: the calls that took at most bound_ns(first_index + i) ns (a
  /// call counts where the percentiles put it, within 1% of its duration); the
  /// first is 0 and the last is all calls. Empty when no call was timed.
  std::vector<std::uint64_t> cumulative;

  /// The upper bound of grid bucket `index`, in ns: 2^(index/8), the same double on
  /// every call and every machine (a power of two times one of eight constants).
  static double bound_ns(int index) noexcept {
    static constexpr double kEighthPowers[kPerDoubling] = {
        1.0,
        1.090507732665257659207010655760707978993,
        1.189207115002721066717499970560475915293,
        1.296839554651009665933754117792451159835,
        1.414213562373095048801688724209698078570,
        1.542210825407940823612291862090734841307,
        1.681792830507429086062250952466429790080,
        1.834008086409342463487083189588288856077};
    const int doublings =
        index >= 0 ? index / kPerDoubling : -((kPerDoubling - 1 - index) / kPerDoubling);
    return std::ldexp(kEighthPowers[index - doublings * kPerDoubling], doublings);
  }
};

/// One function (or labelled block) in a report. Durations are in nanoseconds.
struct FunctionRow {
  std::string name;  ///< fully qualified, e.g. `app::Worker::run`; unique in a report
  /// The function's canonical signature, e.g. `app::Worker::run(int) const`
  /// (the user's name for a row the user named).
  std::string signature;
  std::string file;        ///< source file of the measured function
  std::uint32_t line = 0;  ///< line of the measured function
  std::uint64_t calls = 0;
  /// The calls whose duration was measured: all of them, about one in
  /// Report::time_sampling_rate, or fewer under adaptive timing. Percentiles,
  /// minimum and maximum are theirs.
  std::uint64_t timed_calls = 0;
  /// True when adaptive timing timed only some of the function's calls (see
  /// Report::adaptive_timing): its durations are estimated from the timed calls.
  bool adaptive = false;
  /// Durations of all calls: when some were untimed, estimated from the timed ones.
  /// Under time sampling, their sum scaled by calls / timed_calls; under adaptive
  /// timing, the calls timed before it set in count once each, the others scaled
  /// to the calls after.
  std::uint64_t total_ns = 0;
  std::uint64_t avg_ns = 0;
  std::vector<std::uint64_t> percentile_ns;  ///< one per Report::percentiles, same order
  /// The sum of the inclusive durations as the clock measured them, the guards'
  /// own overhead included (see Report::compensation).
  std::uint64_t measured_total_ns = 0;
  double percent_total = 0;  ///< total_ns against Report::wall_ns, in percent
  /// The calls by duration on the fixed grid of DurationBuckets, from the same
  /// histogram as the percentiles; under time sampling, scaled to all calls. The
  /// live server's Prometheus histogram.
  DurationBuckets duration_buckets;
};

/// Which allocations a function's allocation row counts (hotpath-alloc).
enum class AllocMode {
  Exclusive,   ///< made while the function itself was the innermost measured one (default)
  Cumulative,  ///< made during its calls, by it or by anything it called
};

/// A function's allocations in a report (when the program links hotpath-alloc).
/// Totals are over all calls; in cumulative mode an allocation made while a
/// recursive function is active several times counts once.
struct AllocRow {
  std::string name;       ///< the same name as the function's timing row
  std::string signature;  ///< the same signature as the function's timing row
  std::uint64_t calls = 0;
  std::uint64_t alloc_bytes = 0;  ///< bytes requested by allocations
  std::uint64_t alloc_count = 0;  ///< number of allocations (a realloc counts as one)
  std::uint64_t dealloc_bytes = 0;
  std::uint64_t dealloc_count = 0;
  std::uint64_t avg_bytes = 0;  ///< alloc_bytes / calls
  /// Bytes allocated by one call: one per Report::percentiles, same order.
  std::vector<std::uint64_t> percentile_bytes;
  double percent_total = 0;  ///< alloc_bytes against Report::alloc_total_bytes, in percent
};

/// One thread's allocations (every allocation it made, measured function or not,
/// except the runtime's own).
struct ThreadAllocRow {
  std::string name;  ///< "main", the thread's name when it has one, or "thread <n>"
  std::uint64_t alloc_bytes = 0;
  std::uint64_t alloc_count = 0;
  std::uint64_t dealloc_bytes = 0;
  std::uint64_t dealloc_count = 0;
  std::uint64_t tid = 0;  ///< the kernel's thread id; 0 when not known
  // From the threads monitor, when it ran (Report::threads_monitored):
  std::string status;          ///< "running", "sleeping", "disk sleep"..., "exited"
  double cpu_percent_max = 0;  ///< most of one core it used over one sampling interval
  double cpu_percent_avg = 0;  ///< of one core, since the monitor first saw it
  std::uint64_t cpu_ns = 0;    ///< CPU time it used since the monitor first saw it
};

/// Which samples a function's CPU row counts (hotpath-cpu).
enum class CpuMode {
  Self,       ///< samples taken while it was the innermost measured call (the default)
  Inclusive,  ///< samples taken while it was anywhere on the thread's measured stack
};

/// A function's CPU samples in a report (when the program links hotpath-cpu). The
/// row named "(not measured)" counts the samples taken outside every measured
/// function, so that in self mode the rows add up to all samples.
struct CpuRow {
  std::string name;       ///< the same name as the function's timing row
  std::string signature;  ///< the same signature as the function's timing row
  std::uint64_t samples = 0;
  std::uint64_t cpu_ns = 0;  ///< the user CPU time these samples stand for
  double percent_total = 0;  ///< samples against CpuSummary::samples, in percent
};

/// How the CPU section was sampled (hotpath-cpu).
struct CpuSummary {
  std::string timer;               ///< "perf_event" (task clock) or "cpu-timer" (POSIX CPU timer)
  double frequency_hz = 0;         ///< the requested sampling frequency
  std::uint64_t samples = 0;       ///< samples taken, measured or not
  std::uint64_t period_ns = 0;     ///< the user CPU time one sample stands for
  std::uint64_t cpu_ns = 0;        ///< CPU time (user + system) of the process while sampled
  std::uint64_t lost_samples = 0;  ///< samples that could not be recorded
  bool stopped_early = false;      ///< the program took over the sampling signal
};

/// One cause of a function's waits (hotpath-wait): lock, condition, io, sleep or
/// other (WaitRow::causes, in that order).
struct WaitCauseRow {
  std::uint64_t count = 0;       ///< waits while the function was on the thread's measured stack
  std::uint64_t total_ns = 0;    ///< their time
  std::uint64_t self_count = 0;  ///< waits while it was the innermost measured call
  std::uint64_t self_ns = 0;
};

/// The causes of waits, in the order of WaitRow::causes; their names in reports.
constexpr std::size_t kWaitCauseCount = 5;
constexpr const char* kWaitCauseNames[kWaitCauseCount] = {"lock", "condition", "io", "sleep",
                                                          "other"};

/// A function's time blocked, by cause (when the program links hotpath-wait).
/// Inclusive figures count a wait once for every measured function on the stack
/// of the thread that waited; self figures only for the innermost one, so that
/// the self figures of all rows add up to every wait inside a measured call.
struct WaitRow {
  std::string name;       ///< the same name as the function's timing row
  std::string signature;  ///< the same signature as the function's timing row
  WaitCauseRow causes[kWaitCauseCount];
  std::uint64_t io_bytes = 0;       ///< bytes moved by its I/O calls, inclusive
  std::uint64_t self_io_bytes = 0;  ///< the same, self
  std::uint64_t count = 0;          ///< every cause's count, inclusive
  std::uint64_t total_ns = 0;       ///< every cause's time, inclusive
  std::uint64_t self_count = 0;
  std::uint64_t self_ns = 0;
  double percent_wall = 0;  ///< total_ns against Report::wall_ns, in percent
};

/// A measured coroutine function whose suspension points report to its guard (see
/// docs/coroutines.md): its instances, their resumes, and how their logical
/// duration (the timing row's) splits into running and suspended time. The
/// durations are of the instances that ended.
struct CoroutineRow {
  std::string name;             ///< the same name as the function's timing row
  std::string signature;        ///< the same signature as the function's timing row
  std::uint64_t instances = 0;  ///< instances started: their first segment ran
  /// Instances that reached the end of their body (co_return, its closing brace, or
  /// an exception leaving it).
  std::uint64_t completed = 0;
  std::uint64_t destroyed = 0;  ///< instances destroyed while suspended, before completing
  /// Segments run: each instance's first, and one for every resume after a suspension.
  std::uint64_t resumes = 0;
  std::uint64_t running_ns = 0;        ///< the time of the instances' segments
  std::uint64_t suspended_ns = 0;      ///< their logical duration less running_ns
  std::uint64_t avg_running_ns = 0;    ///< running_ns per instance that ended
  std::uint64_t avg_suspended_ns = 0;  ///< suspended_ns per instance that ended
  /// One instance's running time, one per Report::percentiles, same order.
  std::vector<std::uint64_t> running_percentile_ns;
  /// One instance's suspended time, one per Report::percentiles, same order.
  std::vector<std::uint64_t> suspended_percentile_ns;
};

/// A measured function that held a lock while other threads waited for it: the
/// waits that ended when it released the lock, and their time.
struct LockHolderRow {
  /// The holder's innermost measured call when it released the lock; "(not
  /// measured)" for code outside measured calls, "(unknown)" when no release was
  /// seen (the wait began as the lock was released, or ended at its deadline),
  /// "(others)" for the holders beyond the few kept per lock.
  std::string function;
  std::uint64_t waits = 0;
  std::uint64_t total_ns = 0;
};

/// A lock some thread waited for (hotpath-wait): a pthread mutex (std::mutex,
/// std::recursive_mutex, std::timed_mutex) or read-write lock (std::shared_mutex).
struct LockRow {
  /// The name hotpath::name_lock() gave it; else the variable it is, for a lock
  /// with static storage; else "<kind> #N", N counting such locks by total wait.
  std::string name;
  std::string kind;  ///< "mutex" or "rwlock"
  std::uint64_t waits = 0;
  std::uint64_t total_ns = 0;
  std::uint64_t max_ns = 0;
  /// Where it was first waited for: the waiter's innermost measured call, and the
  /// lock call's source line in the program's code ("file.cpp:42"; empty when
  /// unknown: no debug information).
  std::string first_function;
  std::string first_location;
  std::vector<LockHolderRow> holders;  ///< by total_ns descending
};

/// What a row of the gauges section is (include/hotpath/gauges.hpp).
enum class GaugeKind {
  Gauge,    ///< hotpath::gauge(): a value set or moved up and down
  Counter,  ///< hotpath::counter(): a total that only grows
};

/// A gauge or counter in a report: its values when the report was made. Gauges
/// and counters are the process's, not a session's: a report shows them since
/// the program started.
struct GaugeRow {
  std::string name;
  GaugeKind kind = GaugeKind::Gauge;
  /// A gauge's last value: that of the update last in time order (for updates on
  /// two threads at once, the one the gauge's value took last).
  std::int64_t value = 0;
  std::uint64_t total = 0;  ///< a counter's total (0 for a gauge)
  /// A gauge's least and greatest value over its updates (its value, 0, before any
  /// update); 0 for a counter.
  std::int64_t min = 0;
  std::int64_t max = 0;
  std::uint64_t updates = 0;  ///< set and add calls
};

/// One node of the call tree: a measured function under one path of measured
/// callers. Recursion is folded: a function that calls itself, directly or through
/// others, stays in the node of its outermost active call.
struct CallTreeNode {
  static constexpr std::size_t kNoParent = static_cast<std::size_t>(-1);

  /// The function's row name (as in Report::rows), or "(other)": the node under
  /// which a thread that reached its node limit records the calls that would
  /// need a new node, one child per function (their callers are not known); its
  /// calls and total time are those of its children.
  std::string name;
  /// Index of the caller's node in Report::call_tree; kNoParent for an outermost call.
  std::size_t parent = kNoParent;
  std::uint64_t calls = 0;     ///< every call on this path, recursive ones included
  std::uint64_t total_ns = 0;  ///< inclusive time of the outermost calls on this path
  std::uint64_t self_ns = 0;   ///< total_ns minus the time of measured callees
};

/// A coroutine function under the coroutine that created it (and, when it was
/// co_awaited, awaits it): a node of the logical tree of coroutines (see
/// docs/coroutines.md), where each instance counts once, for its whole life.
struct CoroutineTreeNode {
  static constexpr std::size_t kNoParent = static_cast<std::size_t>(-1);

  std::string name;  ///< the function's row name (as in Report::rows)
  /// Index of the creating coroutine's node in Report::coroutine_tree; kNoParent
  /// for a coroutine no measured coroutine created.
  std::size_t parent = kNoParent;
  std::uint64_t instances = 0;   ///< instances on this path that ended
  std::uint64_t total_ns = 0;    ///< their logical time, first resume to end
  std::uint64_t running_ns = 0;  ///< the part of it their segments ran
};

/// The guards' own overhead, removed from every duration of a report
/// (HOTPATH_COMPENSATE, on by default): measured when the program starts, and for
/// adaptive timing's calls when they first happen.
struct Compensation {
  bool enabled = false;
  double per_call_ns = 0;  ///< removed from each call: what its own guard adds
  /// Removed from a call for each measured call nested in it, at any depth: what a
  /// nested call's guard adds to the calls around it.
  double per_nested_call_ns = 0;
  /// Removed from a call for each call nested in it that adaptive timing left
  /// untimed: what such a call adds to the calls around it.
  double per_untimed_call_ns = 0;
  /// per_call_ns and per_nested_call_ns of the calls adaptive timing chose to time,
  /// whose clock reads are fenced.
  double per_chosen_call_ns = 0;
  double per_nested_chosen_call_ns = 0;
  /// True when the last three were measured: when a function turned adaptive, or at
  /// start-up under time sampling. A run where neither happened left no call
  /// untimed and has no figures for such calls.
  bool adaptive_measured = false;
};

/// Adaptive timing (HOTPATH_ADAPTIVE): a function whose calls on a thread averaged
/// less than threshold_ns over review_calls timed calls is timed from then on 1
/// call in `period` on that thread, and counted otherwise.
struct AdaptiveTiming {
  bool enabled = false;
  double threshold_ns = 0;
  std::uint64_t review_calls = 0;
  std::uint32_t period = 0;
};

/// Report::name_width that makes each table fit a terminal of 120 columns.
constexpr std::size_t kNameWidthToFit = static_cast<std::size_t>(-1);

/// A finished measurement session: every measured function, sorted by total time
/// (descending), plus the settings the reporters need.
struct Report {
  std::string session_name;         ///< e.g. `main`
  std::uint64_t wall_ns = 0;        ///< wall time of the session
  std::vector<double> percentiles;  ///< e.g. {50, 95, 99.9}
  std::size_t limit = 15;           ///< rows a reporter shows; 0 = all
  /// Widest function name a table shows: wider ones are abbreviated (template
  /// arguments elided first, then the middle). kNameWidthToFit (the default) fits
  /// each table in 120 columns; 0 never abbreviates. JSON has the full names.
  std::size_t name_width = kNameWidthToFit;
  TimeMode time_mode = TimeMode::Inclusive;
  Compensation compensation;
  /// Time sampling (HOTPATH_TIME_SAMPLING_RATE): one call in this many of each
  /// function on each thread is timed; 1 times every call. Call counts are exact.
  std::uint32_t time_sampling_rate = 1;
  AdaptiveTiming adaptive_timing;
  std::vector<FunctionRow> rows;  ///< all rows, sorted by total_ns descending

  /// True when the program links hotpath-alloc: the allocation sections below exist.
  bool alloc_tracked = false;
  AllocMode alloc_mode = AllocMode::Exclusive;
  std::uint64_t alloc_total_bytes = 0;  ///< bytes allocated by all threads in the session
  std::vector<AllocRow> alloc_rows;     ///< sorted by alloc_bytes descending
  /// Threads: with hotpath-alloc, those that made a measured call, in that order,
  /// with their allocations; with the threads monitor, every thread of the process
  /// it saw (the others after them, in order of first sight).
  std::vector<ThreadAllocRow> threads;
  /// The threads monitor ran (live metrics, or a report asking for `threads`):
  /// ThreadAllocRow's status and CPU fields are filled.
  bool threads_monitored = false;
  std::uint32_t threads_interval_ms = 0;  ///< the monitor's sampling interval
  /// CPU time `threads` does not show: of threads that started and ended between
  /// two samples without recording a measured call, and of threads seen that then
  /// ended so. The process's CPU time less that of every thread listed.
  std::uint64_t threads_unseen_cpu_ns = 0;

  /// True when the program links hotpath-cpu: the CPU section below exists.
  bool cpu_sampled = false;
  CpuMode cpu_mode = CpuMode::Self;
  CpuSummary cpu;
  std::vector<CpuRow> cpu_rows;  ///< sorted by samples descending

  /// True when the program links hotpath-wait: the wait section below exists.
  bool waits_tracked = false;
  std::vector<WaitRow> wait_rows;  ///< functions that waited, by total_ns descending
  std::vector<LockRow> lock_rows;  ///< locks waited for, by total_ns descending
  /// Waits for locks beyond the ones a report keeps records of (in wait_rows only).
  std::uint64_t untracked_lock_waits = 0;

  /// Coroutine functions whose instances ran segments, by running_ns + suspended_ns
  /// descending.
  std::vector<CoroutineRow> coroutine_rows;

  /// The logical tree of coroutines, depth first: every node comes after its
  /// parent, siblings by total_ns descending. Empty when no measured coroutine's
  /// instance ended.
  std::vector<CoroutineTreeNode> coroutine_tree;
  /// Instances left out of coroutine_tree: their paths did not fit its table.
  std::uint64_t coroutine_tree_overflow = 0;

  /// Every gauge and counter of the process, by name; a report shows them all.
  std::vector<GaugeRow> gauge_rows;

  /// The call tree merged over threads, depth first: every node comes after its
  /// caller, siblings by total_ns descending. Empty when nothing was measured.
  std::vector<CallTreeNode> call_tree;
  /// Nodes a thread records at most; calls past it go under "(other)".
  std::size_t call_tree_node_limit = 0;

  // The sections the table reporter prints (HOTPATH_REPORT); a section without
  // data (allocations of a program without hotpath-alloc) is never printed. The
  // JSON reporter writes every section it has.
  bool show_timing = true;
  bool show_alloc = true;    ///< functions' allocations
  bool show_threads = true;  ///< threads' allocations
  bool show_cpu = true;
  bool show_waits = true;
  bool show_locks = true;
  bool show_coroutines = true;
  bool show_gauges = true;
  bool show_call_tree = false;  ///< hottest paths, and callers and callees of the top functions

  /// How many rows a reporter shows: `limit` of them, or all when limit is 0.
  std::size_t visible_row_count() const noexcept { return visible(rows.size()); }
  /// The same for alloc_rows.
  std::size_t visible_alloc_row_count() const noexcept { return visible(alloc_rows.size()); }
  /// The same for cpu_rows.
  std::size_t visible_cpu_row_count() const noexcept { return visible(cpu_rows.size()); }
  /// The same for wait_rows.
  std::size_t visible_wait_row_count() const noexcept { return visible(wait_rows.size()); }
  /// The same for lock_rows.
  std::size_t visible_lock_row_count() const noexcept { return visible(lock_rows.size()); }
  /// The same for coroutine_rows.
  std::size_t visible_coroutine_row_count() const noexcept {
    return visible(coroutine_rows.size());
  }

 private:
  std::size_t visible(std::size_t count) const noexcept {
    return limit == 0 || limit > count ? count : limit;
  }
};

/// Turns a Report into output. Implement it to send metrics elsewhere
/// (a log, a CI artifact, a database) and pass it to GuardBuilder::reporter().
class HOTPATH_API Reporter {
 public:
  virtual ~Reporter();
  /// Writes `report` to `out` (stdout, or the session's output file). Failures of
  /// the stream are detected by the caller and reported on stderr.
  virtual void write(const Report& report, std::ostream& out) = 0;
};

/// The ASCII table of the default report.
class HOTPATH_API TableReporter : public Reporter {
 public:
  /// `show_all` is what the notes about rows and call paths the limit hid tell the
  /// reader to use to see them all.
  explicit TableReporter(std::string show_all = "HOTPATH_LIMIT=0")
      : show_all_(std::move(show_all)) {}
  void write(const Report& report, std::ostream& out) override;

 private:
  std::string show_all_;
};

/// The JSON report (schema in docs/json-schema.md), compact or indented.
class HOTPATH_API JsonReporter : public Reporter {
 public:
  explicit JsonReporter(bool pretty = false) : pretty_(pretty) {}
  void write(const Report& report, std::ostream& out) override;

  /// One section of the report as write() puts it in the document, on one line:
  /// "functions_timing", "functions_alloc", "threads", "functions_cpu",
  /// "functions_wait", "locks", "coroutines" (there even before a measured coroutine
  /// runs, with no rows), "gauges" (likewise before a gauge or counter is used) or "call_tree"
  /// (there even before a measured call returns, with no nodes). Empty when the report has no such
  /// section (allocations of a program without hotpath-alloc, an unknown name).
  static std::string section(const Report& report, const std::string& name);

 private:
  bool pretty_;
};

}  // namespace hotpath

#endif  // HOTPATH_REPORT_HPP
