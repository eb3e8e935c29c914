// MCP on the live server without the network: the exact JSON-RPC answers to a
// POST to /mcp, the revision negotiation, batches by revision, the JSON-RPC errors
// and the HTTP statuses, and which methods and Origins are refused before a body
// is read.
#include "live/mcp_protocol.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "report_rows.hpp"

namespace hotpath::live {
namespace {

using nlohmann::json;

Report one_function_report() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1000;
  report.percentiles = {95};
  report.rows.push_back(test::timing_row("app::parse", "app::parse()", 7, 100, {120}, 700, 70));
  return report;
}

/// The answer to a POST of `body`, with the MCP-Protocol-Version header `version`
/// (none when empty), from one_function_report().
LiveResponse post(const std::string& body, const std::string& version = "") {
  static const Report report = one_function_report();
  LiveData data;
  data.current_report = [&]() -> const Report& { return report; };
  data.recent_calls = [](const std::string&, std::vector<RecentCall>&) { return false; };
  const RouteAsker ask = [&data](const std::string& path, const QueryParameters& parameters) {
    return respond(path, parameters, data);
  };
  return answer_mcp_post(body, version.empty() ? std::nullopt : std::optional(version), ask);
}

std::string initialize(const std::string& version) {
  return R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" +
         version + R"(","capabilities":{},"clientInfo":{"name":"test","version":"1"}}})";
}

TEST(McpProtocol, InitializeAnswersTheClientsRevisionWhenItSpeaksIt) {
  const LiveResponse response = post(initialize("2025-03-26"));
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "application/json");
  const json answer = json::parse(response.body);
  EXPECT_EQ(answer["jsonrpc"], "2.0");
  EXPECT_EQ(answer["id"], 1);
  const json& result = answer["result"];
  EXPECT_EQ(result["protocolVersion"], "2025-03-26");
  EXPECT_EQ(result["capabilities"], json::parse(R"({"tools":{"listChanged":false}})"));
  EXPECT_EQ(result["serverInfo"], (json{{"name", "hotpath"}, {"version", HOTPATH_VERSION}}));
  EXPECT_EQ(result["instructions"].get<std::string>().rfind("hotpath measures the functions", 0),
            0u);
}

TEST(McpProtocol, InitializeAnswersItsLatestRevisionToANewerClient) {
  const json result = json::parse(post(initialize("2025-11-25")).body)["result"];
  EXPECT_EQ(result["protocolVersion"], "2025-06-18");
  EXPECT_EQ(result["serverInfo"]["title"], "hotpath live metrics");
  EXPECT_EQ(json::parse(post(initialize("2025-06-18")).body)["result"]["protocolVersion"],
            "2025-06-18");
}

TEST(McpProtocol, InitializeWithoutARevisionIsABadParameter) {
  const LiveResponse response =
      post(R"({"jsonrpc":"2.0","id":"a","method":"initialize","params":{}})");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body,
            R"({"error":{"code":-32602,"message":"params.protocolVersion: expected the revision )"
            R"(the client speaks, a string such as 2025-06-18"},"id":"a","jsonrpc":"2.0"})");
}

TEST(McpProtocol, NotificationsAndClientResponsesAreAcceptedWithoutABody) {
  for (const char* body : {R"({"jsonrpc":"2.0","method":"notifications/initialized"})",
                           R"({"jsonrpc":"2.0","method":"notifications/cancelled",)"
                           R"("params":{"requestId":3}})",
                           R"({"jsonrpc":"2.0","id":5,"result":{}})"}) {
    const LiveResponse response = post(body);
    EXPECT_EQ(response.status, 202) << body;
    EXPECT_EQ(response.body, "") << body;
  }
}

TEST(McpProtocol, PingAnswersAnEmptyResult) {
  EXPECT_EQ(post(R"({"jsonrpc":"2.0","id":7,"method":"ping"})", "2025-06-18").body,
            R"({"id":7,"jsonrpc":"2.0","result":{}})");
}

TEST(McpProtocol, AnUnknownMethodIsNotFound) {
  const LiveResponse response = post(R"({"jsonrpc":"2.0","id":2,"method":"resources/list"})");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body,
            R"x({"error":{"code":-32601,"message":"method not found: 'resources/list' (this )x"
            R"x(server answers initialize, ping, tools/list and tools/call)"},"id":2,)x"
            R"x("jsonrpc":"2.0"})x");
}

TEST(McpProtocol, ABodyThatIsNotJsonIsAParseError) {
  const LiveResponse response = post("{\"jsonrpc\":");
  EXPECT_EQ(response.status, 400);
  const json answer = json::parse(response.body);
  EXPECT_EQ(answer["id"], nullptr);
  EXPECT_EQ(answer["error"]["code"], -32700);
  EXPECT_EQ(answer["error"]["message"].get<std::string>().rfind("parse error: ", 0), 0u);
}

TEST(McpProtocol, MessagesThatAreNotJsonRpcAreInvalidRequests) {
  const LiveResponse version = post(R"({"jsonrpc":"1.0","id":1,"method":"ping"})");
  EXPECT_EQ(version.status, 400);
  EXPECT_EQ(version.body, R"({"error":{"code":-32600,"message":"invalid request: jsonrpc: )"
                          R"(expected \"2.0\""},"id":1,"jsonrpc":"2.0"})");
  const LiveResponse id = post(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})");
  EXPECT_EQ(id.status, 400);
  EXPECT_EQ(json::parse(id.body)["error"]["message"],
            "invalid request: id: expected a string or an integer (got 1.5)");
  EXPECT_EQ(json::parse(post(R"({"jsonrpc":"2.0","id":1})").body)["error"]["message"],
            "invalid request: no method");
  EXPECT_EQ(json::parse(post("42").body)["error"]["code"], -32600);
}

TEST(McpProtocol, ParamsThatAreNotAnObjectAreBadParameters) {
  EXPECT_EQ(post(R"({"jsonrpc":"2.0","id":3,"method":"tools/list","params":[1]})").body,
            R"x({"error":{"code":-32602,"message":"params: expected an object (got [1])"},)x"
            R"("id":3,"jsonrpc":"2.0"})");
}

TEST(McpProtocol, AnUnsupportedRevisionHeaderIsRefused) {
  const LiveResponse response = post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})", "2024-11-05");
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(json::parse(response.body)["error"]["message"],
            "unsupported MCP-Protocol-Version '2024-11-05' (this server speaks 2025-06-18 and "
            "2025-03-26)");
}

// 2025-03-26 has batches; 2025-06-18 took them out.
TEST(McpProtocol, BatchesAreAnsweredUnder2025_03_26Only) {
  const std::string batch =
      R"([{"jsonrpc":"2.0","id":1,"method":"ping"},)"
      R"({"jsonrpc":"2.0","method":"notifications/initialized"},)"
      R"({"jsonrpc":"2.0","id":2,"method":"nope"},)"
      R"({"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}])";
  for (const std::string version : {"", "2025-03-26"}) {
    const LiveResponse response = post(batch, version);
    ASSERT_EQ(response.status, 200) << version;
    const json answers = json::parse(response.body);
    ASSERT_EQ(answers.size(), 3u);
    EXPECT_EQ(answers[0], json::parse(R"({"jsonrpc":"2.0","id":1,"result":{}})"));
    EXPECT_EQ(answers[1]["id"], 2);
    EXPECT_EQ(answers[1]["error"]["code"], -32601);
    EXPECT_EQ(answers[2]["id"], 3);
    EXPECT_EQ(answers[2]["error"]["message"],
              "invalid request: initialize cannot be part of a batch");
  }
  const LiveResponse refused = post(batch, "2025-06-18");
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(json::parse(refused.body)["error"]["message"],
            "invalid request: MCP 2025-06-18 has no batches: send one message per request");
  EXPECT_EQ(post("[]").status, 400);
  EXPECT_EQ(post(R"([{"jsonrpc":"2.0","method":"notifications/initialized"}])").status, 202);
}

TEST(McpProtocol, ToolsCallNamesWhatIsWrongWithItsParameters) {
  const auto message_of = [](const std::string& params) {
    const LiveResponse response =
        post(R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":)" + params + "}");
    EXPECT_EQ(response.status, 200);
    const json answer = json::parse(response.body);
    EXPECT_EQ(answer["error"]["code"], -32602);
    return answer["error"]["message"].get<std::string>();
  };
  const std::string tools =
      "functions_timing, functions_alloc, functions_cpu, functions_wait, locks, coroutines, "
      "gauges, call_tree, threads, function_logs, function_histogram";
  EXPECT_EQ(message_of(R"({"name":"nope"})"), "unknown tool 'nope' (tools: " + tools + ")");
  EXPECT_EQ(message_of("{}"), "params.name: expected the name of a tool (" + tools + ")");
  EXPECT_EQ(message_of(R"({"name":"threads","arguments":[]})"),
            "params.arguments: expected an object (got [])");
}

TEST(McpProtocol, ToolsAreStructuredFrom2025_06_18On) {
  const std::string list = R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})";
  const json older = json::parse(post(list).body)["result"]["tools"][0];
  EXPECT_FALSE(older.contains("outputSchema"));
  const json newer = json::parse(post(list, "2025-06-18").body)["result"]["tools"][0];
  EXPECT_EQ(newer["outputSchema"]["type"], "object");
  const std::string call =
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"functions_timing"}})";
  EXPECT_FALSE(json::parse(post(call).body)["result"].contains("structuredContent"));
  const json result = json::parse(post(call, "2025-06-18").body)["result"];
  EXPECT_EQ(result["structuredContent"]["data"][0]["name"], "app::parse");
  EXPECT_EQ(result["isError"], false);
}

TEST(McpProtocol, OnlyPostIsAnswered) {
  for (const char* method : {"GET", "HEAD", "DELETE", "PUT", "OPTIONS"}) {
    const std::optional<LiveResponse> refusal = refuse_mcp_request(method, std::nullopt);
    ASSERT_TRUE(refusal) << method;
    EXPECT_EQ(refusal->status, 405);
    EXPECT_EQ(json::parse(refusal->body)["error"]["code"], -32000);
  }
  EXPECT_FALSE(refuse_mcp_request("POST", std::nullopt));
}

// Against DNS rebinding: a page elsewhere whose name resolves to 127.0.0.1 sends
// its own Origin.
TEST(McpProtocol, OnlyPagesOfThisMachineMayPost) {
  for (const char* origin : {"http://localhost", "http://localhost:3000", "http://127.0.0.1:6770",
                             "https://127.1.2.3", "http://[::1]:8080", "HTTP://LOCALHOST"}) {
    EXPECT_FALSE(refuse_mcp_request("POST", std::string(origin))) << origin;
  }
  for (const char* origin :
       {"http://evil.example", "http://localhost.evil.example", "http://127.0.0.1.evil.example",
        "http://127.0.0.256", "null", "", "file://", "http://localhost:abc",
        "http://localhost:80/path", "http://[::2]"}) {
    const std::optional<LiveResponse> refusal = refuse_mcp_request("POST", std::string(origin));
    ASSERT_TRUE(refusal) << origin;
    EXPECT_EQ(refusal->status, 403) << origin;
  }
  EXPECT_EQ(json::parse(refuse_mcp_request("POST", std::string("http://evil.example"))->body),
            json::parse(R"x({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":)x"
                        R"x("forbidden: Origin 'http://evil.example' is not a page of this )x"
                        R"x(machine (http://localhost, http://127.0.0.1 or http://[::1], any )x"
                        R"x(port)"}})x"));
}

}  // namespace
}  // namespace hotpath::live
