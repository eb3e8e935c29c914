// The live server's routes: each JSON section of the report by name, the whole
// report, Prometheus text, and a health check; `limit` and `focus` cut the rows as
// they do in `hotpath report`.
#include "live/live_routes.hpp"

#include <unistd.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <vector>

#include "env_config.hpp"
#include "live/live_page.hpp"
#include "live/prometheus_text.hpp"
#include "report_view.hpp"
#include "value_parsers.hpp"
#include "wall_flamegraph.hpp"

namespace hotpath::live {
namespace {

/// The largest `limit` a client may ask for: more rows than any program has.
constexpr std::uint64_t kMaxLimit = 1'000'000'000;

/// Routes that answer one section of the report, and what a report without it lacks.
struct SectionRoute {
  const char* path;
  const char* section;
  const char* missing;  ///< why a report has no such section ("": every report has it)
};

constexpr SectionRoute kSectionRoutes[] = {
    {"/functions_timing", "functions_timing", ""},
    {"/functions_alloc", "functions_alloc",
     "no allocation tracking in this program: link hotpath-alloc (-lhotpath-alloc)"},
    {"/threads", "threads",
     "no threads section: the threads monitor is off and the program does not link "
     "hotpath-alloc"},
    {"/functions_cpu", "functions_cpu",
     "no CPU sampling in this program: link hotpath-cpu (-lhotpath-cpu) or preload it"},
    {"/functions_wait", "functions_wait",
     "no waits recorded in this program: link hotpath-wait (-lhotpath-wait) or preload it"},
    {"/locks", "locks",
     "no locks recorded in this program: link hotpath-wait (-lhotpath-wait) or preload it"},
    // Empty before a measured coroutine runs: the program may have some still.
    {"/coroutines", "coroutines", ""},
    // Empty before a gauge or counter is used.
    {"/gauges", "gauges", ""},
    {"/call_tree", "call_tree", ""},
};

/// `value` as one line of JSON; invalid UTF-8 (names come from source files)
/// becomes U+FFFD instead of an exception.
std::string json_text(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

LiveResponse error(int status, const std::string& message) {
  return {status, error_body(message), "application/json"};
}

/// A 400 for query parameters given to a route that takes none.
std::optional<LiveResponse> refuse_parameters(const std::string& route,
                                              const QueryParameters& parameters) {
  if (parameters.empty()) return std::nullopt;
  return error(400, route + " takes no query parameters");
}

template <typename Row>
void keep_focused(std::vector<Row>& rows, const std::regex& focus) {
  rows.erase(std::remove_if(rows.begin(), rows.end(),
                            [&](const Row& row) { return !std::regex_search(row.name, focus); }),
             rows.end());
}

/// Applies `limit` and `focus` to `report`; an error response when one is not valid,
/// or for a parameter that is neither they nor `also_known` (a route's own, which
/// it reads itself).
std::optional<LiveResponse> apply_query(const QueryParameters& parameters, Report& report,
                                        const char* also_known = nullptr) {
  for (const auto& [name, value] : parameters) {
    if (name == "limit" || name == "focus" || (also_known != nullptr && name == also_known))
      continue;
    const std::string known = also_known != nullptr
                                  ? std::string("limit, focus and ") + also_known + " are known"
                                  : std::string("limit and focus are known");
    return error(400, "unknown query parameter '" + name + "' (" + known + ")");
  }
  if (auto limit = parameters.find("limit"); limit != parameters.end()) {
    const std::optional<std::uint64_t> rows =
        detail::parse_whole_number(limit->second, 0, kMaxLimit);
    if (!rows)
      return error(400, "limit='" + limit->second + "': expected a whole number of rows (0 = all)");
    report.limit = static_cast<std::size_t>(*rows);
  }
  if (auto focus = parameters.find("focus"); focus != parameters.end()) {
    std::regex pattern;
    try {
      pattern = std::regex(focus->second, std::regex::ECMAScript);
    } catch (const std::regex_error& failure) {
      return error(400,
                   "focus='" + focus->second + "': not a regular expression: " + failure.what());
    }
    keep_focused(report.rows, pattern);
    keep_focused(report.alloc_rows, pattern);
    keep_focused(report.cpu_rows, pattern);
    keep_focused(report.wait_rows, pattern);
    keep_focused(report.lock_rows, pattern);
    keep_focused(report.coroutine_rows, pattern);
    report.call_tree = focus_call_tree(report.call_tree, pattern);
  }
  return std::nullopt;
}

/// /metrics: the functions of the largest total time, HOTPATH_METRICS_LIMIT of them
/// unless `limit` says otherwise, `focus` as on the JSON routes, and the per-thread
/// families with HOTPATH_METRICS_THREADS=1 or `threads=1`.
LiveResponse metrics_response(const QueryParameters& parameters, const LiveData& data) {
  MetricsOptions options;
  options.limit = detail::env_metrics_limit().value_or(kDefaultMetricsLimit);
  options.threads = detail::env_metrics_threads().value_or(false);
  QueryParameters cuts = parameters;
  if (auto threads = cuts.find("threads"); threads != cuts.end()) {
    const std::optional<std::uint64_t> flag = detail::parse_whole_number(threads->second, 0, 1);
    if (!flag) return error(400, "threads='" + threads->second + "': expected 0 or 1");
    options.threads = *flag == 1;
    cuts.erase(threads);
  }
  const Report& current = data.current_report();
  // Without limit or focus the report is read as it is: no copy of its rows.
  if (cuts.empty()) return {200, prometheus_text(current, options), kPrometheusContentType};
  Report report = current;
  report.limit = options.limit;
  if (std::optional<LiveResponse> bad = apply_query(cuts, report, "threads")) return *bad;
  options.limit = report.limit;
  return {200, prometheus_text(report, options), kPrometheusContentType};
}

/// The function name of a /functions/{name}/`what` path (the name may hold '/').
std::optional<std::string> function_of_route(const std::string& path, const std::string& what) {
  static const std::string kPrefix = "/functions/";
  const std::string suffix = "/" + what;
  if (path.size() <= kPrefix.size() + suffix.size() || path.rfind(kPrefix, 0) != 0 ||
      path.compare(path.size() - suffix.size(), suffix.size(), suffix) != 0)
    return std::nullopt;
  return path.substr(kPrefix.size(), path.size() - kPrefix.size() - suffix.size());
}

/// The durations of a function's calls by bucket (not cumulative), for the page's
/// histogram: bounds_ns[i] is bucket i's upper bound, null for the last (any). The
/// grid's bounds rounded down to whole nanoseconds, which durations are: the
/// counts stay exact (a few grid buckets below 16 ns share a whole bound).
/// A function's calls and their durations: read now when `data` can, otherwise its
/// report's row; false when there is no function of that name.
bool durations_of(const std::string& name, const LiveData& data, std::uint64_t& calls,
                  DurationBuckets& buckets) {
  if (data.durations) return data.durations(name, calls, buckets);
  const Report& report = data.current_report();
  const auto row =
      std::find_if(report.rows.begin(), report.rows.end(),
                   [&](const FunctionRow& candidate) { return candidate.name == name; });
  if (row == report.rows.end()) return false;
  calls = row->calls;
  buckets = row->duration_buckets;
  return true;
}

LiveResponse histogram_response(const std::string& name, const LiveData& data) {
  std::uint64_t calls = 0;
  DurationBuckets buckets;
  if (!durations_of(name, data, calls, buckets))
    return error(404, "no function named '" + name + "' in the report");
  nlohmann::json bounds = nlohmann::json::array();
  nlohmann::json counts = nlohmann::json::array();
  std::uint64_t below = 0;
  for (std::size_t i = 0; i < buckets.cumulative.size(); ++i) {
    const auto bound = static_cast<std::uint64_t>(
        DurationBuckets::bound_ns(buckets.first_index + static_cast<int>(i)));
    const std::uint64_t cumulative = std::max(buckets.cumulative[i], below);
    if (!bounds.empty() && bounds.back().get<std::uint64_t>() == bound) {
      counts.back() = counts.back().get<std::uint64_t>() + (cumulative - below);
    } else {
      bounds.push_back(bound);
      counts.push_back(cumulative - below);
    }
    below = cumulative;
  }
  bounds.push_back(nullptr);
  counts.push_back(calls > below ? calls - below : 0);
  nlohmann::json body;
  body["function_name"] = name;
  body["calls"] = calls;
  body["bounds_ns"] = std::move(bounds);
  body["counts"] = std::move(counts);
  return {200, json_text(body)};
}

LiveResponse recent_calls_response(const std::string& name, const LiveData& data) {
  std::vector<RecentCall> calls;
  if (!data.recent_calls(name, calls))
    return error(404, "no function named '" + name + "' in the report");
  nlohmann::json logs = nlohmann::json::array();
  for (const RecentCall& call : calls) {
    logs.push_back({{"duration_ns", call.duration_ns}, {"end_ns", call.end_ns}, {"tid", call.tid}});
  }
  nlohmann::json body;
  body["function_name"] = name;
  body["logs"] = std::move(logs);
  return {200, json_text(body)};
}

}  // namespace

std::string error_body(const std::string& message) {
  return json_text(nlohmann::json{{"error", message}});
}

bool answers_from_report(const std::string& path) {
  if (path == "/report" || path == "/metrics" || path == "/flamegraph.svg" ||
      function_of_route(path, "logs") || function_of_route(path, "histogram"))
    return true;
  return std::any_of(std::begin(kSectionRoutes), std::end(kSectionRoutes),
                     [&](const SectionRoute& route) { return path == route.path; });
}

LiveResponse respond(const std::string& path, const QueryParameters& parameters,
                     const LiveData& data) {
  if (path == "/healthz") {
    if (auto bad = refuse_parameters(path, parameters)) return *bad;
    return {200, json_text({{"status", "ok"}, {"pid", ::getpid()}})};
  }
  if (path == "/metrics") return metrics_response(parameters, data);
  if (path == "/report") {
    Report report = data.current_report();
    if (std::optional<LiveResponse> bad = apply_query(parameters, report)) return *bad;
    std::ostringstream out;
    JsonReporter().write(report, out);
    std::string body = std::move(out).str();
    if (!body.empty() && body.back() == '\n') body.pop_back();
    return {200, std::move(body)};
  }
  if (path == "/") {
    if (auto bad = refuse_parameters(path, parameters)) return *bad;
    return {200, kLivePage, "text/html; charset=utf-8"};
  }
  if (path == "/flamegraph.svg") {
    if (auto bad = refuse_parameters(path, parameters)) return *bad;
    const Report& report = data.current_report();
    return {200, render_wall_flamegraph(report, wall_stacks(report), ::getpid()), "image/svg+xml"};
  }
  if (std::optional<std::string> name = function_of_route(path, "logs")) {
    if (auto bad = refuse_parameters("/functions/{name}/logs", parameters)) return *bad;
    return recent_calls_response(*name, data);
  }
  if (std::optional<std::string> name = function_of_route(path, "histogram")) {
    if (auto bad = refuse_parameters("/functions/{name}/histogram", parameters)) return *bad;
    return histogram_response(*name, data);
  }
  for (const SectionRoute& route : kSectionRoutes) {
    if (path != route.path) continue;
    Report report = data.current_report();
    if (std::optional<LiveResponse> bad = apply_query(parameters, report)) return *bad;
    std::string body = JsonReporter::section(report, route.section);
    if (body.empty()) return error(404, route.missing);
    return {200, std::move(body)};
  }
  return error(404,
               "no such route: '" + path +
                   "' (routes: /, /report, /functions_timing, /functions_alloc, /threads, "
                   "/functions_cpu, /functions_wait, /locks, /coroutines, /gauges, /call_tree, "
                   "/functions/{name}/logs, /functions/{name}/histogram, /flamegraph.svg, "
                   "/metrics, /healthz)");
}

}  // namespace hotpath::live
