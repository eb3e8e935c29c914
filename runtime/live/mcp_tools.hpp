// The tools the live server offers over MCP: one per JSON route of the report, each
// answered through that route (live_routes.hpp), so that a tool's rows are exactly
// the route's. Here are their names, descriptions and schemas, and how a tool's
// arguments become a route's path and query; no JSON-RPC and no network.
#ifndef HOTPATH_RUNTIME_LIVE_MCP_TOOLS_HPP
#define HOTPATH_RUNTIME_LIVE_MCP_TOOLS_HPP

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "live/live_routes.hpp"

namespace hotpath::live {

/// Asks a route of the live server: respond() on the report of the moment.
using RouteAsker =
    std::function<LiveResponse(const std::string& path, const QueryParameters& parameters)>;

/// The answer to tools/list: {"tools": [...]}, each tool with its inputSchema, and
/// with its outputSchema when `structured` (MCP 2025-06-18 and later).
nlohmann::json mcp_tool_list(bool structured);

/// The result of tools/call for tool `name` with `arguments` (an object): the route's
/// JSON as text content, and as structuredContent when `structured`; isError with a
/// text naming the problem for a bad argument or a route that refuses. Nothing
/// when there is no tool of that name.
std::optional<nlohmann::json> call_mcp_tool(const std::string& name,
                                            const nlohmann::json& arguments, bool structured,
                                            const RouteAsker& ask);

/// The tools' names, in the order of tools/list, separated by ", ".
std::string mcp_tool_names();

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_MCP_TOOLS_HPP
