// The comparison works on one section of each report: functions_timing,
// functions_alloc for the alloc metric, functions_wait for the wait metric, or coroutines for the
// coroutine metrics. Changes are computed as 100 * (head - base) / base with the difference taken
// first, so that a change of exactly the threshold stays exactly the threshold and is not a
// regression.
#include "report_diff.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "percentile_names.hpp"
#include "units.hpp"

namespace hotpath {
namespace {

/// A function's measured value, by name, from the compared section of one report.
using ValuesByName = std::map<std::string, MeasuredValue>;

// The values of the compared section, or nullopt with `error` when the report lacks it.
std::optional<ValuesByName> measured_values(const SavedReport& saved, const std::string& label,
                                            const DiffMetric& metric, DiffSide& side,
                                            std::string& error) {
  const Report& report = saved.report;
  ValuesByName values;
  if (metric.kind == DiffMetric::Kind::Alloc) {
    if (!report.alloc_tracked) {
      error = label +
              ": --metric alloc needs the allocation section (functions_alloc), which only "
              "programs linked with hotpath-alloc have";
      return std::nullopt;
    }
    for (const AllocRow& row : report.alloc_rows) values[row.name] = {row.calls, row.avg_bytes};
    side.saved_functions = report.alloc_rows.size();
    side.measured_functions = saved.alloc_functions;
    return values;
  }

  if (metric.kind == DiffMetric::Kind::Wait) {
    if (!report.waits_tracked) {
      error = label +
              ": --metric wait needs the wait section (functions_wait), which only programs "
              "linked with hotpath-wait have";
      return std::nullopt;
    }
    // Per call, as the other metrics: a call that blocks longer is what regressed,
    // not a run that made more calls. A call still running counts as one.
    std::map<std::string, std::uint64_t> calls;
    for (const FunctionRow& row : report.rows) calls[row.name] = row.calls;
    for (const WaitRow& row : report.wait_rows) {
      const auto found = calls.find(row.name);
      const std::uint64_t row_calls = found != calls.end() ? found->second : 0;
      values[row.name] = {row_calls, row.total_ns / std::max<std::uint64_t>(row_calls, 1)};
    }
    side.saved_functions = report.wait_rows.size();
    side.measured_functions = saved.wait_functions;
    return values;
  }

  // Totals, as the total metric's: a coroutine's instances are the calls column,
  // which shows when the runs did different amounts of work. No section is no
  // coroutine: the section is there once one ran, whatever the program links.
  if (is_coroutine_metric(metric)) {
    for (const CoroutineRow& row : report.coroutine_rows) {
      std::uint64_t value = row.resumes;
      if (metric.kind == DiffMetric::Kind::Running) value = row.running_ns;
      if (metric.kind == DiffMetric::Kind::Suspended) value = row.suspended_ns;
      values[row.name] = {row.instances, value};
    }
    side.saved_functions = report.coroutine_rows.size();
    side.measured_functions = saved.coroutine_functions;
    return values;
  }

  std::size_t percentile = 0;
  if (metric.kind == DiffMetric::Kind::Percentile) {
    const std::optional<std::size_t> index = detail::find_percentile(report, metric.percentile);
    if (!index) {
      error =
          label + ": " + detail::missing_percentile_message("--metric", metric.percentile, report);
      return std::nullopt;
    }
    percentile = *index;
  }
  for (const FunctionRow& row : report.rows) {
    std::uint64_t value = row.avg_ns;
    if (metric.kind == DiffMetric::Kind::Total) value = row.total_ns;
    if (metric.kind == DiffMetric::Kind::Percentile)
      value = percentile < row.percentile_ns.size() ? row.percentile_ns[percentile] : 0;
    values[row.name] = {row.calls, value};
  }
  side.saved_functions = report.rows.size();
  side.measured_functions = saved.timing_functions;
  return values;
}

FunctionChange compared(const std::string& name, const MeasuredValue& base,
                        const MeasuredValue& head, double threshold) {
  FunctionChange change;
  change.name = name;
  change.base = base;
  change.head = head;
  if (base.value == 0) {
    change.kind = head.value == 0 ? ChangeKind::Unchanged : ChangeKind::Regression;
    if (head.value == 0) change.change_percent = 0.0;
    return change;
  }
  const double difference = head.value >= base.value
                                ? static_cast<double>(head.value - base.value)
                                : -static_cast<double>(base.value - head.value);
  const double percent = 100.0 * difference / static_cast<double>(base.value);
  change.change_percent = percent;
  change.kind = percent > threshold    ? ChangeKind::Regression
                : percent < -threshold ? ChangeKind::Improvement
                                       : ChangeKind::Unchanged;
  return change;
}

int kind_rank(ChangeKind kind) { return static_cast<int>(kind); }

// The value a function is ordered by within its kind, larger first: the change for
// regressions (growth from 0 first), the shrink for improvements, else the value.
double order_value(const FunctionChange& change) {
  if (change.kind == ChangeKind::Regression || change.kind == ChangeKind::Unchanged)
    return change.change_percent.value_or(HUGE_VAL);
  if (change.kind == ChangeKind::Improvement) return -change.change_percent.value_or(0);
  const MeasuredValue& present = change.head ? *change.head : *change.base;
  return static_cast<double>(present.value);
}

void sort_changes(std::vector<FunctionChange>& functions) {
  std::sort(functions.begin(), functions.end(),
            [](const FunctionChange& left, const FunctionChange& right) {
              if (left.kind != right.kind) return kind_rank(left.kind) < kind_rank(right.kind);
              const double left_value = order_value(left);
              const double right_value = order_value(right);
              if (left_value != right_value) return left_value > right_value;
              return left.name < right.name;
            });
}

std::string plural(std::size_t count, const char* one, const char* many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

// `main` is left out: most programs measure it, related or not.
bool share_no_function(const ValuesByName& base, const ValuesByName& head) {
  bool base_has_one = false;
  bool head_has_one = false;
  for (const auto& [name, value] : base) {
    if (name == "main") continue;
    if (head.count(name) != 0) return false;
    base_has_one = true;
  }
  for (const auto& [name, value] : head) head_has_one = head_has_one || name != "main";
  return base_has_one && head_has_one;
}

void add_notes(ReportDiff& diff, const SavedReport& base, const SavedReport& head) {
  const bool alloc = diff.settings.metric.kind == DiffMetric::Kind::Alloc;
  const bool wait = diff.settings.metric.kind == DiffMetric::Kind::Wait;
  const bool coroutine = is_coroutine_metric(diff.settings.metric);
  const char* rows = alloc       ? "allocation rows"
                     : wait      ? "wait rows"
                     : coroutine ? "coroutine rows"
                                 : "functions";
  auto truncation = [&](const DiffSide& side, const char* instead) {
    if (!side.truncated()) return;
    diff.notes.push_back(fmt::format(
        "{} holds {} of {} {} (it was written with a row limit): a function missing from it "
        "is unknown, not {}; record with HOTPATH_LIMIT=0 for all",
        side.label, side.saved_functions, side.measured_functions, rows, instead));
  };
  truncation(diff.base, "new");
  truncation(diff.head, "removed");
  if (coroutine) {
    for (const auto& [side, saved] : {std::pair{&diff.base, &base}, std::pair{&diff.head, &head}}) {
      if (saved->coroutine_functions == 0)
        diff.notes.push_back(side->label + " has no coroutine rows: no measured coroutine ran");
    }
  }

  if (alloc && base.report.alloc_mode != head.report.alloc_mode) {
    auto mode = [](const Report& report) {
      return report.alloc_mode == AllocMode::Cumulative ? "cumulative" : "exclusive";
    };
    diff.notes.push_back(fmt::format("{} counts {} allocations, {} {}: the values differ in kind",
                                     diff.base.label, mode(base.report), diff.head.label,
                                     mode(head.report)));
  }
  // A coroutine's segments are wall time whatever the time mode.
  if (!alloc && !wait && !coroutine && base.report.time_mode != head.report.time_mode) {
    auto mode = [](const Report& report) {
      return report.time_mode == TimeMode::Exclusive ? "exclusive" : "inclusive";
    };
    diff.notes.push_back(fmt::format("{} measured {} time, {} {}: the values differ in kind",
                                     diff.base.label, mode(base.report), diff.head.label,
                                     mode(head.report)));
  }
  if (diff.ignored != 0)
    diff.notes.push_back(fmt::format("{} with fewer than {} {} ignored (--min-calls {})",
                                     plural(diff.ignored, "function", "functions"),
                                     diff.settings.min_calls, coroutine ? "instances" : "calls",
                                     diff.settings.min_calls));
}

}  // namespace

std::optional<DiffMetric> parse_diff_metric(const std::string& text) {
  if (text == "avg") return DiffMetric{DiffMetric::Kind::Average, 0};
  if (text == "total") return DiffMetric{DiffMetric::Kind::Total, 0};
  if (text == "alloc") return DiffMetric{DiffMetric::Kind::Alloc, 0};
  if (text == "wait") return DiffMetric{DiffMetric::Kind::Wait, 0};
  if (text == "resumes") return DiffMetric{DiffMetric::Kind::Resumes, 0};
  if (text == "running") return DiffMetric{DiffMetric::Kind::Running, 0};
  if (text == "suspended") return DiffMetric{DiffMetric::Kind::Suspended, 0};
  const std::optional<double> percentile = detail::parse_percentile_name(text);
  if (!percentile) return std::nullopt;
  return DiffMetric{DiffMetric::Kind::Percentile, *percentile};
}

std::string diff_metric_name(const DiffMetric& metric) {
  switch (metric.kind) {
    case DiffMetric::Kind::Average:
      return "avg";
    case DiffMetric::Kind::Total:
      return "total";
    case DiffMetric::Kind::Percentile:
      return detail::percentile_name(metric.percentile);
    case DiffMetric::Kind::Alloc:
      return "alloc";
    case DiffMetric::Kind::Wait:
      return "wait";
    case DiffMetric::Kind::Resumes:
      return "resumes";
    case DiffMetric::Kind::Running:
      return "running";
    case DiffMetric::Kind::Suspended:
      return "suspended";
  }
  return "";
}

bool is_coroutine_metric(const DiffMetric& metric) {
  return metric.kind == DiffMetric::Kind::Resumes || metric.kind == DiffMetric::Kind::Running ||
         metric.kind == DiffMetric::Kind::Suspended;
}

std::string diff_metric_description(const DiffMetric& metric) {
  switch (metric.kind) {
    case DiffMetric::Kind::Average:
      return "average time per call";
    case DiffMetric::Kind::Total:
      return "total time";
    case DiffMetric::Kind::Percentile:
      return detail::percentile_name(metric.percentile) + " time per call";
    case DiffMetric::Kind::Alloc:
      return "bytes allocated per call";
    case DiffMetric::Kind::Wait:
      return "time blocked per call";
    case DiffMetric::Kind::Resumes:
      return "resumes of all coroutine instances";
    case DiffMetric::Kind::Running:
      return "running time of all coroutine instances";
    case DiffMetric::Kind::Suspended:
      return "suspended time of all coroutine instances";
  }
  return "";
}

std::string format_metric_value(const DiffMetric& metric, std::uint64_t value) {
  if (metric.kind == DiffMetric::Kind::Alloc) return detail::format_bytes(value);
  if (metric.kind == DiffMetric::Kind::Resumes) return std::to_string(value);
  return detail::format_duration(value);
}

const char* change_kind_name(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::Regression:
      return "regression";
    case ChangeKind::Improvement:
      return "improvement";
    case ChangeKind::Unchanged:
      return "unchanged";
    case ChangeKind::New:
      return "new";
    case ChangeKind::Removed:
      return "removed";
    case ChangeKind::Unknown:
      return "unknown";
  }
  return "";
}

std::size_t ReportDiff::count(ChangeKind kind) const {
  return static_cast<std::size_t>(
      std::count_if(functions.begin(), functions.end(),
                    [kind](const FunctionChange& change) { return change.kind == kind; }));
}

bool diff_reports(const SavedReport& base, const std::string& base_label, const SavedReport& head,
                  const std::string& head_label, const DiffSettings& settings, ReportDiff& diff,
                  std::string& error) {
  diff = ReportDiff{};
  diff.settings = settings;
  diff.base.label = base_label;
  diff.head.label = head_label;
  const std::optional<ValuesByName> base_values =
      measured_values(base, base_label, settings.metric, diff.base, error);
  if (!base_values) return false;
  const std::optional<ValuesByName> head_values =
      measured_values(head, head_label, settings.metric, diff.head, error);
  if (!head_values) return false;

  const std::uint64_t min_calls = settings.min_calls;
  for (const auto& [name, base_value] : *base_values) {
    const auto found = head_values->find(name);
    if (found == head_values->end()) {
      if (base_value.calls < min_calls) {
        ++diff.ignored;
        continue;
      }
      FunctionChange change;
      change.name = name;
      change.kind = diff.head.truncated() ? ChangeKind::Unknown : ChangeKind::Removed;
      change.base = base_value;
      diff.functions.push_back(std::move(change));
      continue;
    }
    if (base_value.calls < min_calls || found->second.calls < min_calls) {
      ++diff.ignored;
      continue;
    }
    diff.functions.push_back(compared(name, base_value, found->second, settings.threshold_percent));
  }
  for (const auto& [name, head_value] : *head_values) {
    if (base_values->count(name) != 0) continue;
    if (head_value.calls < min_calls) {
      ++diff.ignored;
      continue;
    }
    FunctionChange change;
    change.name = name;
    change.kind = diff.base.truncated() ? ChangeKind::Unknown : ChangeKind::New;
    change.head = head_value;
    diff.functions.push_back(std::move(change));
  }
  sort_changes(diff.functions);
  diff.unrelated = share_no_function(*base_values, *head_values);
  add_notes(diff, base, head);
  return true;
}

std::string diff_summary(const ReportDiff& diff) {
  return plural(diff.count(ChangeKind::Regression), "regression", "regressions") + ", " +
         plural(diff.count(ChangeKind::Improvement), "improvement", "improvements");
}

std::string diff_other_counts(const ReportDiff& diff) {
  std::string counts;
  for (ChangeKind kind :
       {ChangeKind::Unchanged, ChangeKind::New, ChangeKind::Removed, ChangeKind::Unknown}) {
    const std::size_t count = diff.count(kind);
    if (count == 0) continue;
    if (!counts.empty()) counts += ", ";
    counts += fmt::format("{} {}", count, change_kind_name(kind));
  }
  return counts;
}

std::string format_change(const std::optional<double>& change_percent) {
  if (!change_percent) return "+inf%";
  // -0.04 rounds to "-0.0": shown as "+0.0", the sign of no change.
  const double rounded = std::round(*change_percent * 10) / 10;
  return fmt::format("{:+.1f}%", rounded == 0 ? 0.0 : rounded);
}

std::string format_threshold(double percent) { return fmt::format("{}%", percent); }

}  // namespace hotpath
