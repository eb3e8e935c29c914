// What the live server answers, without the network: a request's path and query
// in, a status and a JSON body out, from a report taken now. The server
// (live_server.cpp) only moves bytes; everything a client can get wrong is
// judged here, so that the unit tests reach it.
#ifndef HOTPATH_RUNTIME_LIVE_LIVE_ROUTES_HPP
#define HOTPATH_RUNTIME_LIVE_LIVE_ROUTES_HPP

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "hotpath/report.hpp"
#include "hotpath/session.hpp"

namespace hotpath::live {

/// An answer of the live server.
struct LiveResponse {
  int status = 200;
  std::string body;  ///< JSON (for an error, {"error": "..."}), or as content_type says
  std::string content_type = "application/json";
};

/// A request's query parameters, the first value of each name.
using QueryParameters = std::map<std::string, std::string>;

/// Where the routes take their data from.
struct LiveData {
  /// The report now (hotpath::snapshot()), valid until the next call. Routes that
  /// cut its rows copy it; the others read it as it is.
  std::function<const Report&()> current_report;
  /// A function's recent calls (hotpath::recent_calls()); false when there is no
  /// function of that name.
  std::function<bool(const std::string& name, std::vector<RecentCall>& calls)> recent_calls;
  /// A function's calls and their durations on the grid, read now; false when
  /// there is no function of that name. Unset: those of the report's row.
  std::function<bool(const std::string& name, std::uint64_t& calls, DurationBuckets& buckets)>
      durations;
};

/// Answers `path` with `parameters` (`limit`, `focus`), taking from `data` only
/// what the route needs.
LiveResponse respond(const std::string& path, const QueryParameters& parameters,
                     const LiveData& data);

/// True for the paths answered from the report (respond() asks `data` for it);
/// false for the page, the health check and unknown paths.
bool answers_from_report(const std::string& path);

/// The JSON error body: {"error": message}.
std::string error_body(const std::string& message);

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_LIVE_ROUTES_HPP
