// `hotpath mcp` (see the header). One message at a time: a line is read, POSTed,
// and its answer written before the next line is read, so answers come in the
// order of the requests. The revision that initialize settles on is sent with
// every later request (MCP-Protocol-Version), as Streamable HTTP asks of a client.
// stdout carries JSON-RPC only; everything said to a person goes to stderr.
#include "mcp_command.hpp"

#include <httplib.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace hotpath::cli {
namespace {

using nlohmann::json;

constexpr const char* kDefaultUrl = "http://127.0.0.1:6770/mcp";
constexpr int kServerUnreachable = -32000;

constexpr const char* kHelp =
    "Usage: hotpath mcp [--token TOKEN] [URL]\n"
    "\n"
    "Connects an MCP client that starts a command (stdio transport: JSON-RPC, one\n"
    "message per line on stdin and stdout) to a running program's live server, which\n"
    "serves MCP at /mcp when the program runs with HOTPATH_LIVE=1. URL is that\n"
    "endpoint, http://127.0.0.1:6770/mcp by default (a URL without a path gets /mcp).\n"
    "\n"
    "Options:\n"
    "  --token TOKEN  the server's bearer token (HOTPATH_METRICS_AUTH_TOKEN); by\n"
    "                 default HOTPATH_METRICS_AUTH_TOKEN of the environment\n"
    "  -h, --help     this help\n"
    "\n"
    "Messages go on to the server one at a time; an answer comes back on stdout,\n"
    "errors (no server at URL, a refused token) as JSON-RPC errors and on stderr.\n";

struct Endpoint {
  std::string origin;  ///< http://host:port
  std::string path;    ///< /mcp
};

/// `url` split for the HTTP client; nothing when it is not an http:// URL.
std::optional<Endpoint> endpoint_of(const std::string& url) {
  static const std::string kScheme = "http://";
  if (url.rfind(kScheme, 0) != 0 || url.size() == kScheme.size()) return std::nullopt;
  const std::size_t slash = url.find('/', kScheme.size());
  Endpoint endpoint{url.substr(0, slash), slash == std::string::npos ? "" : url.substr(slash)};
  if (endpoint.path.empty() || endpoint.path == "/") endpoint.path = "/mcp";
  return endpoint;
}

/// The ids of the requests in `line` (a message or a batch): those that wait for
/// an answer.
std::vector<json> request_ids(const json& messages) {
  std::vector<json> ids;
  const auto add = [&ids](const json& message) {
    if (message.is_object() && message.contains("method") && message.contains("id"))
      ids.push_back(message["id"]);
  };
  if (messages.is_array()) {
    for (const json& message : messages) add(message);
  } else {
    add(messages);
  }
  return ids;
}

class McpBridge {
 public:
  McpBridge(const std::string& url, const Endpoint& endpoint, const std::string& token)
      : url_(url), path_(endpoint.path), client_(endpoint.origin) {
    client_.set_connection_timeout(2, 0);
    // A report of a large program takes seconds to make.
    client_.set_read_timeout(60, 0);
    if (!token.empty()) client_.set_bearer_token_auth(token);
  }

  /// Forwards one line of stdin and writes what answers it.
  void forward(const std::string& line) {
    json messages;
    try {
      messages = json::parse(line);
    } catch (const json::parse_error&) {
      messages = json();  // the server says what is wrong with it
    }
    httplib::Headers headers = {{"Accept", "application/json, text/event-stream"}};
    if (!version_.empty()) headers.emplace("MCP-Protocol-Version", version_);
    const httplib::Result result = client_.Post(path_, headers, line, "application/json");
    if (!result) {
      const std::string failure = result.error() == httplib::Error::Connection
                                      ? "no connection"
                                      : httplib::to_string(result.error());
      fail(messages, json(),
           "cannot reach hotpath's live server at " + url_ + " (" + failure +
               "): is the program running with HOTPATH_LIVE=1, on that port?");
      return;
    }
    if (result->status == 202) return;
    json answer;
    try {
      answer = json::parse(result->body);
    } catch (const json::parse_error&) {
      answer = json();
    }
    if (result->status != 200 || answer.is_null()) {
      const std::string hint =
          result->status == 401
              ? " (the program's token goes in --token or HOTPATH_METRICS_AUTH_TOKEN)"
              : "";
      fail(messages, answer,
           "the live server at " + url_ + " answered HTTP " + std::to_string(result->status) +
               ": " + reason(answer, result->body) + hint);
      return;
    }
    remember_version(messages, answer);
    write_line(result->body.find('\n') == std::string::npos ? result->body : answer.dump());
  }

 private:
  /// Why a refusal was made: its JSON-RPC error message, its {"error": ...}, or the
  /// body itself.
  static std::string reason(const json& answer, const std::string& body) {
    if (answer.is_object() && answer.contains("error")) {
      const json& error = answer["error"];
      if (error.is_string()) return error.get<std::string>();
      if (error.is_object() && error.contains("message") && error["message"].is_string())
        return error["message"].get<std::string>();
    }
    return body.empty() ? "no answer" : body;
  }

  /// Says `why` on stderr, and answers each request of `messages` with an error:
  /// the server's JSON-RPC error when it sent one, otherwise `why`.
  void fail(const json& messages, const json& answer, const std::string& why) {
    std::fprintf(stderr, "hotpath mcp: %s\n", why.c_str());
    const bool server_error = answer.is_object() && answer.contains("error") &&
                              answer["error"].is_object() && answer["error"].contains("code");
    const std::vector<json> ids = request_ids(messages);
    // A line that is no request (not JSON at all): the server's answer as it is.
    if (ids.empty() && server_error && messages.is_null()) write_line(answer.dump());
    for (const json& id : ids) {
      json error = server_error ? answer["error"] : json{{"code", kServerUnreachable}};
      error["message"] = why;
      write_line(json{{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(error)}}.dump());
    }
  }

  /// The revision initialize settled on, sent with every later request.
  void remember_version(const json& messages, const json& answer) {
    if (!messages.is_object() || messages.value("method", json()) != "initialize") return;
    if (answer.is_object() && answer.contains("result") && answer["result"].is_object() &&
        answer["result"].contains("protocolVersion") &&
        answer["result"]["protocolVersion"].is_string())
      version_ = answer["result"]["protocolVersion"].get<std::string>();
  }

  static void write_line(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }

  std::string url_;
  std::string path_;
  httplib::Client client_;
  std::string version_;
};

}  // namespace

int run_mcp_command(const std::vector<std::string>& arguments) {
  std::optional<std::string> url;
  std::string token;
  if (const char* from_environment = std::getenv("HOTPATH_METRICS_AUTH_TOKEN"))
    token = from_environment;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    if (argument == "-h" || argument == "--help") {
      std::fputs(kHelp, stdout);
      return 0;
    }
    if (argument == "--token") {
      if (i + 1 == arguments.size()) {
        std::fputs("hotpath mcp: --token needs a value\n", stderr);
        return 2;
      }
      token = arguments[++i];
    } else if (argument.rfind("--token=", 0) == 0) {
      token = argument.substr(8);
    } else if (argument.rfind("-", 0) == 0) {
      std::fprintf(stderr, "hotpath mcp: unknown option \"%s\"\n%s", argument.c_str(), kHelp);
      return 2;
    } else if (url) {
      std::fprintf(stderr, "hotpath mcp: expected at most one URL, got \"%s\" and \"%s\"\n",
                   url->c_str(), argument.c_str());
      return 2;
    } else {
      url = argument;
    }
  }
  if (!url) url = kDefaultUrl;
  const std::optional<Endpoint> endpoint = endpoint_of(*url);
  if (!endpoint) {
    std::fprintf(stderr,
                 "hotpath mcp: \"%s\" is not an http:// URL (for example "
                 "http://127.0.0.1:6770/mcp)\n",
                 url->c_str());
    return 2;
  }
  McpBridge bridge(*url, *endpoint, token);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    bridge.forward(line);
  }
  return 0;
}

}  // namespace hotpath::cli
