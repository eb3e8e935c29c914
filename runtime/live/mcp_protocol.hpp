// MCP on the live server, without the network: the JSON-RPC 2.0 messages a client
// POSTs to /mcp in, the HTTP answer out (Streamable HTTP, revisions 2025-06-18 and
// 2025-03-26, answered as application/json, never as an event stream). The server
// keeps no session: every request is answered from the report of the moment, and
// the revision a request is under comes from its MCP-Protocol-Version header.
#ifndef HOTPATH_RUNTIME_LIVE_MCP_PROTOCOL_HPP
#define HOTPATH_RUNTIME_LIVE_MCP_PROTOCOL_HPP

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "live/live_routes.hpp"
#include "live/mcp_tools.hpp"

namespace hotpath::live {

/// The path of the MCP endpoint.
inline constexpr const char* kMcpPath = "/mcp";
/// The revision answered to a client that asks for one this server does not speak.
inline constexpr const char* kMcpLatestVersion = "2025-06-18";
/// The revision of a request without an MCP-Protocol-Version header, as the
/// specification says.
inline constexpr const char* kMcpDefaultVersion = "2025-03-26";

/// JSON-RPC error codes.
enum McpErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kServerError = -32000,  ///< refusals of the transport (method, Origin)
};

/// True for a revision this server speaks.
bool mcp_version_supported(const std::string& version);

/// The JSON-RPC answer to one message under `version`: a response to a request
/// (result or error); nothing for a notification or a client's response.
std::optional<nlohmann::json> answer_mcp_message(const nlohmann::json& message,
                                                 const std::string& version, const RouteAsker& ask);

/// A JSON-RPC error response with `id` (null when unknown).
nlohmann::json mcp_error(const nlohmann::json& id, int code, const std::string& message);

/// The answer to a POST to /mcp with `body` and the MCP-Protocol-Version header
/// `version_header` (nothing when absent): 200 with the responses, 202 without a
/// body when there is nothing to answer, 400 with a JSON-RPC error for a body that
/// is not JSON-RPC, a batch the revision has no batches in, or a revision this
/// server does not speak.
LiveResponse answer_mcp_post(const std::string& body,
                             const std::optional<std::string>& version_header,
                             const RouteAsker& ask);

/// The refusal of a request to /mcp before its body is read: 405 for a method
/// other than POST (the answer's Allow header is "POST"), 403 for an `origin`
/// (the Origin header, nothing when absent) other than a page on this machine,
/// against DNS rebinding; nothing when the request may go on.
std::optional<LiveResponse> refuse_mcp_request(const std::string& method,
                                               const std::optional<std::string>& origin);

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_MCP_PROTOCOL_HPP
