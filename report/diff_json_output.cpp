// The JSON output of `hotpath diff`, for scripts: settings, both reports, the
// counts, one object per function in the order of the other outputs, and the notes.
// Values are raw integers in the metric's unit, as in the reports; a coroutine
// metric's "calls" are the coroutine's instances.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "diff_output.hpp"

namespace hotpath {
namespace {

using Json = nlohmann::ordered_json;

// Integral numbers print as integers (30, not 30.0), as in the reports.
Json number_value(double value) {
  if (value >= 0 && value <= 1e15 && std::floor(value) == value)
    return static_cast<std::uint64_t>(value);
  return value;
}

const char* unit_of(const DiffMetric& metric) {
  if (metric.kind == DiffMetric::Kind::Alloc) return "bytes";
  if (metric.kind == DiffMetric::Kind::Resumes) return "resumes";
  return "ns";
}

Json side_json(const DiffSide& side) {
  Json json;
  json["file"] = side.label;
  json["saved_functions"] = side.saved_functions;
  json["total_functions"] = side.measured_functions;
  return json;
}

Json measured_json(const std::optional<MeasuredValue>& measured) {
  if (!measured) return nullptr;
  return Json{{"calls", measured->calls}, {"value", measured->value}};
}

Json change_json(const FunctionChange& change) {
  Json json;
  json["name"] = change.name;
  json["status"] = change_kind_name(change.kind);
  json["base"] = measured_json(change.base);
  json["head"] = measured_json(change.head);
  // Rounded to hundredths like the reports' percentages; null when not finite.
  json["change_percent"] = change.change_percent
                               ? Json(std::round(*change.change_percent * 100.0) / 100.0)
                               : Json(nullptr);
  return json;
}

}  // namespace

std::string render_diff_json(const ReportDiff& diff) {
  Json document;
  document["metric"] = diff_metric_name(diff.settings.metric);
  document["unit"] = unit_of(diff.settings.metric);
  document["threshold_percent"] = number_value(diff.settings.threshold_percent);
  document["min_calls"] = diff.settings.min_calls;
  document["base"] = side_json(diff.base);
  document["head"] = side_json(diff.head);
  Json summary;
  summary["regressions"] = diff.count(ChangeKind::Regression);
  summary["improvements"] = diff.count(ChangeKind::Improvement);
  summary["unchanged"] = diff.count(ChangeKind::Unchanged);
  summary["new"] = diff.count(ChangeKind::New);
  summary["removed"] = diff.count(ChangeKind::Removed);
  summary["unknown"] = diff.count(ChangeKind::Unknown);
  summary["ignored"] = diff.ignored;
  document["summary"] = std::move(summary);
  Json functions = Json::array();
  for (const FunctionChange& change : diff.functions) functions.push_back(change_json(change));
  document["functions"] = std::move(functions);
  document["notes"] = diff.notes;
  return document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace hotpath
