// The MCP tools of the live server (see the header). A tool's answer is its route's
// body as it is: the text content is that body, and structuredContent the same
// JSON parsed, so an assistant reads the very rows a script reads from the route.
#include "live/mcp_tools.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::live {
namespace {

using nlohmann::json;

/// What a tool takes, as flags.
enum Argument : unsigned { kLimit = 1, kFocus = 2, kName = 4 };

struct ToolSpec {
  const char* name;
  const char* title;
  /// The route's path; for a function's route, what follows /functions/{name}/.
  const char* route;
  unsigned arguments;
  const char* description;
  json (*output_schema)();
};

// JSON Schema pieces for the output schemas.
json of_type(const char* type) { return {{"type", type}}; }
json nullable(const char* type) { return {{"type", {type, "null"}}}; }
json array_of(json items) { return {{"type", "array"}, {"items", std::move(items)}}; }

/// An object with the `required` members (name -> schema) and the `optional` ones;
/// members not listed are allowed (the JSON report adds members within a version).
json object_of(const json& required, const json& optional = json::object()) {
  json schema = {{"type", "object"}, {"properties", required}, {"required", json::array()}};
  for (const auto& [name, member] : required.items()) schema["required"].push_back(name);
  for (const auto& [name, member] : optional.items()) schema["properties"][name] = member;
  return schema;
}

const json kInteger = of_type("integer");
const json kNumber = of_type("number");
const json kString = of_type("string");

/// A section of rows: `data` under the limit, and the section's own members.
json rows_section(json members, json row) {
  members["limit"] = kInteger;
  members["data"] = array_of(std::move(row));
  return object_of(members);
}

json timing_schema() {
  return rows_section(
      {{"caller_name", kString},
       {"time_mode", {{"enum", {"inclusive", "exclusive"}}}},
       {"total_elapsed_ns", kInteger},
       {"percentiles", array_of(kNumber)},
       {"total_functions", kInteger}},
      object_of({{"name", kString},
                 {"signature", kString},
                 {"calls", kInteger},
                 {"avg_ns", kInteger},
                 {"total_ns", kInteger},
                 {"percent_total", kNumber},
                 {"location", object_of({{"file", kString}, {"line", kInteger}})}},
                {{"measured_total_ns", kInteger}, {"timed_calls", kInteger}, {"timing", kString}}));
}

json alloc_schema() {
  return rows_section({{"mode", {{"enum", {"exclusive", "cumulative"}}}},
                       {"total_bytes", kInteger},
                       {"percentiles", array_of(kNumber)},
                       {"total_functions", kInteger}},
                      object_of({{"name", kString},
                                 {"signature", kString},
                                 {"calls", kInteger},
                                 {"alloc_bytes", kInteger},
                                 {"alloc_count", kInteger},
                                 {"dealloc_bytes", kInteger},
                                 {"dealloc_count", kInteger},
                                 {"avg_bytes", kInteger},
                                 {"percent_total", kNumber}}));
}

json threads_schema() {
  return object_of(
      {{"data", array_of(object_of({{"name", kString}}, {{"alloc_bytes", kInteger},
                                                         {"alloc_count", kInteger},
                                                         {"dealloc_bytes", kInteger},
                                                         {"dealloc_count", kInteger},
                                                         {"diff_bytes", kInteger},
                                                         {"tid", kInteger},
                                                         {"status", nullable("string")},
                                                         {"cpu_percent_max", kNumber},
                                                         {"cpu_percent_avg", kNumber},
                                                         {"cpu_ns", kInteger}}))}},
      {{"interval_ms", kInteger}, {"unseen_cpu_ns", kInteger}});
}

json cpu_schema() {
  return rows_section({{"mode", {{"enum", {"self", "inclusive"}}}},
                       {"timer", kString},
                       {"frequency_hz", kNumber},
                       {"total_samples", kInteger},
                       {"sample_period_ns", kInteger},
                       {"cpu_ns", kInteger},
                       {"lost_samples", kInteger},
                       {"stopped_early", of_type("boolean")},
                       {"total_functions", kInteger}},
                      object_of({{"name", kString},
                                 {"signature", nullable("string")},
                                 {"samples", kInteger},
                                 {"cpu_ns", kInteger},
                                 {"percent_total", kNumber}}));
}

json wait_schema() {
  const json cause = object_of({{"count", kInteger},
                                {"total_ns", kInteger},
                                {"self_count", kInteger},
                                {"self_ns", kInteger}});
  json causes = json::object();
  for (const char* name : {"lock", "condition", "io", "sleep", "other"}) causes[name] = cause;
  return rows_section({{"total_functions", kInteger}}, object_of({{"name", kString},
                                                                  {"signature", kString},
                                                                  {"count", kInteger},
                                                                  {"total_ns", kInteger},
                                                                  {"self_count", kInteger},
                                                                  {"self_ns", kInteger},
                                                                  {"percent_wall", kNumber},
                                                                  {"io_bytes", kInteger},
                                                                  {"self_io_bytes", kInteger},
                                                                  {"causes", object_of(causes)}}));
}

json locks_schema() {
  return rows_section(
      {{"total_locks", kInteger}, {"untracked_waits", kInteger}},
      object_of({{"name", kString},
                 {"kind", kString},
                 {"waits", kInteger},
                 {"total_ns", kInteger},
                 {"max_ns", kInteger},
                 {"first_contended", object_of({{"function", kString}, {"location", kString}})},
                 {"holders",
                  array_of(object_of(
                      {{"function", kString}, {"waits", kInteger}, {"total_ns", kInteger}}))}}));
}

json coroutines_schema() {
  return rows_section({{"percentiles", array_of(kNumber)}, {"total_functions", kInteger}},
                      object_of({{"name", kString},
                                 {"signature", kString},
                                 {"instances", kInteger},
                                 {"completed", kInteger},
                                 {"destroyed", kInteger},
                                 {"resumes", kInteger},
                                 {"running_ns", kInteger},
                                 {"suspended_ns", kInteger},
                                 {"avg_running_ns", kInteger},
                                 {"avg_suspended_ns", kInteger}}));
}

json gauges_schema() {
  return object_of({{"total_gauges", kInteger},
                    {"data", array_of(object_of({{"name", kString},
                                                 {"kind", {{"enum", {"gauge", "counter"}}}},
                                                 {"value", kInteger},
                                                 {"min", nullable("integer")},
                                                 {"max", nullable("integer")},
                                                 {"updates", kInteger}}))}});
}

json call_tree_schema() {
  return object_of({{"node_limit_per_thread", kInteger},
                    {"nodes", array_of(object_of({{"name", kString},
                                                  {"parent", nullable("integer")},
                                                  {"calls", kInteger},
                                                  {"total_ns", kInteger},
                                                  {"self_ns", kInteger}}))}});
}

json logs_schema() {
  return object_of(
      {{"function_name", kString},
       {"logs", array_of(object_of(
                    {{"duration_ns", kInteger}, {"end_ns", kInteger}, {"tid", kInteger}}))}});
}

json histogram_schema() {
  return object_of({{"function_name", kString},
                    {"calls", kInteger},
                    {"bounds_ns", array_of(nullable("integer"))},
                    {"counts", array_of(kInteger)}});
}

constexpr ToolSpec kTools[] = {
    {"functions_timing", "Wall time per function", "/functions_timing", kLimit | kFocus,
     "Wall-clock time of each measured function of the running program, so far: calls (that "
     "returned; calls still running are not counted), avg_ns, one p<N>_ns per configured "
     "percentile, total_ns (integers, nanoseconds) and percent_total (total_ns against the "
     "session's wall time total_elapsed_ns; over 100 when threads run it at once). Durations "
     "include callees, sleeps and waits (time_mode \"inclusive\"), or are self time, minus the "
     "measured functions called, when time_mode is \"exclusive\". Rows sorted by total_ns, "
     "largest first; total_functions counts every row, data holds at most limit. Start here.",
     timing_schema},
    {"functions_alloc", "Allocations per function", "/functions_alloc", kLimit | kFocus,
     "Heap allocations of each measured function (the program must link hotpath-alloc): "
     "alloc_bytes and alloc_count, dealloc_bytes and dealloc_count, avg_bytes and p<N>_bytes "
     "per call, percent_total of total_bytes. mode \"exclusive\" (self) counts what was "
     "allocated while the function was the innermost measured call; \"cumulative\" also what "
     "its callees allocated. Sorted by alloc_bytes, largest first.",
     alloc_schema},
    {"functions_cpu", "CPU samples per function", "/functions_cpu", kLimit | kFocus,
     "CPU time of each measured function, estimated by sampling (the program must link or "
     "preload hotpath-cpu): samples, cpu_ns (samples times sample_period_ns, user CPU time) "
     "and percent_total of total_samples. mode \"self\": a sample counts for the innermost "
     "measured function on the interrupted thread; \"inclusive\": for every measured function "
     "on its stack. \"(not measured)\" holds the samples taken outside measured functions. "
     "Unlike functions_timing, time blocked (I/O, locks, sleeps) is not in it.",
     cpu_schema},
    {"functions_wait", "Time blocked per function", "/functions_wait", kLimit | kFocus,
     "Time measured functions spent blocked (the program must link or preload hotpath-wait): "
     "count and total_ns (nanoseconds) of the waits made while the function was on the "
     "stack (inclusive), self_count and self_ns of those made while it was the innermost "
     "measured call, percent_wall against the wall time, io_bytes moved by its waiting I/O, "
     "and the same by cause (lock, condition, io, sleep, other). Sorted by total_ns.",
     wait_schema},
    {"locks", "Contended locks", "/locks", kLimit | kFocus,
     "The mutexes and rwlocks threads waited for (hotpath-wait): waits, total_ns and max_ns "
     "(nanoseconds), the function that first waited (first_contended) and the functions "
     "that held the lock while others waited (holders, with the waits their releases "
     "ended). focus matches lock names. Sorted by total_ns.",
     locks_schema},
    {"coroutines", "Coroutines", "/coroutines", kLimit | kFocus,
     "Measured C++20 coroutines: instances started, completed, destroyed while suspended, "
     "resumes (segments run), and for the instances that ended their running_ns and "
     "suspended_ns (nanoseconds) in all, per instance (avg_*) and as percentiles "
     "(running_p<N>_ns, suspended_p<N>_ns). data is empty before a measured coroutine runs.",
     coroutines_schema},
    {"gauges", "Gauges and counters", "/gauges", 0,
     "The program's own gauges and counters (hotpath::gauge, hotpath::counter), every one: "
     "name, kind, value (a gauge's last value; a counter's total), a gauge's min and max "
     "over its updates (null for a counter), and updates (set and add calls). data is "
     "empty before the program used one.",
     gauges_schema},
    {"call_tree", "Call tree", "/call_tree", kFocus,
     "Who called whom among the measured functions: nodes depth first, each with name, "
     "parent (index in nodes of the caller's node, null for a call with no measured caller), "
     "calls, total_ns (wall time of the calls on this path, callees included) and self_ns "
     "(total_ns minus the time in measured callees). Never cut by a limit; focus keeps the "
     "functions it matches with their callers and callees.",
     call_tree_schema},
    {"threads", "Threads", "/threads", 0,
     "Every thread of the process: name, tid, status (running, sleeping...), CPU use "
     "(cpu_percent_max: most of one core over one sampling interval; cpu_percent_avg: since "
     "the thread started; cpu_ns), and with hotpath-alloc the bytes each thread allocated "
     "and freed.",
     threads_schema},
    {"function_logs", "Recent calls of a function", "logs", kName | kLimit,
     "The latest calls of one measured function over all threads, newest first: duration_ns, "
     "end_ns (nanoseconds from the start of the report's wall time) and the thread's tid. "
     "name is the function's name as in functions_timing's rows; limit keeps the newest "
     "that many (0 or none: all that are kept, HOTPATH_LOGS_LIMIT per thread).",
     logs_schema},
    {"function_histogram", "Durations of a function", "histogram", kName,
     "How one measured function's call durations are distributed: bounds_ns (each bucket's "
     "upper bound in nanoseconds, null for the last, unbounded one) and counts (the calls in "
     "each bucket, not cumulative), from the histogram behind the percentiles (within 1%). "
     "name is the function's name as in functions_timing's rows.",
     histogram_schema},
};

json limit_schema() {
  return {{"type", "integer"},
          {"minimum", 0},
          {"description",
           "Rows to return, largest first; 0 for all. Default: the program's row limit "
           "(HOTPATH_LIMIT, 15 unless set)."}};
}

json input_schema(const ToolSpec& tool) {
  json properties = json::object();
  json required = json::array();
  if (tool.arguments & kName) {
    properties["name"] = {{"type", "string"},
                          {"minLength", 1},
                          {"description",
                           "The function's name as in the rows of functions_timing, e.g. "
                           "app::Worker::run."}};
    required.push_back("name");
  }
  if (tool.arguments & kLimit) {
    properties["limit"] = limit_schema();
    if (tool.arguments & kName)
      properties["limit"]["description"] = "Newest calls to return; 0 for all that are kept.";
  }
  if (tool.arguments & kFocus) {
    properties["focus"] = {{"type", "string"},
                           {"description",
                            "A regular expression (ECMAScript): only the rows whose name it "
                            "matches anywhere, e.g. \"^app::\" or \"parse\"."}};
  }
  json schema = {{"type", "object"}, {"properties", properties}, {"additionalProperties", false}};
  if (!required.empty()) schema["required"] = required;
  return schema;
}

/// What `tool` takes, for an error message: "limit and focus", "no arguments".
std::string arguments_taken(const ToolSpec& tool) {
  std::vector<std::string> names;
  if (tool.arguments & kName) names.push_back("name");
  if (tool.arguments & kLimit) names.push_back("limit");
  if (tool.arguments & kFocus) names.push_back("focus");
  if (names.empty()) return "no arguments";
  std::string text = names.front();
  for (std::size_t i = 1; i < names.size(); ++i)
    text += (i + 1 == names.size() ? " and " : ", ") + names[i];
  return text;
}

/// `value` as one line of JSON; invalid UTF-8 becomes U+FFFD instead of an exception.
std::string json_text(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

json tool_error(const std::string& message) {
  return {{"content", json::array({{{"type", "text"}, {"text", message}}})}, {"isError", true}};
}

/// The tool's route path and query from its arguments; an error message when one
/// is wrong.
std::optional<std::string> route_request(const ToolSpec& tool, const json& arguments,
                                         std::string& path, QueryParameters& parameters,
                                         std::optional<std::uint64_t>& limit) {
  for (const auto& [argument, value] : arguments.items()) {
    const bool known = (argument == "name" && (tool.arguments & kName)) ||
                       (argument == "limit" && (tool.arguments & kLimit)) ||
                       (argument == "focus" && (tool.arguments & kFocus));
    if (!known)
      return "unknown argument '" + argument + "': " + tool.name + " takes " +
             arguments_taken(tool);
  }
  if (arguments.contains("limit")) {
    const json& value = arguments["limit"];
    // Parsed JSON holds 5 as unsigned, a json built in C++ as signed.
    const bool whole =
        value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0);
    if (!whole)
      return "limit: expected a whole number of rows, 0 for all (got " + json_text(value) + ")";
    limit = value.get<std::uint64_t>();
    // The function's logs are cut here: their route takes no query.
    if (!(tool.arguments & kName)) parameters["limit"] = std::to_string(*limit);
  }
  if (arguments.contains("focus")) {
    const json& value = arguments["focus"];
    if (!value.is_string())
      return "focus: expected a regular expression as a string (got " + json_text(value) + ")";
    parameters["focus"] = value.get<std::string>();
  }
  if (tool.arguments & kName) {
    const json* name = arguments.contains("name") ? &arguments["name"] : nullptr;
    if (name == nullptr || !name->is_string() || name->get<std::string>().empty())
      return std::string(
                 "name: expected a function's name as in functions_timing's rows, "
                 "e.g. app::parse (got ") +
             (name == nullptr ? "none" : json_text(*name)) + ")";
    path = "/functions/" + name->get<std::string>() + "/" + tool.route;
  } else {
    path = tool.route;
  }
  return std::nullopt;
}

/// The message of a route's refusal: its {"error": ...}, or its body.
std::string refusal_message(const LiveResponse& response) {
  try {
    return json::parse(response.body).at("error").get<std::string>();
  } catch (const json::exception&) {
    return "HTTP status " + std::to_string(response.status) + ": " + response.body;
  }
}

}  // namespace

json mcp_tool_list(bool structured) {
  json tools = json::array();
  for (const ToolSpec& tool : kTools) {
    json entry = {{"name", tool.name},
                  {"description", tool.description},
                  {"inputSchema", input_schema(tool)},
                  {"annotations",
                   {{"title", tool.title},
                    {"readOnlyHint", true},
                    {"destructiveHint", false},
                    {"openWorldHint", false}}}};
    if (structured) {
      entry["title"] = tool.title;
      entry["outputSchema"] = tool.output_schema();
    }
    tools.push_back(std::move(entry));
  }
  return {{"tools", std::move(tools)}};
}

std::optional<json> call_mcp_tool(const std::string& name, const json& arguments, bool structured,
                                  const RouteAsker& ask) {
  const auto tool = std::find_if(std::begin(kTools), std::end(kTools),
                                 [&](const ToolSpec& candidate) { return name == candidate.name; });
  if (tool == std::end(kTools)) return std::nullopt;
  std::string path;
  QueryParameters parameters;
  std::optional<std::uint64_t> limit;
  if (std::optional<std::string> wrong = route_request(*tool, arguments, path, parameters, limit))
    return tool_error(*wrong);
  const LiveResponse response = ask(path, parameters);
  if (response.status != 200) return tool_error(refusal_message(response));
  json content;
  try {
    content = json::parse(response.body);
  } catch (const json::exception& failure) {
    return tool_error(std::string("the answer of ") + path + " is not JSON: " + failure.what());
  }
  std::string text = response.body;
  if ((tool->arguments & kName) && limit && *limit != 0 && content.contains("logs") &&
      content["logs"].size() > *limit) {
    content["logs"].erase(content["logs"].begin() + static_cast<std::ptrdiff_t>(*limit),
                          content["logs"].end());
    text = json_text(content);
  }
  json result = {{"content", json::array({{{"type", "text"}, {"text", std::move(text)}}})},
                 {"isError", false}};
  if (structured) result["structuredContent"] = std::move(content);
  return result;
}

std::string mcp_tool_names() {
  std::string names;
  for (const ToolSpec& tool : kTools) names += (names.empty() ? "" : ", ") + std::string(tool.name);
  return names;
}

}  // namespace hotpath::live
