// The exposition format: a `# HELP` and a `# TYPE` line per metric family, then
// one sample per line, `name{label="value"} number`. A histogram's buckets are
// cumulative and end with le="+Inf", equal to its _count.
#include "live/prometheus_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <string_view>
#include <unordered_set>

namespace hotpath::live {
namespace {

/// A label value with backslash, double quote and line feed escaped.
std::string label_value(const std::string& text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (char c : text) {
    if (c == '\\') {
      escaped += "\\\\";
    } else if (c == '"') {
      escaped += "\\\"";
    } else if (c == '\n') {
      escaped += "\\n";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

double seconds(std::uint64_t ns) { return static_cast<double>(ns) / 1e9; }

void family(std::string& out, const char* name, const char* type, const char* help) {
  fmt::format_to(std::back_inserter(out), "# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
}

/// The `le` label of grid bucket `index`: its bound in seconds, in the shortest text
/// that reads back as the same double, so that a series keeps its label text from
/// scrape to scrape.
const std::string& bucket_label(std::map<int, std::string>& labels, int index) {
  auto [label, added] = labels.try_emplace(index);
  if (added) label->second = fmt::format("{}", DurationBuckets::bound_ns(index) / 1e9);
  return label->second;
}

void duration_histogram(std::string& out, const Report& report, std::size_t functions) {
  family(out, "hotpath_function_duration_seconds", "histogram",
         report.time_mode == TimeMode::Exclusive
             ? "Self time of a measured function's calls (its measured callees' left out)."
             : "Duration of a measured function's calls.");
  std::map<int, std::string> labels;
  for (std::size_t index = 0; index < functions; ++index) {
    const FunctionRow& row = report.rows[index];
    const std::string function = label_value(row.name);
    const DurationBuckets& buckets = row.duration_buckets;
    for (std::size_t i = 0; i < buckets.cumulative.size(); ++i) {
      fmt::format_to(std::back_inserter(out),
                     "hotpath_function_duration_seconds_bucket{{function=\"{}\",le=\"{}\"}} {}\n",
                     function, bucket_label(labels, buckets.first_index + static_cast<int>(i)),
                     buckets.cumulative[i]);
    }
    fmt::format_to(std::back_inserter(out),
                   "hotpath_function_duration_seconds_bucket{{function=\"{}\",le=\"+Inf\"}} {}\n"
                   "hotpath_function_duration_seconds_sum{{function=\"{}\"}} {}\n"
                   "hotpath_function_duration_seconds_count{{function=\"{}\"}} {}\n",
                   function, row.calls, function, seconds(row.total_ns), function, row.calls);
  }
}

/// Which functions are written: those of the first `functions` rows of the report
/// (every one, with no set to look in, when that is all rows). Rows of other
/// sections are kept by name: their orders are their own.
class KeptFunctions {
 public:
  KeptFunctions(const Report& report, std::size_t functions)
      : all_(functions == report.rows.size()) {
    if (all_) return;
    for (std::size_t index = 0; index < functions; ++index) names_.insert(report.rows[index].name);
  }
  bool operator()(const std::string& name) const { return all_ || names_.count(name) != 0; }

 private:
  bool all_;
  std::unordered_set<std::string_view> names_;
};

/// A counter family with one sample per row, labelled by the row's function.
template <typename Row, typename Value>
void function_counter(std::string& out, const char* name, const char* help,
                      const std::vector<Row>& rows, const KeptFunctions& kept, Value value_of) {
  family(out, name, "counter", help);
  for (const Row& row : rows) {
    if (!kept(row.name)) continue;
    fmt::format_to(std::back_inserter(out), "{}{{function=\"{}\"}} {}\n", name,
                   label_value(row.name), value_of(row));
  }
}

/// A family with one sample per gauge row of `kind`, labelled by its name.
template <typename Value>
void gauge_family(std::string& out, const char* name, const char* type, const char* help,
                  const Report& report, GaugeKind kind, Value value_of) {
  family(out, name, type, help);
  for (const GaugeRow& row : report.gauge_rows) {
    if (row.kind != kind) continue;
    fmt::format_to(std::back_inserter(out), "{}{{name=\"{}\"}} {}\n", name, label_value(row.name),
                   value_of(row));
  }
}

/// The program's counters and gauges, each family only when it has a sample.
void gauge_families(std::string& out, const Report& report) {
  const auto has = [&](GaugeKind kind) {
    for (const GaugeRow& row : report.gauge_rows)
      if (row.kind == kind) return true;
    return false;
  };
  if (has(GaugeKind::Counter)) {
    gauge_family(out, "hotpath_counters_total", "counter",
                 "A counter of the program (hotpath::counter): its total.", report,
                 GaugeKind::Counter, [](const GaugeRow& row) { return row.total; });
    gauge_family(out, "hotpath_counters_adds_total", "counter",
                 "Calls that added to a counter of the program.", report, GaugeKind::Counter,
                 [](const GaugeRow& row) { return row.updates; });
  }
  if (has(GaugeKind::Gauge)) {
    gauge_family(out, "hotpath_gauges", "gauge",
                 "A gauge of the program (hotpath::gauge): its last value.", report,
                 GaugeKind::Gauge, [](const GaugeRow& row) { return row.value; });
    gauge_family(out, "hotpath_gauges_min", "gauge", "The least value a gauge of the program held.",
                 report, GaugeKind::Gauge, [](const GaugeRow& row) { return row.min; });
    gauge_family(out, "hotpath_gauges_max", "gauge",
                 "The greatest value a gauge of the program held.", report, GaugeKind::Gauge,
                 [](const GaugeRow& row) { return row.max; });
    gauge_family(out, "hotpath_gauges_updates_total", "counter",
                 "Calls that set a gauge of the program or added to it.", report, GaugeKind::Gauge,
                 [](const GaugeRow& row) { return row.updates; });
  }
}

/// A counter family of waits by function and cause (inclusive, as the report's
/// Blocked column): a sample for each cause a function waited for, none for the
/// others.
template <typename Value>
void wait_family(std::string& out, const char* name, const char* help, const Report& report,
                 const KeptFunctions& kept, Value value_of) {
  family(out, name, "counter", help);
  for (const WaitRow& row : report.wait_rows) {
    if (!kept(row.name)) continue;
    for (std::size_t cause = 0; cause < kWaitCauseCount; ++cause) {
      if (row.causes[cause].count == 0) continue;
      fmt::format_to(std::back_inserter(out), "{}{{function=\"{}\",cause=\"{}\"}} {}\n", name,
                     label_value(row.name), kWaitCauseNames[cause], value_of(row.causes[cause]));
    }
  }
}

/// A counter family of the first `locks` contended locks, by name and kind.
template <typename Value>
void lock_family(std::string& out, const char* name, const char* help, const Report& report,
                 std::size_t locks, Value value_of) {
  family(out, name, "counter", help);
  for (std::size_t index = 0; index < locks; ++index) {
    const LockRow& row = report.lock_rows[index];
    fmt::format_to(std::back_inserter(out), "{}{{lock=\"{}\",kind=\"{}\"}} {}\n", name,
                   label_value(row.name), row.kind, value_of(row));
  }
}

}  // namespace

std::string prometheus_text(const Report& report, const MetricsOptions& options) {
  const auto cut = [&](std::size_t rows) {
    return options.limit == 0 ? rows : std::min(rows, options.limit);
  };
  const std::size_t functions = cut(report.rows.size());
  const KeptFunctions kept(report, functions);
  std::string out;
  family(out, "hotpath_elapsed_seconds", "gauge",
         "Wall time since the session opened (or the program started).");
  fmt::format_to(std::back_inserter(out), "hotpath_elapsed_seconds {}\n", seconds(report.wall_ns));
  function_counter(out, "hotpath_function_calls_total",
                   "Calls of a measured function that returned.", report.rows, kept,
                   [](const FunctionRow& row) { return row.calls; });
  duration_histogram(out, report, functions);
  if (report.alloc_tracked) {
    function_counter(out, "hotpath_function_alloc_bytes_total",
                     "Bytes allocated by a measured function's calls.", report.alloc_rows, kept,
                     [](const AllocRow& row) { return row.alloc_bytes; });
    function_counter(out, "hotpath_function_allocations_total",
                     "Allocations made by a measured function's calls.", report.alloc_rows, kept,
                     [](const AllocRow& row) { return row.alloc_count; });
  }
  // One series per thread: a pool that replaces its threads would add series
  // without end, so only when asked for.
  if (options.threads && report.threads_monitored) {
    family(out, "hotpath_thread_cpu_seconds_total", "counter",
           "CPU time a thread used since it started, as the threads monitor last saw it.");
    for (const ThreadAllocRow& row : report.threads) {
      fmt::format_to(std::back_inserter(out),
                     "hotpath_thread_cpu_seconds_total{{thread=\"{}\",tid=\"{}\"}} {}\n",
                     label_value(row.name), row.tid, seconds(row.cpu_ns));
    }
  }
  if (report.cpu_sampled) {
    function_counter(out, "hotpath_function_cpu_samples_total",
                     "CPU samples taken while a measured function ran.", report.cpu_rows, kept,
                     [](const CpuRow& row) { return row.samples; });
  }
  if (report.waits_tracked) {
    wait_family(out, "hotpath_function_waits_total",
                "Waits while a measured function was on the thread's stack, by cause.", report,
                kept, [](const WaitCauseRow& cause) { return cause.count; });
    wait_family(out, "hotpath_function_wait_seconds_total",
                "Time blocked while a measured function was on the thread's stack, by cause.",
                report, kept, [](const WaitCauseRow& cause) { return seconds(cause.total_ns); });
    const std::size_t locks = cut(report.lock_rows.size());
    lock_family(out, "hotpath_lock_waits_total", "Waits for a lock another thread held.", report,
                locks, [](const LockRow& row) { return row.waits; });
    lock_family(out, "hotpath_lock_wait_seconds_total",
                "Time threads waited for a lock another thread held.", report, locks,
                [](const LockRow& row) { return seconds(row.total_ns); });
  }
  // Once a measured coroutine ran, as in the report.
  if (!report.coroutine_rows.empty()) {
    function_counter(out, "hotpath_coroutine_instances_total",
                     "Instances of a measured coroutine that started.", report.coroutine_rows, kept,
                     [](const CoroutineRow& row) { return row.instances; });
    function_counter(out, "hotpath_coroutine_resumes_total",
                     "Segments a measured coroutine's instances ran: each one's first, and one "
                     "per resume after a suspension.",
                     report.coroutine_rows, kept,
                     [](const CoroutineRow& row) { return row.resumes; });
    function_counter(out, "hotpath_coroutine_running_seconds_total",
                     "Time the ended instances of a measured coroutine ran, from each resume to "
                     "the next suspension.",
                     report.coroutine_rows, kept,
                     [](const CoroutineRow& row) { return seconds(row.running_ns); });
    function_counter(out, "hotpath_coroutine_suspended_seconds_total",
                     "Time the ended instances of a measured coroutine spent suspended.",
                     report.coroutine_rows, kept,
                     [](const CoroutineRow& row) { return seconds(row.suspended_ns); });
  }
  gauge_families(out, report);
  return out;
}

}  // namespace hotpath::live
