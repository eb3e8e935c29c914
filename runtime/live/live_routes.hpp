// What the live server answers, without the network: a request's path and query
// in, a status and a JSON body out, from a report taken now. The server
// (live_server.cpp) only moves bytes; everything a client can get wrong is
// judged here, so that the unit tests reach it.
#ifndef HOTPATH_RUNTIME_LIVE_LIVE_ROUTES_HPP
#define HOTPATH_RUNTIME_LIVE_LIVE_ROUTES_HPP

#include <functional>
#include <map>
#include <string>

#include "hotpath/report.hpp"

namespace hotpath::live {

/// An answer of the live server.
struct LiveResponse {
  int status = 200;
  std::string body;  ///< JSON (for an error, {"error": "..."}), or as content_type says
  std::string content_type = "application/json";
};

/// A request's query parameters, the first value of each name.
using QueryParameters = std::map<std::string, std::string>;

/// Answers `path` with `parameters` (`limit`, `focus`), taking the report from
/// `current_report` only when the route needs one.
LiveResponse respond(const std::string& path, const QueryParameters& parameters,
                     const std::function<Report()>& current_report);

/// The JSON error body: {"error": message}.
std::string error_body(const std::string& message);

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_LIVE_ROUTES_HPP
