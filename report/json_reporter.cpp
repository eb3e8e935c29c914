// The JSON report, schema version 1 (docs/json-schema.md): the session's settings
// and one object per visible row under "functions_timing", plus "functions_alloc"
// and "threads" when the program links hotpath-alloc, "functions_cpu" when it links
// hotpath-cpu, "functions_wait" and "locks" when it links hotpath-wait, "coroutines"
// once a measured coroutine ran, "coroutine_tree" once one ended, "gauges" once a
// gauge or counter was used, and "call_tree" when any call was measured. Written
// as it goes (json_writer.hpp): a measure-all report holds megabytes of call paths.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hotpath/report.hpp"
#include "json_writer.hpp"
#include "row_timing.hpp"
#include "units.hpp"

namespace hotpath {

namespace {

using detail::JsonWriter;

constexpr int kSchemaVersion = 1;

// Integral values are written as integers so the output reads `95`, not `95.0`
// (percentiles, sampling frequencies). The upper bound keeps the conversion
// defined for absurd values; NaN fails the comparison.
void percentile_value(JsonWriter& json, double p) {
  if (p >= 0 && p <= 1e15 && std::floor(p) == p) {
    json.value(static_cast<std::uint64_t>(p));
  } else {
    json.value(p);
  }
}

double round_to_hundredths(double value) { return std::round(value * 100.0) / 100.0; }

// A text member that is null when empty.
void nullable_member(JsonWriter& json, std::string_view name, const std::string& text) {
  json.key(name);
  if (text.empty()) {
    json.null();
  } else {
    json.value(text);
  }
}

// One key per configured percentile, named by `key`; a row built with fewer
// values than the report has percentiles leaves the remaining keys out.
void percentile_members(JsonWriter& json, const Report& report,
                        const std::vector<std::uint64_t>& values, std::string (*key)(double)) {
  for (std::size_t i = 0; i < report.percentiles.size() && i < values.size(); ++i)
    json.member(key(report.percentiles[i]), values[i]);
}

void row_json(JsonWriter& json, const Report& report, const FunctionRow& row) {
  json.begin_object();
  json.member("name", row.name);
  json.member("signature", row.signature);
  json.member("calls", row.calls);
  json.member("avg_ns", row.avg_ns);
  percentile_members(json, report, row.percentile_ns, detail::percentile_json_key);
  json.member("total_ns", row.total_ns);
  json.member("percent_total", round_to_hundredths(row.percent_total));
  json.key("location");
  json.begin_object();
  json.member("file", row.file);
  json.member("line", row.line);
  json.end_object();
  if (report.compensation.enabled) json.member("measured_total_ns", row.measured_total_ns);
  // Rows without "timing" had every call timed.
  if (report.time_sampling_rate > 1 || row.adaptive) {
    json.member("timed_calls", row.timed_calls);
    json.member("timing", detail::timing_name(report, row));
  }
  json.end_object();
}

void alloc_row_json(JsonWriter& json, const Report& report, const AllocRow& row) {
  json.begin_object();
  json.member("name", row.name);
  json.member("signature", row.signature);
  json.member("calls", row.calls);
  json.member("alloc_bytes", row.alloc_bytes);
  json.member("alloc_count", row.alloc_count);
  json.member("dealloc_bytes", row.dealloc_bytes);
  json.member("dealloc_count", row.dealloc_count);
  json.member("avg_bytes", row.avg_bytes);
  percentile_members(json, report, row.percentile_bytes, detail::percentile_bytes_json_key);
  json.member("percent_total", round_to_hundredths(row.percent_total));
  json.end_object();
}

// Allocated minus freed bytes, negative when the thread freed more (such as memory
// that another thread allocated). No thread frees 2^63 bytes, so the negation fits.
void diff_bytes(JsonWriter& json, const ThreadAllocRow& row) {
  if (row.alloc_bytes >= row.dealloc_bytes) {
    json.value(row.alloc_bytes - row.dealloc_bytes);
  } else {
    json.value(-static_cast<std::int64_t>(row.dealloc_bytes - row.alloc_bytes));
  }
}

void thread_json(JsonWriter& json, const Report& report, const ThreadAllocRow& row) {
  json.begin_object();
  json.member("name", row.name);
  if (report.alloc_tracked) {
    json.member("alloc_bytes", row.alloc_bytes);
    json.member("alloc_count", row.alloc_count);
    json.member("dealloc_bytes", row.dealloc_bytes);
    json.member("dealloc_count", row.dealloc_count);
    json.key("diff_bytes");
    diff_bytes(json, row);
  }
  if (report.threads_monitored) {
    json.member("tid", row.tid);
    // A thread that made measured calls but ended before the monitor first looked.
    nullable_member(json, "status", row.status);
    json.member("cpu_percent_max", round_to_hundredths(row.cpu_percent_max));
    json.member("cpu_percent_avg", round_to_hundredths(row.cpu_percent_avg));
    json.member("cpu_ns", row.cpu_ns);
  }
  json.end_object();
}

void percentiles_json(JsonWriter& json, const Report& report) {
  json.begin_array();
  for (double p : report.percentiles) percentile_value(json, p);
  json.end_array();
}

// A section's rows: the limit, how many rows there are, and under "data" the first
// `visible` of them, one object each.
template <typename Row>
void rows_members(JsonWriter& json, const Report& report, const std::vector<Row>& rows,
                  std::size_t visible, void (*entry)(JsonWriter&, const Report&, const Row&)) {
  json.member("limit", report.limit);
  json.member("total_functions", rows.size());
  json.key("data");
  json.begin_array();
  for (std::size_t i = 0; i < visible; ++i) entry(json, report, rows[i]);
  json.end_array();
}

// Sub-nanosecond figures, to two decimals.
void compensation_json(JsonWriter& json, const Compensation& compensation) {
  json.begin_object();
  json.member("per_call_ns", round_to_hundredths(compensation.per_call_ns));
  json.member("per_nested_call_ns", round_to_hundredths(compensation.per_nested_call_ns));
  // Measured only when a call could be left untimed.
  if (compensation.adaptive_measured) {
    json.member("per_untimed_call_ns", round_to_hundredths(compensation.per_untimed_call_ns));
    json.member("per_chosen_call_ns", round_to_hundredths(compensation.per_chosen_call_ns));
    json.member("per_nested_chosen_call_ns",
                round_to_hundredths(compensation.per_nested_chosen_call_ns));
  }
  json.end_object();
}

void adaptive_timing_json(JsonWriter& json, const AdaptiveTiming& adaptive) {
  json.begin_object();
  json.member("threshold_ns", round_to_hundredths(adaptive.threshold_ns));
  json.member("review_calls", adaptive.review_calls);
  json.member("period", adaptive.period);
  json.end_object();
}

void timing_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.member("caller_name", report.session_name);
  json.member("time_mode", report.time_mode == TimeMode::Exclusive ? "exclusive" : "inclusive");
  json.member("total_elapsed_ns", report.wall_ns);
  json.key("percentiles");
  percentiles_json(json, report);
  rows_members(json, report, report.rows, report.visible_row_count(), row_json);
  if (report.compensation.enabled) {
    json.key("compensation");
    compensation_json(json, report.compensation);
  }
  if (report.time_sampling_rate > 1) json.member("time_sampling_rate", report.time_sampling_rate);
  if (report.adaptive_timing.enabled) {
    json.key("adaptive_timing");
    adaptive_timing_json(json, report.adaptive_timing);
  }
  json.end_object();
}

void alloc_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.member("mode", report.alloc_mode == AllocMode::Cumulative ? "cumulative" : "exclusive");
  json.member("total_bytes", report.alloc_total_bytes);
  json.key("percentiles");
  percentiles_json(json, report);
  rows_members(json, report, report.alloc_rows, report.visible_alloc_row_count(), alloc_row_json);
  json.end_object();
}

void threads_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  if (report.threads_monitored) {
    json.member("interval_ms", report.threads_interval_ms);
    json.member("unseen_cpu_ns", report.threads_unseen_cpu_ns);
  }
  json.key("data");
  json.begin_array();
  for (const ThreadAllocRow& row : report.threads) thread_json(json, report, row);
  json.end_array();
  json.end_object();
}

void cpu_row_json(JsonWriter& json, const Report&, const CpuRow& row) {
  json.begin_object();
  json.member("name", row.name);
  // "(not measured)" is no function.
  nullable_member(json, "signature", row.signature);
  json.member("samples", row.samples);
  json.member("cpu_ns", row.cpu_ns);
  json.member("percent_total", round_to_hundredths(row.percent_total));
  json.end_object();
}

void cpu_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.member("mode", report.cpu_mode == CpuMode::Inclusive ? "inclusive" : "self");
  json.member("timer", report.cpu.timer);
  json.key("frequency_hz");
  percentile_value(json, report.cpu.frequency_hz);
  json.member("total_samples", report.cpu.samples);
  json.member("sample_period_ns", report.cpu.period_ns);
  json.member("cpu_ns", report.cpu.cpu_ns);
  json.member("lost_samples", report.cpu.lost_samples);
  json.member("stopped_early", report.cpu.stopped_early);
  rows_members(json, report, report.cpu_rows, report.visible_cpu_row_count(), cpu_row_json);
  json.end_object();
}

void wait_row_json(JsonWriter& json, const Report&, const WaitRow& row) {
  json.begin_object();
  json.member("name", row.name);
  json.member("signature", row.signature);
  json.member("count", row.count);
  json.member("total_ns", row.total_ns);
  json.member("self_count", row.self_count);
  json.member("self_ns", row.self_ns);
  json.member("percent_wall", round_to_hundredths(row.percent_wall));
  json.member("io_bytes", row.io_bytes);
  json.member("self_io_bytes", row.self_io_bytes);
  json.key("causes");
  json.begin_object();
  for (std::size_t index = 0; index < kWaitCauseCount; ++index) {
    const WaitCauseRow& cause = row.causes[index];
    json.key(kWaitCauseNames[index]);
    json.begin_object();
    json.member("count", cause.count);
    json.member("total_ns", cause.total_ns);
    json.member("self_count", cause.self_count);
    json.member("self_ns", cause.self_ns);
    json.end_object();
  }
  json.end_object();
  json.end_object();
}

void wait_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  rows_members(json, report, report.wait_rows, report.visible_wait_row_count(), wait_row_json);
  json.end_object();
}

void lock_row_json(JsonWriter& json, const Report&, const LockRow& row) {
  json.begin_object();
  json.member("name", row.name);
  json.member("kind", row.kind);
  json.member("waits", row.waits);
  json.member("total_ns", row.total_ns);
  json.member("max_ns", row.max_ns);
  json.key("first_contended");
  json.begin_object();
  json.member("function", row.first_function);
  json.member("location", row.first_location);
  json.end_object();
  json.key("holders");
  json.begin_array();
  for (const LockHolderRow& holder : row.holders) {
    json.begin_object();
    json.member("function", holder.function);
    json.member("waits", holder.waits);
    json.member("total_ns", holder.total_ns);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

void locks_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.member("limit", report.limit);
  json.member("total_locks", report.lock_rows.size());
  json.member("untracked_waits", report.untracked_lock_waits);
  json.key("data");
  json.begin_array();
  for (std::size_t i = 0; i < report.visible_lock_row_count(); ++i)
    lock_row_json(json, report, report.lock_rows[i]);
  json.end_array();
  json.end_object();
}

void coroutine_row_json(JsonWriter& json, const Report& report, const CoroutineRow& row) {
  json.begin_object();
  json.member("name", row.name);
  json.member("signature", row.signature);
  json.member("instances", row.instances);
  json.member("completed", row.completed);
  json.member("destroyed", row.destroyed);
  json.member("resumes", row.resumes);
  json.member("running_ns", row.running_ns);
  json.member("suspended_ns", row.suspended_ns);
  json.member("avg_running_ns", row.avg_running_ns);
  json.member("avg_suspended_ns", row.avg_suspended_ns);
  percentile_members(json, report, row.running_percentile_ns, detail::running_percentile_json_key);
  percentile_members(json, report, row.suspended_percentile_ns,
                     detail::suspended_percentile_json_key);
  json.end_object();
}

void coroutines_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.key("percentiles");
  percentiles_json(json, report);
  rows_members(json, report, report.coroutine_rows, report.visible_coroutine_row_count(),
               coroutine_row_json);
  json.end_object();
}

// One row schema for both kinds: a counter's "value" is its total, and it has no
// least or greatest value (null).
void gauge_row_json(JsonWriter& json, const GaugeRow& row) {
  const bool counter = row.kind == GaugeKind::Counter;
  json.begin_object();
  json.member("name", row.name);
  json.member("kind", counter ? "counter" : "gauge");
  json.key("value");
  if (counter) {
    json.value(row.total);
  } else {
    json.value(row.value);
  }
  json.key("min");
  counter ? json.null() : json.value(row.min);
  json.key("max");
  counter ? json.null() : json.value(row.max);
  json.member("updates", row.updates);
  json.end_object();
}

// Every gauge and counter: they are few, and the program chose each one.
void gauges_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.member("total_gauges", report.gauge_rows.size());
  json.key("data");
  json.begin_array();
  for (const GaugeRow& row : report.gauge_rows) gauge_row_json(json, row);
  json.end_array();
  json.end_object();
}

/// A tree node's "parent": its index, or null at the root.
void parent_member(JsonWriter& json, std::size_t parent, std::size_t no_parent) {
  json.key("parent");
  if (parent == no_parent) {
    json.null();
  } else {
    json.value(parent);
  }
}

void call_tree_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.member("node_limit_per_thread", report.call_tree_node_limit);
  json.key("nodes");
  json.begin_array();
  for (const CallTreeNode& node : report.call_tree) {
    json.begin_object();
    json.member("name", node.name);
    parent_member(json, node.parent, CallTreeNode::kNoParent);
    json.member("calls", node.calls);
    json.member("total_ns", node.total_ns);
    json.member("self_ns", node.self_ns);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

void coroutine_tree_json(JsonWriter& json, const Report& report) {
  json.begin_object();
  json.member("overflow_instances", report.coroutine_tree_overflow);
  json.key("nodes");
  json.begin_array();
  for (const CoroutineTreeNode& node : report.coroutine_tree) {
    json.begin_object();
    json.member("name", node.name);
    parent_member(json, node.parent, CoroutineTreeNode::kNoParent);
    json.member("instances", node.instances);
    json.member("total_ns", node.total_ns);
    json.member("running_ns", node.running_ns);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

/// A section of the document: its name, whether a report has it, how it is
/// written.
struct Section {
  const char* name;
  bool (*present)(const Report&);
  void (*write)(JsonWriter&, const Report&);
};

/// The sections in the order of the document.
constexpr Section kSections[] = {
    {"functions_timing", [](const Report&) { return true; }, timing_json},
    {"functions_alloc", [](const Report& report) { return report.alloc_tracked; }, alloc_json},
    {"threads",
     [](const Report& report) { return report.alloc_tracked || report.threads_monitored; },
     threads_json},
    {"functions_cpu", [](const Report& report) { return report.cpu_sampled; }, cpu_json},
    {"functions_wait", [](const Report& report) { return report.waits_tracked; }, wait_json},
    {"locks", [](const Report& report) { return report.waits_tracked; }, locks_json},
    // Once a measured coroutine ran (asked for by name, the section is there, empty or not).
    {"coroutines", [](const Report& report) { return !report.coroutine_rows.empty(); },
     coroutines_json},
    {"coroutine_tree", [](const Report& report) { return !report.coroutine_tree.empty(); },
     coroutine_tree_json},
    // Once a gauge or counter was used (asked for by name, the section is there, empty or not).
    {"gauges", [](const Report& report) { return !report.gauge_rows.empty(); }, gauges_json},
    // Once a call was measured (asked for by name, the section is there, empty or not).
    {"call_tree", [](const Report& report) { return !report.call_tree.empty(); }, call_tree_json},
};

}  // namespace

void JsonReporter::write(const Report& report, std::ostream& out) {
  std::string text;
  JsonWriter json(text, pretty_);
  json.begin_object();
  json.member("schema_version", kSchemaVersion);
  for (const Section& section : kSections) {
    if (!section.present(report)) continue;
    json.key(section.name);
    section.write(json, report);
  }
  json.end_object();
  text += '\n';
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

std::string JsonReporter::section(const Report& report, const std::string& name) {
  std::string text;
  for (const Section& section : kSections) {
    if (name != section.name) continue;
    if (section.present(report) || name == "call_tree" || name == "coroutines" ||
        name == "gauges") {
      JsonWriter json(text, false);
      section.write(json, report);
    }
  }
  return text;
}

}  // namespace hotpath
