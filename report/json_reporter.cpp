// The JSON report, schema version 1 (docs/json-schema.md): the session's settings
// and one object per visible row under "functions_timing", plus "functions_alloc"
// and "threads" when the program links hotpath-alloc, "functions_cpu" when it links
// hotpath-cpu, and "call_tree" when any call was measured.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "hotpath/report.hpp"
#include "row_timing.hpp"
#include "units.hpp"

namespace hotpath {

namespace {

using Json = nlohmann::ordered_json;

constexpr int kSchemaVersion = 1;

// Integral values become integers so the output reads `95`, not `95.0` (percentiles,
// sampling frequencies). The upper bound keeps the conversion defined for absurd
// values; NaN fails the comparison.
Json percentile_value(double p) {
  if (p >= 0 && p <= 1e15 && std::floor(p) == p) return static_cast<std::uint64_t>(p);
  return p;
}

double round_to_hundredths(double value) { return std::round(value * 100.0) / 100.0; }

// One key per configured percentile, named by `key`; a row built with fewer
// values than the report has percentiles leaves the remaining keys out.
void add_percentiles(Json& entry, const Report& report, const std::vector<std::uint64_t>& values,
                     std::string (*key)(double)) {
  for (std::size_t i = 0; i < report.percentiles.size() && i < values.size(); ++i) {
    entry[key(report.percentiles[i])] = values[i];
  }
}

Json row_json(const Report& report, const FunctionRow& row) {
  Json entry;
  entry["name"] = row.name;
  entry["signature"] = row.signature;
  entry["calls"] = row.calls;
  entry["avg_ns"] = row.avg_ns;
  add_percentiles(entry, report, row.percentile_ns, detail::percentile_json_key);
  entry["total_ns"] = row.total_ns;
  entry["percent_total"] = round_to_hundredths(row.percent_total);
  entry["location"] = Json{{"file", row.file}, {"line", row.line}};
  if (report.compensation.enabled) entry["measured_total_ns"] = row.measured_total_ns;
  // Rows without "timing" had every call timed.
  if (report.time_sampling_rate > 1 || row.adaptive) {
    entry["timed_calls"] = row.timed_calls;
    entry["timing"] = detail::timing_name(report, row);
  }
  return entry;
}

Json alloc_row_json(const Report& report, const AllocRow& row) {
  Json entry;
  entry["name"] = row.name;
  entry["signature"] = row.signature;
  entry["calls"] = row.calls;
  entry["alloc_bytes"] = row.alloc_bytes;
  entry["alloc_count"] = row.alloc_count;
  entry["dealloc_bytes"] = row.dealloc_bytes;
  entry["dealloc_count"] = row.dealloc_count;
  entry["avg_bytes"] = row.avg_bytes;
  add_percentiles(entry, report, row.percentile_bytes, detail::percentile_bytes_json_key);
  entry["percent_total"] = round_to_hundredths(row.percent_total);
  return entry;
}

// Allocated minus freed bytes, negative when the thread freed more (such as memory
// that another thread allocated). No thread frees 2^63 bytes, so the negation fits.
Json diff_bytes(const ThreadAllocRow& row) {
  if (row.alloc_bytes >= row.dealloc_bytes) return row.alloc_bytes - row.dealloc_bytes;
  return -static_cast<std::int64_t>(row.dealloc_bytes - row.alloc_bytes);
}

Json thread_json(const Report& report, const ThreadAllocRow& row) {
  Json entry;
  entry["name"] = row.name;
  if (report.alloc_tracked) {
    entry["alloc_bytes"] = row.alloc_bytes;
    entry["alloc_count"] = row.alloc_count;
    entry["dealloc_bytes"] = row.dealloc_bytes;
    entry["dealloc_count"] = row.dealloc_count;
    entry["diff_bytes"] = diff_bytes(row);
  }
  if (report.threads_monitored) {
    entry["tid"] = row.tid;
    // A thread that made measured calls but ended before the monitor first looked.
    entry["status"] = row.status.empty() ? Json() : Json(row.status);
    entry["cpu_percent_max"] = round_to_hundredths(row.cpu_percent_max);
    entry["cpu_percent_avg"] = round_to_hundredths(row.cpu_percent_avg);
    entry["cpu_ns"] = row.cpu_ns;
  }
  return entry;
}

Json percentiles_json(const Report& report) {
  Json percentiles = Json::array();
  for (double p : report.percentiles) percentiles.push_back(percentile_value(p));
  return percentiles;
}

// The first `visible` of `rows`, one object each.
template <typename Row>
Json data_json(const Report& report, const std::vector<Row>& rows, std::size_t visible,
               Json (*entry)(const Report&, const Row&)) {
  Json data = Json::array();
  for (std::size_t i = 0; i < visible; ++i) data.push_back(entry(report, rows[i]));
  return data;
}

// Sub-nanosecond figures, to two decimals.
Json compensation_json(const Compensation& compensation) {
  Json figures;
  figures["per_call_ns"] = round_to_hundredths(compensation.per_call_ns);
  figures["per_nested_call_ns"] = round_to_hundredths(compensation.per_nested_call_ns);
  // Measured only when a call could be left untimed.
  if (!compensation.adaptive_measured) return figures;
  figures["per_untimed_call_ns"] = round_to_hundredths(compensation.per_untimed_call_ns);
  figures["per_chosen_call_ns"] = round_to_hundredths(compensation.per_chosen_call_ns);
  figures["per_nested_chosen_call_ns"] =
      round_to_hundredths(compensation.per_nested_chosen_call_ns);
  return figures;
}

Json adaptive_timing_json(const AdaptiveTiming& adaptive) {
  Json settings;
  settings["threshold_ns"] = round_to_hundredths(adaptive.threshold_ns);
  settings["review_calls"] = adaptive.review_calls;
  settings["period"] = adaptive.period;
  return settings;
}

Json timing_json(const Report& report) {
  Json timing;
  timing["caller_name"] = report.session_name;
  timing["time_mode"] = report.time_mode == TimeMode::Exclusive ? "exclusive" : "inclusive";
  timing["total_elapsed_ns"] = report.wall_ns;
  timing["percentiles"] = percentiles_json(report);
  timing["limit"] = report.limit;
  timing["total_functions"] = report.rows.size();
  timing["data"] = data_json(report, report.rows, report.visible_row_count(), row_json);
  if (report.compensation.enabled) timing["compensation"] = compensation_json(report.compensation);
  if (report.time_sampling_rate > 1) timing["time_sampling_rate"] = report.time_sampling_rate;
  if (report.adaptive_timing.enabled)
    timing["adaptive_timing"] = adaptive_timing_json(report.adaptive_timing);
  return timing;
}

Json alloc_json(const Report& report) {
  Json alloc;
  alloc["mode"] = report.alloc_mode == AllocMode::Cumulative ? "cumulative" : "exclusive";
  alloc["total_bytes"] = report.alloc_total_bytes;
  alloc["percentiles"] = percentiles_json(report);
  alloc["limit"] = report.limit;
  alloc["total_functions"] = report.alloc_rows.size();
  alloc["data"] =
      data_json(report, report.alloc_rows, report.visible_alloc_row_count(), alloc_row_json);
  return alloc;
}

Json threads_json(const Report& report) {
  Json data = Json::array();
  for (const ThreadAllocRow& row : report.threads) data.push_back(thread_json(report, row));
  Json threads;
  if (report.threads_monitored) {
    threads["interval_ms"] = report.threads_interval_ms;
    threads["unseen_cpu_ns"] = report.threads_unseen_cpu_ns;
  }
  threads["data"] = std::move(data);
  return threads;
}

Json cpu_row_json(const Report&, const CpuRow& row) {
  Json entry;
  entry["name"] = row.name;
  // "(not measured)" is no function.
  entry["signature"] = row.signature.empty() ? Json() : Json(row.signature);
  entry["samples"] = row.samples;
  entry["cpu_ns"] = row.cpu_ns;
  entry["percent_total"] = round_to_hundredths(row.percent_total);
  return entry;
}

Json cpu_json(const Report& report) {
  Json cpu;
  cpu["mode"] = report.cpu_mode == CpuMode::Inclusive ? "inclusive" : "self";
  cpu["timer"] = report.cpu.timer;
  cpu["frequency_hz"] = percentile_value(report.cpu.frequency_hz);
  cpu["total_samples"] = report.cpu.samples;
  cpu["sample_period_ns"] = report.cpu.period_ns;
  cpu["cpu_ns"] = report.cpu.cpu_ns;
  cpu["lost_samples"] = report.cpu.lost_samples;
  cpu["stopped_early"] = report.cpu.stopped_early;
  cpu["limit"] = report.limit;
  cpu["total_functions"] = report.cpu_rows.size();
  cpu["data"] = data_json(report, report.cpu_rows, report.visible_cpu_row_count(), cpu_row_json);
  return cpu;
}

Json call_tree_json(const Report& report) {
  Json nodes = Json::array();
  for (const CallTreeNode& node : report.call_tree) {
    Json entry;
    entry["name"] = node.name;
    entry["parent"] = node.parent == CallTreeNode::kNoParent ? Json() : Json(node.parent);
    entry["calls"] = node.calls;
    entry["total_ns"] = node.total_ns;
    entry["self_ns"] = node.self_ns;
    nodes.push_back(std::move(entry));
  }
  Json tree;
  tree["node_limit_per_thread"] = report.call_tree_node_limit;
  tree["nodes"] = std::move(nodes);
  return tree;
}

/// The report's sections, in the order of the document; a section the report has
/// no data for is left out.
Json sections_json(const Report& report, const std::string& only = "") {
  Json document = Json::object();
  const auto wanted = [&](const char* name) { return only.empty() || only == name; };
  if (wanted("functions_timing")) document["functions_timing"] = timing_json(report);
  if (report.alloc_tracked && wanted("functions_alloc"))
    document["functions_alloc"] = alloc_json(report);
  if ((report.alloc_tracked || report.threads_monitored) && wanted("threads"))
    document["threads"] = threads_json(report);
  if (report.cpu_sampled && wanted("functions_cpu")) document["functions_cpu"] = cpu_json(report);
  // The document has a call tree once a call was measured; asked for by name, the
  // section is there, empty or not.
  if ((!report.call_tree.empty() || only == "call_tree") && wanted("call_tree"))
    document["call_tree"] = call_tree_json(report);
  return document;
}

/// Names and file names come from source files and may hold any bytes: invalid
/// UTF-8 becomes U+FFFD instead of an exception from a report written at exit.
std::string dump(const Json& value, bool pretty) {
  return value.dump(pretty ? 2 : -1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

void JsonReporter::write(const Report& report, std::ostream& out) {
  Json document;
  document["schema_version"] = kSchemaVersion;
  document.update(sections_json(report));
  const std::string text = dump(document, pretty_);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.put('\n');
}

std::string JsonReporter::section(const Report& report, const std::string& name) {
  Json document = sections_json(report, name);
  return document.contains(name) ? dump(document[name], false) : std::string();
}

}  // namespace hotpath
