// The reader walks the document with the JSON path of every value it looks at, so a
// value of the wrong type, a missing one or one that contradicts another is
// reported by its path, and by its line, found in the text only then. What
// JsonReporter wrote reads back into a Report that JsonReporter writes again byte for
// byte, but for total_functions when the row limit cut a section (view_json.hpp).
#include "report_reader.hpp"

#include <cstdint>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "input_file.hpp"
#include "json_text.hpp"
#include "units.hpp"

namespace hotpath {
namespace {

using Json = nlohmann::json;

constexpr std::uint64_t kSchemaVersion = 1;

/// The first thing wrong with a document: thrown from deep inside the reader and
/// caught once, at its top.
struct SchemaViolation {
  std::vector<std::string> path;
  std::string message;
};

// A value in a message: scalars as written (shortened), containers by kind.
std::string describe_value(const Json& value) {
  if (value.is_object()) return "an object";
  if (value.is_array()) return "an array";
  std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  constexpr std::size_t kLongest = 40;
  if (text.size() > kLongest) text = text.substr(0, kLongest) + "...";
  return text;
}

std::string pointer_of(const std::vector<std::string>& path) {
  std::string pointer;
  for (const std::string& token : path) {
    pointer += '/';
    for (char c : token) {
      if (c == '~') {
        pointer += "~0";
      } else if (c == '/') {
        pointer += "~1";
      } else {
        pointer += c;
      }
    }
  }
  return pointer;
}

/// A value of the document with its path; possibly missing, which its readers
/// report along with what they expected.
class Field {
 public:
  Field(const Json* value, std::vector<std::string> path) : value_(value), path_(std::move(path)) {}

  Field member(const std::string& key) const {
    expect_object();
    const auto found = value_->find(key);
    return {found == value_->end() ? nullptr : &*found, extended(key)};
  }
  bool has(const std::string& key) const {
    expect_object();
    return value_->contains(key);
  }
  /// The elements of an array, each with its path.
  std::vector<Field> elements() const {
    if (!value_ || !value_->is_array()) wrong("an array");
    std::vector<Field> result;
    result.reserve(value_->size());
    for (std::size_t i = 0; i < value_->size(); ++i)
      result.emplace_back(&(*value_)[i], extended(std::to_string(i)));
    return result;
  }

  void expect_object() const {
    if (!value_ || !value_->is_object()) wrong("an object");
  }
  bool is_null() const { return value_ && value_->is_null(); }

  std::uint64_t as_unsigned() const {
    if (!value_ || !value_->is_number_unsigned()) wrong("an unsigned integer");
    return value_->get<std::uint64_t>();
  }
  std::int64_t as_signed() const {
    if (!value_ || !value_->is_number_integer() ||
        (value_->is_number_unsigned() &&
         value_->get<std::uint64_t>() > std::uint64_t{std::numeric_limits<std::int64_t>::max()}))
      wrong("a signed 64-bit integer");
    return value_->get<std::int64_t>();
  }
  double as_number() const {
    if (!value_ || !value_->is_number()) wrong("a number");
    return value_->get<double>();
  }
  std::string as_string() const {
    if (!value_ || !value_->is_string()) wrong("a string");
    return value_->get<std::string>();
  }
  bool as_bool() const {
    if (!value_ || !value_->is_boolean()) wrong("true or false");
    return value_->get<bool>();
  }
  void expect_integer() const {
    if (!value_ || !value_->is_number_integer()) wrong("an integer");
  }
  /// One of two spellings: false for `first`, true for `second`.
  bool as_choice(const char* first, const char* second) const {
    const std::string expected = std::string("\"") + first + "\" or \"" + second + "\"";
    if (!value_ || !value_->is_string()) wrong(expected);
    const std::string& text = value_->get_ref<const std::string&>();
    if (text != first && text != second)
      fail("expected " + expected + ", got " + describe_value(*value_));
    return text == second;
  }

  [[noreturn]] void fail(std::string message) const {
    throw SchemaViolation{path_, std::move(message)};
  }

 private:
  std::vector<std::string> extended(const std::string& token) const {
    std::vector<std::string> path = path_;
    path.push_back(token);
    return path;
  }
  [[noreturn]] void wrong(const std::string& expected) const {
    if (!value_) fail("missing (expected " + expected + ")");
    fail("expected " + expected + ", got " + describe_value(*value_));
  }

  const Json* value_;
  std::vector<std::string> path_;
};

std::vector<double> read_percentiles(const Field& field) {
  std::vector<double> percentiles;
  for (const Field& element : field.elements()) {
    const double p = element.as_number();
    if (!(p >= 0 && p <= 100)) element.fail("expected a percentile from 0 to 100");
    for (double earlier : percentiles) {
      if (earlier == p)
        element.fail("percentile " + detail::percentile_label(p) + " is listed twice");
    }
    percentiles.push_back(p);
  }
  return percentiles;
}

std::vector<std::uint64_t> read_percentile_values(const Field& row,
                                                  const std::vector<double>& percentiles,
                                                  std::string (*key)(double)) {
  std::vector<std::uint64_t> values;
  values.reserve(percentiles.size());
  for (double p : percentiles) values.push_back(row.member(key(p)).as_unsigned());
  return values;
}

/// What every function section has: a row limit, the number of functions, the rows.
struct SectionShape {
  std::size_t limit = 0;
  std::size_t total_functions = 0;
  std::vector<Field> rows;
};

SectionShape read_section_shape(const Field& section) {
  SectionShape shape;
  shape.limit = section.member("limit").as_unsigned();
  const Field total = section.member("total_functions");
  shape.total_functions = total.as_unsigned();
  const Field data = section.member("data");
  shape.rows = data.elements();
  if (shape.limit != 0 && shape.rows.size() > shape.limit)
    data.fail(std::to_string(shape.rows.size()) + " rows, more than the limit of " +
              std::to_string(shape.limit));
  if (shape.total_functions < shape.rows.size())
    total.fail(std::to_string(shape.total_functions) + " is less than the " +
               std::to_string(shape.rows.size()) + " rows of data");
  return shape;
}

// Rows are matched by name across sections and reports: a name may appear once.
template <typename Row>
void expect_unique_names(const std::vector<Row>& rows, const std::vector<Field>& fields) {
  std::unordered_map<std::string_view, std::size_t> first_row;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto [found, inserted] = first_row.emplace(rows[i].name, i);
    if (!inserted)
      fields[i].member("name").fail(describe_value(Json(rows[i].name)) +
                                    " is also the name of row " + std::to_string(found->second));
  }
}

// A section that repeats a setting of functions_timing must agree with it: a Report
// has one of each.
void expect_same_settings(const Field& section, const Report& report, std::size_t limit) {
  if (limit != report.limit)
    section.member("limit").fail(std::to_string(limit) + ", but /functions_timing/limit is " +
                                 std::to_string(report.limit));
}

FunctionRow read_timing_row(const Field& field, const std::vector<double>& percentiles) {
  FunctionRow row;
  row.name = field.member("name").as_string();
  row.signature = field.member("signature").as_string();
  row.calls = field.member("calls").as_unsigned();
  row.avg_ns = field.member("avg_ns").as_unsigned();
  row.percentile_ns = read_percentile_values(field, percentiles, detail::percentile_json_key);
  row.total_ns = field.member("total_ns").as_unsigned();
  row.percent_total = field.member("percent_total").as_number();
  const Field location = field.member("location");
  row.file = location.member("file").as_string();
  const Field line = location.member("line");
  const std::uint64_t line_number = line.as_unsigned();
  if (line_number > std::numeric_limits<std::uint32_t>::max())
    line.fail("line " + std::to_string(line_number) + " is out of range");
  row.line = static_cast<std::uint32_t>(line_number);
  // Without compensation the report shows what was measured.
  row.measured_total_ns = field.has("measured_total_ns")
                              ? field.member("measured_total_ns").as_unsigned()
                              : row.total_ns;
  // Without time sampling every call was timed.
  row.timed_calls =
      field.has("timed_calls") ? field.member("timed_calls").as_unsigned() : row.calls;
  // Absent in reports older than adaptive timing.
  if (field.has("timing")) {
    const Field timing = field.member("timing");
    const std::string name = timing.as_string();
    if (name != "every call" && name != "adaptive" && name != "sampled")
      timing.fail("expected \"every call\", \"adaptive\" or \"sampled\", got \"" + name + "\"");
    row.adaptive = name == "adaptive";
  }
  return row;
}

// Absent when compensation was off (or the report older than it).
Compensation read_compensation(const Field& timing) {
  Compensation compensation;
  if (!timing.has("compensation")) return compensation;
  const Field figures = timing.member("compensation");
  compensation.enabled = true;
  compensation.per_call_ns = figures.member("per_call_ns").as_number();
  compensation.per_nested_call_ns = figures.member("per_nested_call_ns").as_number();
  // Absent when no call could be left untimed, and in reports older than adaptive
  // timing.
  for (const auto& [name, figure] :
       {std::pair{"per_untimed_call_ns", &compensation.per_untimed_call_ns},
        std::pair{"per_chosen_call_ns", &compensation.per_chosen_call_ns},
        std::pair{"per_nested_chosen_call_ns", &compensation.per_nested_chosen_call_ns}}) {
    if (!figures.has(name)) continue;
    *figure = figures.member(name).as_number();
    compensation.adaptive_measured = true;
  }
  return compensation;
}

// Absent when adaptive timing was off (or the report older than it).
AdaptiveTiming read_adaptive_timing(const Field& timing) {
  AdaptiveTiming adaptive;
  if (!timing.has("adaptive_timing")) return adaptive;
  const Field settings = timing.member("adaptive_timing");
  adaptive.enabled = true;
  adaptive.threshold_ns = settings.member("threshold_ns").as_number();
  adaptive.review_calls = settings.member("review_calls").as_unsigned();
  const Field period = settings.member("period");
  const std::uint64_t value = period.as_unsigned();
  if (value < 1 || value > std::numeric_limits<std::uint32_t>::max())
    period.fail("a period of " + std::to_string(value) + " is out of range");
  adaptive.period = static_cast<std::uint32_t>(value);
  return adaptive;
}

// Absent when every call was timed.
std::uint32_t read_time_sampling_rate(const Field& timing) {
  if (!timing.has("time_sampling_rate")) return 1;
  const Field field = timing.member("time_sampling_rate");
  const std::uint64_t rate = field.as_unsigned();
  if (rate < 1 || rate > std::numeric_limits<std::uint32_t>::max())
    field.fail("a rate of " + std::to_string(rate) + " is out of range (1 times every call)");
  return static_cast<std::uint32_t>(rate);
}

void read_timing(const Field& timing, SavedReport& saved) {
  Report& report = saved.report;
  report.session_name = timing.member("caller_name").as_string();
  report.time_mode = timing.member("time_mode").as_choice("inclusive", "exclusive")
                         ? TimeMode::Exclusive
                         : TimeMode::Inclusive;
  report.wall_ns = timing.member("total_elapsed_ns").as_unsigned();
  report.compensation = read_compensation(timing);
  report.time_sampling_rate = read_time_sampling_rate(timing);
  report.adaptive_timing = read_adaptive_timing(timing);
  report.percentiles = read_percentiles(timing.member("percentiles"));
  const SectionShape shape = read_section_shape(timing);
  report.limit = shape.limit;
  saved.timing_functions = shape.total_functions;
  for (const Field& row : shape.rows)
    report.rows.push_back(read_timing_row(row, report.percentiles));
  expect_unique_names(report.rows, shape.rows);
}

AllocRow read_alloc_row(const Field& field, const std::vector<double>& percentiles) {
  AllocRow row;
  row.name = field.member("name").as_string();
  row.signature = field.member("signature").as_string();
  row.calls = field.member("calls").as_unsigned();
  row.alloc_bytes = field.member("alloc_bytes").as_unsigned();
  row.alloc_count = field.member("alloc_count").as_unsigned();
  row.dealloc_bytes = field.member("dealloc_bytes").as_unsigned();
  row.dealloc_count = field.member("dealloc_count").as_unsigned();
  row.avg_bytes = field.member("avg_bytes").as_unsigned();
  row.percentile_bytes =
      read_percentile_values(field, percentiles, detail::percentile_bytes_json_key);
  row.percent_total = field.member("percent_total").as_number();
  return row;
}

void read_alloc(const Field& alloc, SavedReport& saved) {
  Report& report = saved.report;
  report.alloc_tracked = true;
  report.alloc_mode = alloc.member("mode").as_choice("exclusive", "cumulative")
                          ? AllocMode::Cumulative
                          : AllocMode::Exclusive;
  report.alloc_total_bytes = alloc.member("total_bytes").as_unsigned();
  const Field percentiles = alloc.member("percentiles");
  if (read_percentiles(percentiles) != report.percentiles)
    percentiles.fail("differs from /functions_timing/percentiles");
  const SectionShape shape = read_section_shape(alloc);
  expect_same_settings(alloc, report, shape.limit);
  saved.alloc_functions = shape.total_functions;
  for (const Field& row : shape.rows)
    report.alloc_rows.push_back(read_alloc_row(row, report.percentiles));
  expect_unique_names(report.alloc_rows, shape.rows);
}

/// The threads section: allocations when the report tracked them, status and CPU
/// when the threads monitor ran (the section then has its interval).
void read_threads(const Field& threads, Report& report) {
  report.threads_monitored = threads.has("interval_ms");
  if (report.threads_monitored) {
    report.threads_interval_ms =
        static_cast<std::uint32_t>(threads.member("interval_ms").as_unsigned());
    // Added in a later version of schema 1: optional.
    if (threads.has("unseen_cpu_ns"))
      report.threads_unseen_cpu_ns = threads.member("unseen_cpu_ns").as_unsigned();
  }
  for (const Field& field : threads.member("data").elements()) {
    ThreadAllocRow row;
    row.name = field.member("name").as_string();
    if (report.alloc_tracked) {
      row.alloc_bytes = field.member("alloc_bytes").as_unsigned();
      row.alloc_count = field.member("alloc_count").as_unsigned();
      row.dealloc_bytes = field.member("dealloc_bytes").as_unsigned();
      row.dealloc_count = field.member("dealloc_count").as_unsigned();
      // Derived from the two byte counts: checked for its type only.
      field.member("diff_bytes").expect_integer();
    }
    if (report.threads_monitored) {
      row.tid = field.member("tid").as_unsigned();
      const Field status = field.member("status");
      if (!status.is_null()) row.status = status.as_string();
      row.cpu_percent_max = field.member("cpu_percent_max").as_number();
      row.cpu_percent_avg = field.member("cpu_percent_avg").as_number();
      row.cpu_ns = field.member("cpu_ns").as_unsigned();
    }
    report.threads.push_back(std::move(row));
  }
}

CpuRow read_cpu_row(const Field& field) {
  CpuRow row;
  row.name = field.member("name").as_string();
  // null for "(not measured)", which is no function.
  const Field signature = field.member("signature");
  if (!signature.is_null()) row.signature = signature.as_string();
  row.samples = field.member("samples").as_unsigned();
  row.cpu_ns = field.member("cpu_ns").as_unsigned();
  row.percent_total = field.member("percent_total").as_number();
  return row;
}

void read_cpu(const Field& cpu, SavedReport& saved) {
  Report& report = saved.report;
  report.cpu_sampled = true;
  report.cpu_mode =
      cpu.member("mode").as_choice("self", "inclusive") ? CpuMode::Inclusive : CpuMode::Self;
  report.cpu.timer = cpu.member("timer").as_string();
  report.cpu.frequency_hz = cpu.member("frequency_hz").as_number();
  report.cpu.samples = cpu.member("total_samples").as_unsigned();
  report.cpu.period_ns = cpu.member("sample_period_ns").as_unsigned();
  report.cpu.cpu_ns = cpu.member("cpu_ns").as_unsigned();
  report.cpu.lost_samples = cpu.member("lost_samples").as_unsigned();
  report.cpu.stopped_early = cpu.member("stopped_early").as_bool();
  const SectionShape shape = read_section_shape(cpu);
  expect_same_settings(cpu, report, shape.limit);
  saved.cpu_functions = shape.total_functions;
  for (const Field& row : shape.rows) report.cpu_rows.push_back(read_cpu_row(row));
  expect_unique_names(report.cpu_rows, shape.rows);
}

/// count, total_ns, self_count and self_ns: the figures of a wait row and of
/// each of its causes.
template <typename Figures>
void read_wait_figures(const Field& field, Figures& figures) {
  figures.count = field.member("count").as_unsigned();
  figures.total_ns = field.member("total_ns").as_unsigned();
  figures.self_count = field.member("self_count").as_unsigned();
  figures.self_ns = field.member("self_ns").as_unsigned();
}

WaitRow read_wait_row(const Field& field) {
  WaitRow row;
  row.name = field.member("name").as_string();
  row.signature = field.member("signature").as_string();
  read_wait_figures(field, row);
  row.percent_wall = field.member("percent_wall").as_number();
  row.io_bytes = field.member("io_bytes").as_unsigned();
  row.self_io_bytes = field.member("self_io_bytes").as_unsigned();
  const Field causes = field.member("causes");
  for (std::size_t cause = 0; cause < kWaitCauseCount; ++cause)
    read_wait_figures(causes.member(kWaitCauseNames[cause]), row.causes[cause]);
  return row;
}

void read_waits(const Field& waits, SavedReport& saved) {
  Report& report = saved.report;
  report.waits_tracked = true;
  const SectionShape shape = read_section_shape(waits);
  expect_same_settings(waits, report, shape.limit);
  saved.wait_functions = shape.total_functions;
  for (const Field& row : shape.rows) report.wait_rows.push_back(read_wait_row(row));
  expect_unique_names(report.wait_rows, shape.rows);
}

LockRow read_lock_row(const Field& field) {
  LockRow row;
  row.name = field.member("name").as_string();
  row.kind = field.member("kind").as_string();
  row.waits = field.member("waits").as_unsigned();
  row.total_ns = field.member("total_ns").as_unsigned();
  row.max_ns = field.member("max_ns").as_unsigned();
  const Field first = field.member("first_contended");
  row.first_function = first.member("function").as_string();
  row.first_location = first.member("location").as_string();
  for (const Field& holder : field.member("holders").elements()) {
    row.holders.push_back({holder.member("function").as_string(),
                           holder.member("waits").as_unsigned(),
                           holder.member("total_ns").as_unsigned()});
  }
  return row;
}

// The locks are not functions: --focus keeps them all, and no diff compares them.
void read_locks(const Field& locks, Report& report) {
  report.untracked_lock_waits = locks.member("untracked_waits").as_unsigned();
  for (const Field& row : locks.member("data").elements())
    report.lock_rows.push_back(read_lock_row(row));
}

GaugeRow read_gauge_row(const Field& field) {
  GaugeRow row;
  row.name = field.member("name").as_string();
  const bool counter = field.member("kind").as_choice("gauge", "counter");
  row.kind = counter ? GaugeKind::Counter : GaugeKind::Gauge;
  row.updates = field.member("updates").as_unsigned();
  if (counter) {
    row.total = field.member("value").as_unsigned();
    for (const char* bound : {"min", "max"}) {
      const Field value = field.member(bound);
      if (!value.is_null()) value.fail("expected null: a counter has no least or greatest value");
    }
  } else {
    row.value = field.member("value").as_signed();
    row.min = field.member("min").as_signed();
    row.max = field.member("max").as_signed();
  }
  return row;
}

// Gauges are not functions: --focus and --limit keep them all, and no diff compares them.
void read_gauges(const Field& gauges, Report& report) {
  const std::vector<Field> rows = gauges.member("data").elements();
  for (const Field& row : rows) report.gauge_rows.push_back(read_gauge_row(row));
  expect_unique_names(report.gauge_rows, rows);
  const Field total = gauges.member("total_gauges");
  if (total.as_unsigned() != report.gauge_rows.size())
    total.fail("is " + std::to_string(total.as_unsigned()) + ", but /gauges/data has " +
               std::to_string(report.gauge_rows.size()) + " rows");
}

CoroutineRow read_coroutine_row(const Field& field, const std::vector<double>& percentiles) {
  CoroutineRow row;
  row.name = field.member("name").as_string();
  row.signature = field.member("signature").as_string();
  row.instances = field.member("instances").as_unsigned();
  row.completed = field.member("completed").as_unsigned();
  row.destroyed = field.member("destroyed").as_unsigned();
  row.resumes = field.member("resumes").as_unsigned();
  row.running_ns = field.member("running_ns").as_unsigned();
  row.suspended_ns = field.member("suspended_ns").as_unsigned();
  row.avg_running_ns = field.member("avg_running_ns").as_unsigned();
  row.avg_suspended_ns = field.member("avg_suspended_ns").as_unsigned();
  row.running_percentile_ns =
      read_percentile_values(field, percentiles, detail::running_percentile_json_key);
  row.suspended_percentile_ns =
      read_percentile_values(field, percentiles, detail::suspended_percentile_json_key);
  return row;
}

void read_coroutines(const Field& coroutines, SavedReport& saved) {
  Report& report = saved.report;
  const Field percentiles = coroutines.member("percentiles");
  if (read_percentiles(percentiles) != report.percentiles)
    percentiles.fail("differs from /functions_timing/percentiles");
  const SectionShape shape = read_section_shape(coroutines);
  expect_same_settings(coroutines, report, shape.limit);
  saved.coroutine_functions = shape.total_functions;
  for (const Field& row : shape.rows)
    report.coroutine_rows.push_back(read_coroutine_row(row, report.percentiles));
  expect_unique_names(report.coroutine_rows, shape.rows);
}

/// The "parent" of the tree node at `index`: null (`no_parent`) at the root, or
/// the index of an earlier node, since trees are written depth first.
std::size_t read_parent(const Field& node, std::size_t index, std::size_t no_parent) {
  const Field parent = node.member("parent");
  if (parent.is_null()) return no_parent;
  const std::uint64_t parent_index = parent.as_unsigned();
  if (parent_index >= index)
    parent.fail(std::to_string(parent_index) + " is not the index of an earlier node");
  return static_cast<std::size_t>(parent_index);
}

void read_call_tree(const Field& tree, Report& report) {
  report.call_tree_node_limit = tree.member("node_limit_per_thread").as_unsigned();
  const std::vector<Field> nodes = tree.member("nodes").elements();
  for (std::size_t index = 0; index < nodes.size(); ++index) {
    const Field& field = nodes[index];
    CallTreeNode node;
    node.name = field.member("name").as_string();
    node.parent = read_parent(field, index, CallTreeNode::kNoParent);
    node.calls = field.member("calls").as_unsigned();
    node.total_ns = field.member("total_ns").as_unsigned();
    node.self_ns = field.member("self_ns").as_unsigned();
    report.call_tree.push_back(std::move(node));
  }
}

void read_coroutine_tree(const Field& tree, Report& report) {
  report.coroutine_tree_overflow = tree.member("overflow_instances").as_unsigned();
  const std::vector<Field> nodes = tree.member("nodes").elements();
  for (std::size_t index = 0; index < nodes.size(); ++index) {
    const Field& field = nodes[index];
    CoroutineTreeNode node;
    node.name = field.member("name").as_string();
    node.parent = read_parent(field, index, CoroutineTreeNode::kNoParent);
    node.instances = field.member("instances").as_unsigned();
    node.total_ns = field.member("total_ns").as_unsigned();
    node.running_ns = field.member("running_ns").as_unsigned();
    report.coroutine_tree.push_back(std::move(node));
  }
}

// Chrome's trace-event format: an object with "traceEvents" (what HOTPATH_TRACE
// writes), or a bare array of events, each with its phase "ph".
bool is_trace(const Json& document) {
  if (document.is_object())
    return document.contains("traceEvents") && !document.contains("schema_version");
  return document.is_array() && !document.empty() && document.front().is_object() &&
         document.front().contains("ph");
}

SavedReport read_document(const Json& document) {
  const Field root(&document, {});
  if (!document.is_object())
    root.fail("expected a JSON object (a hotpath report), got " + describe_value(document));
  const Field version = root.member("schema_version");
  const std::uint64_t version_number = version.as_unsigned();
  if (version_number != kSchemaVersion)
    version.fail("unsupported schema version " + std::to_string(version_number) +
                 " (this hotpath reads version " + std::to_string(kSchemaVersion) + ")");

  SavedReport saved;
  read_timing(root.member("functions_timing"), saved);
  if (root.has("functions_alloc")) {
    read_alloc(root.member("functions_alloc"), saved);
    read_threads(root.member("threads"), saved.report);
  } else if (root.has("threads")) {
    const Field threads = root.member("threads");
    if (!threads.has("interval_ms"))
      threads.fail("present without /functions_alloc or the threads monitor's interval_ms");
    read_threads(threads, saved.report);
  }
  if (root.has("functions_cpu")) read_cpu(root.member("functions_cpu"), saved);
  if (root.has("functions_wait")) read_waits(root.member("functions_wait"), saved);
  if (root.has("locks")) read_locks(root.member("locks"), saved.report);
  // Absent before a measured coroutine ran, and in reports older than coroutines.
  if (root.has("coroutines")) read_coroutines(root.member("coroutines"), saved);
  if (root.has("coroutine_tree")) read_coroutine_tree(root.member("coroutine_tree"), saved.report);
  // Absent before a gauge or counter was used, and in reports older than gauges.
  if (root.has("gauges")) read_gauges(root.member("gauges"), saved.report);
  if (root.has("call_tree")) read_call_tree(root.member("call_tree"), saved.report);
  return saved;
}

}  // namespace

std::string ReportReadError::describe(const std::string& file) const {
  if (kind == Kind::Empty)
    return file +
           " is empty: a report is the JSON a program writes with "
           "HOTPATH_OUTPUT_FORMAT=json";
  if (kind == Kind::Trace)
    return file +
           " is a trace, not a report: HOTPATH_TRACE writes a timeline of calls "
           "(Chrome trace-event JSON, for ui.perfetto.dev); a report is what "
           "HOTPATH_OUTPUT_FORMAT=json writes";
  if (line == 0) return file + ": " + message;
  std::string text = file + ":" + std::to_string(line) + ":";
  if (column != 0) text += std::to_string(column) + ":";
  if (!pointer.empty()) text += " " + pointer + ":";
  return text + " " + message;
}

std::optional<SavedReport> read_report_json(std::string_view text, ReportReadError& error) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    error = {ReportReadError::Kind::Empty, 0, 0, "", "empty"};
    return std::nullopt;
  }
  detail::JsonSyntaxError syntax;
  const std::optional<Json> document = detail::parse_json_text(text, syntax);
  if (!document) {
    error = {ReportReadError::Kind::Invalid, syntax.line, syntax.column, "", syntax.message};
    return std::nullopt;
  }
  if (is_trace(*document)) {
    error = {ReportReadError::Kind::Trace, 0, 0, "", "a trace"};
    return std::nullopt;
  }
  try {
    return read_document(*document);
  } catch (const SchemaViolation& violation) {
    error = {ReportReadError::Kind::Invalid, detail::line_of_json_value(text, violation.path), 0,
             pointer_of(violation.path), violation.message};
    return std::nullopt;
  }
}

std::optional<SavedReport> read_report_file(const std::string& path, std::string& error) {
  const std::optional<std::string> text = detail::read_input_file(path, error);
  if (!text) return std::nullopt;
  ReportReadError read_error;
  std::optional<SavedReport> saved = read_report_json(*text, read_error);
  if (!saved) error = read_error.describe(path);
  return saved;
}

}  // namespace hotpath
