// The MCP tools without the network: their names and schemas, and that each
// answers exactly what its route answers (the same body as text, the same JSON as
// structured content), with the route's query made from the tool's arguments;
// bad arguments and the route's refusals come back as tool errors.
#include "live/mcp_tools.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report_rows.hpp"

namespace hotpath::live {
namespace {

using nlohmann::json;

Report two_function_report() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1000;
  report.percentiles = {95};
  report.rows.push_back(test::timing_row("app::parse", "app::parse()", 7, 100, {120}, 700, 70));
  report.rows.back().duration_buckets = {53, {0, 2, 7}};  // up to 98, 107, 117 ns
  report.rows.push_back(test::timing_row("app::emit", "app::emit()", 3, 50, {60}, 150, 15));
  report.call_tree.push_back(test::tree_node("main", CallTreeNode::kNoParent, 1, 1000, 150));
  report.call_tree.push_back(test::tree_node("app::parse", 0, 7, 700, 700));
  report.call_tree.push_back(test::tree_node("app::emit", 0, 3, 150, 150));
  return report;
}

/// Routes answered from two_function_report(), remembering what was asked.
class Routes {
 public:
  Routes() {
    data_.current_report = [this]() -> const Report& { return report_; };
    data_.recent_calls = [](const std::string& name, std::vector<RecentCall>& calls) {
      if (name != "app::parse") return false;
      calls = {{120, 5000, 7}, {80, 4000, 8}, {100, 3000, 7}};
      return true;
    };
  }

  LiveResponse operator()(const std::string& path, const QueryParameters& parameters) {
    asked.push_back(path);
    queries.push_back(parameters);
    return respond(path, parameters, data_);
  }

  /// call_mcp_tool() with these routes, structured.
  json call(const std::string& name, const json& arguments) {
    std::optional<json> result = call_mcp_tool(
        name, arguments, true, [this](const std::string& path, const QueryParameters& parameters) {
          return (*this)(path, parameters);
        });
    EXPECT_TRUE(result) << name;
    return result ? *result : json();
  }

  std::vector<std::string> asked;
  std::vector<QueryParameters> queries;

 private:
  Report report_ = two_function_report();
  LiveData data_;
};

std::string text_of(const json& result) { return result["content"][0]["text"].get<std::string>(); }

TEST(McpTools, TheListNamesEveryToolWithItsSchemas) {
  const json tools = mcp_tool_list(true)["tools"];
  std::vector<std::string> names;
  for (const json& tool : tools) {
    names.push_back(tool["name"].get<std::string>());
    EXPECT_EQ(tool["inputSchema"]["type"], "object") << names.back();
    EXPECT_EQ(tool["inputSchema"]["additionalProperties"], false) << names.back();
    EXPECT_EQ(tool["outputSchema"]["type"], "object") << names.back();
    EXPECT_EQ(tool["annotations"]["readOnlyHint"], true) << names.back();
    EXPECT_GT(tool["description"].get<std::string>().size(), 100u) << names.back();
  }
  EXPECT_EQ(names, (std::vector<std::string>{"functions_timing", "functions_alloc", "functions_cpu",
                                             "functions_wait", "locks", "coroutines", "gauges",
                                             "call_tree", "threads", "function_logs",
                                             "function_histogram"}));
  EXPECT_EQ(tools[0]["inputSchema"]["properties"]["limit"]["type"], "integer");
  EXPECT_EQ(tools[0]["inputSchema"]["properties"]["focus"]["type"], "string");
  EXPECT_FALSE(tools[7]["inputSchema"]["properties"].contains("limit"));  // call_tree
  EXPECT_EQ(tools[8]["inputSchema"]["properties"], json::object());       // threads
  EXPECT_EQ(tools[9]["inputSchema"]["required"], json::array({"name"}));
  for (const json& tool : mcp_tool_list(false)["tools"])
    EXPECT_FALSE(tool.contains("outputSchema"));
}

TEST(McpTools, ATablesToolAnswersItsRouteWithTheSameQuery) {
  Routes routes;
  const json result = routes.call("functions_timing", {{"limit", 1}, {"focus", "^app::"}});
  ASSERT_EQ(routes.asked, std::vector<std::string>{"/functions_timing"});
  EXPECT_EQ(routes.queries[0], (QueryParameters{{"limit", "1"}, {"focus", "^app::"}}));
  const QueryParameters query = routes.queries[0];
  const LiveResponse route = routes("/functions_timing", query);
  EXPECT_EQ(result["isError"], false);
  EXPECT_EQ(text_of(result), route.body);
  EXPECT_EQ(result["structuredContent"], json::parse(route.body));
  EXPECT_EQ(result["structuredContent"]["data"].size(), 1u);
  EXPECT_EQ(result["structuredContent"]["total_functions"], 2);
}

TEST(McpTools, TheCallTreeTakesFocusAndThreadsNothing) {
  Routes routes;
  const json tree = routes.call("call_tree", {{"focus", "emit"}});
  EXPECT_EQ(tree["structuredContent"]["nodes"].size(), 2u);
  EXPECT_EQ(text_of(routes.call("call_tree", {{"limit", 1}})),
            "unknown argument 'limit': call_tree takes focus");
  EXPECT_EQ(text_of(routes.call("threads", {{"focus", "x"}})),
            "unknown argument 'focus': threads takes no arguments");
}

TEST(McpTools, BadArgumentsAreToolErrorsThatSayWhy) {
  Routes routes;
  const json negative = routes.call("functions_timing", {{"limit", -1}});
  EXPECT_EQ(negative,
            json::parse(R"x({"content":[{"type":"text","text":"limit: expected a )x"
                        R"x(whole number of rows, 0 for all (got -1)"}],"isError":true})x"));
  EXPECT_EQ(text_of(routes.call("functions_timing", {{"limit", "5"}})),
            "limit: expected a whole number of rows, 0 for all (got \"5\")");
  EXPECT_EQ(text_of(routes.call("functions_timing", {{"focus", 3}})),
            "focus: expected a regular expression as a string (got 3)");
  EXPECT_EQ(text_of(routes.call("functions_timing", {{"sort", "calls"}})),
            "unknown argument 'sort': functions_timing takes limit and focus");
  EXPECT_TRUE(routes.asked.empty());
  // The route's own refusals: a focus that is no regular expression, a section the
  // program cannot have.
  const json pattern = routes.call("functions_cpu", {{"focus", "("}});
  EXPECT_EQ(pattern["isError"], true);
  EXPECT_EQ(text_of(pattern).rfind("focus='(': not a regular expression", 0), 0u);
  EXPECT_EQ(text_of(routes.call("functions_alloc", json::object())),
            "no allocation tracking in this program: link hotpath-alloc (-lhotpath-alloc)");
}

TEST(McpTools, AFunctionsLogsAreItsRoutesNewestFirst) {
  Routes routes;
  const json all = routes.call("function_logs", {{"name", "app::parse"}});
  ASSERT_EQ(routes.asked, std::vector<std::string>{"/functions/app::parse/logs"});
  EXPECT_EQ(routes.queries[0], QueryParameters{});
  EXPECT_EQ(text_of(all), routes("/functions/app::parse/logs", {}).body);
  EXPECT_EQ(all["structuredContent"]["logs"].size(), 3u);
  const json newest = routes.call("function_logs", {{"name", "app::parse"}, {"limit", 2}});
  EXPECT_EQ(text_of(newest),
            R"({"function_name":"app::parse","logs":[{"duration_ns":120,"end_ns":5000,"tid":7},)"
            R"({"duration_ns":80,"end_ns":4000,"tid":8}]})");
  EXPECT_EQ(newest["structuredContent"], json::parse(text_of(newest)));
  EXPECT_EQ(routes
                .call("function_logs",
                      {{"name", "app::parse"}, {"limit", 0}})["structuredContent"]["logs"]
                .size(),
            3u);
  EXPECT_EQ(text_of(routes.call("function_logs", json::object())),
            "name: expected a function's name as in functions_timing's rows, e.g. app::parse "
            "(got none)");
  EXPECT_EQ(text_of(routes.call("function_logs", {{"name", ""}})),
            "name: expected a function's name as in functions_timing's rows, e.g. app::parse "
            "(got \"\")");
  EXPECT_EQ(text_of(routes.call("function_logs", {{"name", "app::nothing"}})),
            "no function named 'app::nothing' in the report");
}

TEST(McpTools, AFunctionsHistogramIsItsRoutes) {
  Routes routes;
  const json result = routes.call("function_histogram", {{"name", "app::parse"}});
  EXPECT_EQ(text_of(result), R"({"bounds_ns":[98,107,117,null],"calls":7,"counts":[0,2,5,0],)"
                             R"("function_name":"app::parse"})");
  EXPECT_EQ(result["structuredContent"]["counts"], json::array({0, 2, 5, 0}));
  EXPECT_EQ(text_of(routes.call("function_histogram", {{"name", "app::parse"}, {"limit", 1}})),
            "unknown argument 'limit': function_histogram takes name");
}

TEST(McpTools, GaugesAreTheReportsSection) {
  Routes routes;
  const json result = routes.call("gauges", json::object());
  EXPECT_EQ(text_of(result), R"({"total_gauges":0,"data":[]})");
  EXPECT_EQ(routes.asked, std::vector<std::string>{"/gauges"});
}

TEST(McpTools, WithoutStructuredContentTheTextAlone) {
  Routes routes;
  const std::optional<json> result =
      call_mcp_tool("functions_timing", json::object(), false,
                    [&routes](const std::string& path, const QueryParameters& query) {
                      return routes(path, query);
                    });
  ASSERT_TRUE(result);
  EXPECT_FALSE(result->contains("structuredContent"));
  EXPECT_EQ((*result)["content"][0]["text"], routes("/functions_timing", {}).body);
  EXPECT_FALSE(call_mcp_tool("nope", json::object(), false,
                             [&routes](const std::string& path, const QueryParameters& query) {
                               return routes(path, query);
                             }));
}

}  // namespace
}  // namespace hotpath::live
