// MCP's JSON-RPC on the live server (see the header). Without sessions, a request's
// revision is its MCP-Protocol-Version header (2025-03-26 when it has none): it
// decides whether a batch is allowed (2025-03-26 has batches, 2025-06-18 none) and
// whether tools come with output schemas and structured content (2025-06-18).
#include "live/mcp_protocol.hpp"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <string>

#include "live/local_hosts.hpp"

namespace hotpath::live {
namespace {

using nlohmann::json;

constexpr int kInternalError = -32603;
constexpr const char* kVersions[] = {"2025-06-18", "2025-03-26"};
constexpr const char* kJson = "application/json";

constexpr const char* kInstructions =
    "hotpath measures the functions of this running C++ program while it runs. Start with "
    "functions_timing (wall time per function: calls, average, percentiles and total in "
    "nanoseconds); then functions_cpu (CPU samples), functions_alloc (heap allocations), "
    "functions_wait and locks (time blocked) where the program links those libraries; "
    "call_tree for who calls whom; function_logs and function_histogram for one function. "
    "Every answer is the report of the moment: counts grow while the program runs.";

std::string json_text(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

json initialize_result(const json& params) {
  if (!params.contains("protocolVersion") || !params["protocolVersion"].is_string())
    throw std::invalid_argument(
        "params.protocolVersion: expected the revision the client speaks, a string such as " +
        std::string(kMcpLatestVersion));
  const std::string asked = params["protocolVersion"].get<std::string>();
  const std::string version = mcp_version_supported(asked) ? asked : kMcpLatestVersion;
  json server = {{"name", "hotpath"}, {"version", HOTPATH_VERSION}};
  if (version != kMcpDefaultVersion) server["title"] = "hotpath live metrics";
  return {{"protocolVersion", version},
          {"capabilities", {{"tools", {{"listChanged", false}}}}},
          {"serverInfo", std::move(server)},
          {"instructions", kInstructions}};
}

json tools_call_result(const json& params, bool structured, const RouteAsker& ask) {
  if (!params.contains("name") || !params["name"].is_string())
    throw std::invalid_argument("params.name: expected the name of a tool (" + mcp_tool_names() +
                                ")");
  const std::string name = params["name"].get<std::string>();
  const json arguments = params.value("arguments", json::object());
  if (!arguments.is_object())
    throw std::invalid_argument("params.arguments: expected an object (got " +
                                json_text(arguments) + ")");
  std::optional<json> result = call_mcp_tool(name, arguments, structured, ask);
  if (!result)
    throw std::invalid_argument("unknown tool '" + name + "' (tools: " + mcp_tool_names() + ")");
  return std::move(*result);
}

/// The result of request `method`; std::invalid_argument for bad params, nothing
/// for an unknown method.
std::optional<json> dispatch(const std::string& method, const json& params,
                             const std::string& version, const RouteAsker& ask) {
  const bool structured = version != kMcpDefaultVersion;
  if (method == "initialize") return initialize_result(params);
  if (method == "ping") return json::object();
  if (method == "tools/list") return mcp_tool_list(structured);
  if (method == "tools/call") return tools_call_result(params, structured, ask);
  return std::nullopt;
}

LiveResponse json_answer(int status, const json& body) { return {status, json_text(body), kJson}; }

}  // namespace

bool mcp_version_supported(const std::string& version) {
  return std::any_of(std::begin(kVersions), std::end(kVersions),
                     [&](const char* known) { return version == known; });
}

json mcp_error(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

std::optional<json> answer_mcp_message(const json& message, const std::string& version,
                                       const RouteAsker& ask) {
  if (!message.is_object())
    return mcp_error(
        nullptr, kInvalidRequest,
        "invalid request: a JSON-RPC message is an object (got " + json_text(message) + ")");
  const bool has_id = message.contains("id");
  const json id = has_id ? message["id"] : json(nullptr);
  if (has_id && !id.is_string() && !id.is_number_integer())
    return mcp_error(
        nullptr, kInvalidRequest,
        "invalid request: id: expected a string or an integer (got " + json_text(id) + ")");
  if (message.value("jsonrpc", json()) != "2.0")
    return mcp_error(id, kInvalidRequest, "invalid request: jsonrpc: expected \"2.0\"");
  if (!message.contains("method")) {
    // A client's response: this server sends no requests, so it waits for none.
    if (has_id && (message.contains("result") || message.contains("error"))) return std::nullopt;
    return mcp_error(id, kInvalidRequest, "invalid request: no method");
  }
  if (!message["method"].is_string())
    return mcp_error(id, kInvalidRequest, "invalid request: method: expected a string");
  // Notifications (initialized, cancelled...) change nothing here: no session.
  if (!has_id) return std::nullopt;
  const std::string method = message["method"].get<std::string>();
  const json params = message.value("params", json::object());
  if (!params.is_object())
    return mcp_error(id, kInvalidParams,
                     "params: expected an object (got " + json_text(params) + ")");
  try {
    std::optional<json> result = dispatch(method, params, version, ask);
    if (!result)
      return mcp_error(id, kMethodNotFound,
                       "method not found: '" + method +
                           "' (this server answers initialize, ping, tools/list and tools/call)");
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(*result)}};
  } catch (const std::invalid_argument& wrong) {
    return mcp_error(id, kInvalidParams, wrong.what());
  } catch (const std::exception& failure) {
    return mcp_error(id, kInternalError, std::string("internal error: ") + failure.what());
  }
}

LiveResponse answer_mcp_post(const std::string& body,
                             const std::optional<std::string>& version_header,
                             const RouteAsker& ask) {
  if (version_header && !mcp_version_supported(*version_header))
    return json_answer(400, mcp_error(nullptr, kInvalidRequest,
                                      "unsupported MCP-Protocol-Version '" + *version_header +
                                          "' (this server speaks 2025-06-18 and 2025-03-26)"));
  const std::string version = version_header ? *version_header : kMcpDefaultVersion;
  json messages;
  try {
    messages = json::parse(body);
  } catch (const json::parse_error& failure) {
    return json_answer(
        400, mcp_error(nullptr, kParseError, std::string("parse error: ") + failure.what()));
  }
  if (!messages.is_array()) {
    std::optional<json> response = answer_mcp_message(messages, version, ask);
    if (!response) return {202, "", ""};
    const bool refused = response->contains("error") &&
                         (*response)["error"]["code"] == static_cast<int>(kInvalidRequest);
    return json_answer(refused ? 400 : 200, *response);
  }
  if (version != kMcpDefaultVersion)
    return json_answer(400, mcp_error(nullptr, kInvalidRequest,
                                      "invalid request: MCP " + version +
                                          " has no batches: send one message per request"));
  if (messages.empty())
    return json_answer(400, mcp_error(nullptr, kInvalidRequest, "invalid request: empty batch"));
  json responses = json::array();
  for (const json& message : messages) {
    std::optional<json> response;
    if (message.is_object() && message.value("method", json()) == "initialize" &&
        message.contains("id")) {
      response = mcp_error(message["id"], kInvalidRequest,
                           "invalid request: initialize cannot be part of a batch");
    } else {
      response = answer_mcp_message(message, version, ask);
    }
    if (response) responses.push_back(std::move(*response));
  }
  if (responses.empty()) return {202, "", ""};
  return json_answer(200, responses);
}

std::optional<LiveResponse> refuse_mcp_request(const std::string& method,
                                               const std::optional<std::string>& origin) {
  if (method != "POST")
    return json_answer(405, mcp_error(nullptr, kServerError,
                                      "method not allowed: " + std::string(kMcpPath) +
                                          " answers POST requests (JSON-RPC messages); it "
                                          "opens no event stream and keeps no session"));
  if (origin && !is_loopback_origin(*origin))
    return json_answer(403, mcp_error(nullptr, kServerError,
                                      "forbidden: Origin '" + *origin + "' is not a page of " +
                                          "this machine (http://localhost, http://127.0.0.1 "
                                          "or http://[::1], any port)"));
  return std::nullopt;
}

}  // namespace hotpath::live
