// The live server's routes without the network: what each answers from a report,
// how limit and focus cut it, and the errors a client gets.
#include "live/live_routes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report_rows.hpp"
#include "scoped_env.hpp"

namespace hotpath::live {
namespace {

Report two_function_report() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1000;
  report.percentiles = {95};
  report.rows.push_back(test::timing_row("app::parse", "app::parse()", 7, 100, {120}, 700, 70));
  // Cumulative: none up to 2^(53/8) = 98.7 ns, 2 up to 107.6 ns, all 7 up to 117.4 ns.
  report.rows.back().duration_buckets = {53, {0, 2, 7}};
  report.rows.push_back(test::timing_row("app::emit", "app::emit()", 3, 50, {60}, 150, 15));
  // Up to 2^(7/8) = 1.83 ns, 2 ns and 2.18 ns: whole nanoseconds 1, 2 and 2.
  report.rows.back().duration_buckets = {7, {0, 1, 3}};
  report.call_tree.push_back(test::tree_node("main", CallTreeNode::kNoParent, 1, 1000, 150));
  report.call_tree.push_back(test::tree_node("app::parse", 0, 7, 700, 700));
  report.call_tree.push_back(test::tree_node("app::emit", 0, 3, 150, 150));
  return report;
}

/// Answers `path` from two_function_report(), counting the reports taken and the
/// recent calls asked for; the recent calls are app::parse's two.
LiveResponse ask(const std::string& path, const QueryParameters& parameters = {},
                 int* reports_taken = nullptr) {
  static const Report report = two_function_report();
  LiveData data;
  data.current_report = [reports_taken]() -> const Report& {
    if (reports_taken != nullptr) ++*reports_taken;
    return report;
  };
  data.recent_calls = [reports_taken](const std::string& name, std::vector<RecentCall>& calls) {
    if (reports_taken != nullptr) ++*reports_taken;
    if (name != "app::parse" && name != "operator/<a/b>") return false;
    calls = {{120, 5000, 7}, {80, 4000, 8}};
    return true;
  };
  return respond(path, parameters, data);
}

std::string error_of(const LiveResponse& response) {
  return nlohmann::json::parse(response.body).at("error").get<std::string>();
}

TEST(LiveRoutes, TimingIsTheReportsSectionWithItsLimit) {
  const LiveResponse response = ask("/functions_timing", {{"limit", "1"}});
  ASSERT_EQ(response.status, 200);
  const nlohmann::json timing = nlohmann::json::parse(response.body);
  EXPECT_EQ(timing["limit"], 1);
  EXPECT_EQ(timing["total_functions"], 2);
  ASSERT_EQ(timing["data"].size(), 1u);
  EXPECT_EQ(timing["data"][0]["name"], "app::parse");
  EXPECT_EQ(timing["data"][0]["calls"], 7);
}

TEST(LiveRoutes, FocusKeepsTheMatchingRowsAndTheirPathsInTheTree) {
  const nlohmann::json timing =
      nlohmann::json::parse(ask("/functions_timing", {{"focus", "emit$"}}).body);
  ASSERT_EQ(timing["data"].size(), 1u);
  EXPECT_EQ(timing["data"][0]["name"], "app::emit");
  const nlohmann::json tree = nlohmann::json::parse(ask("/call_tree", {{"focus", "emit"}}).body);
  ASSERT_EQ(tree["nodes"].size(), 2u);
  EXPECT_EQ(tree["nodes"][0]["name"], "main");
  EXPECT_EQ(tree["nodes"][1]["name"], "app::emit");
  EXPECT_EQ(tree["nodes"][1]["parent"], 0);
}

TEST(LiveRoutes, ReportHasEverySectionTheReportHas) {
  const LiveResponse response = ask("/report");
  ASSERT_EQ(response.status, 200);
  const nlohmann::json document = nlohmann::json::parse(response.body);
  EXPECT_TRUE(document.contains("schema_version"));
  EXPECT_TRUE(document.contains("functions_timing"));
  EXPECT_TRUE(document.contains("call_tree"));
  EXPECT_FALSE(document.contains("functions_alloc"));
}

TEST(LiveRoutes, HealthTakesNoReport) {
  int reports_taken = 0;
  const LiveResponse response = ask("/healthz", {}, &reports_taken);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(nlohmann::json::parse(response.body)["status"], "ok");
  EXPECT_EQ(reports_taken, 0);
}

TEST(LiveRoutes, TheRoutesSaidToAnswerFromTheReportAreTheOnesThatDo) {
  for (const char* path :
       {"/", "/healthz", "/report", "/metrics", "/flamegraph.svg", "/functions_timing",
        "/functions_alloc", "/threads", "/functions_cpu", "/functions_wait", "/locks",
        "/coroutines", "/call_tree", "/functions/app::parse/logs",
        "/functions/app::parse/histogram", "/functions/app::parse", "/nope"}) {
    int reports_taken = 0;
    ask(path, {}, &reports_taken);
    EXPECT_EQ(answers_from_report(path), reports_taken != 0) << path;
  }
}

TEST(LiveRoutes, SectionsTheProgramCannotHaveSayWhatToLink) {
  EXPECT_EQ(ask("/functions_alloc").status, 404);
  EXPECT_EQ(error_of(ask("/threads")),
            "no threads section: the threads monitor is off and the program does not link "
            "hotpath-alloc");
  EXPECT_EQ(error_of(ask("/functions_cpu")),
            "no CPU sampling in this program: link hotpath-cpu (-lhotpath-cpu) or preload it");
  EXPECT_EQ(error_of(ask("/functions_wait")),
            "no waits recorded in this program: link hotpath-wait (-lhotpath-wait) or preload it");
  EXPECT_EQ(error_of(ask("/locks")),
            "no locks recorded in this program: link hotpath-wait (-lhotpath-wait) or preload it");
}

TEST(LiveRoutes, RecentCallsOfAFunctionByName) {
  const LiveResponse response = ask("/functions/app::parse/logs");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.body,
            R"({"function_name":"app::parse","logs":[{"duration_ns":120,"end_ns":5000,"tid":7},)"
            R"({"duration_ns":80,"end_ns":4000,"tid":8}]})");
  // A name may hold slashes: the route is what lies between /functions/ and /logs.
  EXPECT_EQ(ask("/functions/operator/<a/b>/logs").status, 200);
  const LiveResponse unknown = ask("/functions/app::nothing/logs");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(error_of(unknown), "no function named 'app::nothing' in the report");
  EXPECT_EQ(ask("/functions//logs").status, 404);
  EXPECT_EQ(ask("/functions/app::parse/logs", {{"limit", "1"}}).status, 400);
}

TEST(LiveRoutes, AFunctionsHistogramCountsEachBucketOnce) {
  const LiveResponse response = ask("/functions/app::parse/histogram");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.body, R"({"bounds_ns":[98,107,117,null],"calls":7,"counts":[0,2,5,0],)"
                           R"("function_name":"app::parse"})");
  EXPECT_EQ(ask("/functions/app::nothing/histogram").status, 404);
}

// The grid's bounds in whole nanoseconds: two that round down alike are one bucket.
TEST(LiveRoutes, AHistogramsBoundsAreWholeNanoseconds) {
  EXPECT_EQ(ask("/functions/app::emit/histogram").body,
            R"({"bounds_ns":[1,2,null],"calls":3,"counts":[0,3,0],"function_name":"app::emit"})");
}

/// The functions named in the sample lines of `text`, once each, in order.
std::vector<std::string> functions_of(const std::string& text) {
  std::vector<std::string> names;
  const std::string key = "function=\"";
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
    std::string name =
        text.substr(at + key.size(), text.find('"', at + key.size()) - at - key.size());
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

TEST(LiveRoutes, MetricsAreCutByLimitAndFocus) {
  const LiveResponse all = ask("/metrics");
  ASSERT_EQ(all.status, 200);
  EXPECT_EQ(all.content_type, "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(functions_of(all.body), (std::vector<std::string>{"app::parse", "app::emit"}));
  EXPECT_EQ(functions_of(ask("/metrics", {{"limit", "1"}}).body),
            std::vector<std::string>{"app::parse"});
  EXPECT_EQ(functions_of(ask("/metrics", {{"limit", "0"}}).body),
            (std::vector<std::string>{"app::parse", "app::emit"}));
  EXPECT_EQ(functions_of(ask("/metrics", {{"focus", "emit"}}).body),
            std::vector<std::string>{"app::emit"});
  EXPECT_EQ(functions_of(ask("/metrics", {{"focus", "app"}, {"limit", "1"}}).body),
            std::vector<std::string>{"app::parse"});
}

TEST(LiveRoutes, MetricsLimitFromTheEnvironment) {
  {
    test::ScopedEnv limit("HOTPATH_METRICS_LIMIT", "1");
    EXPECT_EQ(functions_of(ask("/metrics").body), std::vector<std::string>{"app::parse"});
    // The query says otherwise.
    EXPECT_EQ(functions_of(ask("/metrics", {{"limit", "2"}}).body).size(), 2u);
  }
  test::ScopedEnv all("HOTPATH_METRICS_LIMIT", "0");
  EXPECT_EQ(functions_of(ask("/metrics").body).size(), 2u);
}

TEST(LiveRoutes, MetricsRefuseWhatTheJsonRoutesRefuse) {
  for (const QueryParameters& query :
       {QueryParameters{{"limit", "abc"}}, QueryParameters{{"focus", "("}},
        QueryParameters{{"other", "1"}}}) {
    const LiveResponse json_route = ask("/functions_timing", query);
    const LiveResponse metrics = ask("/metrics", query);
    EXPECT_EQ(metrics.status, 400);
    if (query.count("other") != 0) {
      EXPECT_EQ(error_of(metrics),
                "unknown query parameter 'other' (limit, focus and threads are known)");
    } else {
      EXPECT_EQ(metrics.body, json_route.body);
    }
  }
  EXPECT_EQ(error_of(ask("/metrics", {{"threads", "yes"}})), "threads='yes': expected 0 or 1");
  EXPECT_EQ(ask("/metrics", {{"threads", "1"}}).status, 200);
}

TEST(LiveRoutes, ThePageAndTheFlameGraphAreServed) {
  const LiveResponse page = ask("/");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(page.body.rfind("<!DOCTYPE html>", 0), 0u);
  const LiveResponse svg = ask("/flamegraph.svg");
  EXPECT_EQ(svg.status, 200);
  EXPECT_EQ(svg.content_type, "image/svg+xml");
  EXPECT_NE(svg.body.find("app::parse"), std::string::npos);
  EXPECT_EQ(ask("/", {{"x", "1"}}).status, 400);
}

TEST(LiveRoutes, AnEmptyCallTreeIsAnEmptyListOfNodes) {
  LiveData data;
  const Report empty;
  data.current_report = [&empty]() -> const Report& { return empty; };
  const LiveResponse response = respond("/call_tree", {}, data);
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(nlohmann::json::parse(response.body)["nodes"], nlohmann::json::array());
}

// The coroutines section, cut by limit and focus as the other rows are; before a
// measured coroutine runs, a section with no rows rather than a 404: the program
// may have coroutines that have not run yet.
TEST(LiveRoutes, CoroutinesAreTheReportsSection) {
  Report report = two_function_report();
  LiveData data;
  data.current_report = [&report]() -> const Report& { return report; };
  EXPECT_EQ(respond("/coroutines", {}, data).body,
            R"({"percentiles":[95],"limit":15,"total_functions":0,"data":[]})");
  report.coroutine_rows.push_back(test::coroutine_row(
      "app::serve_connection", 40, 38, 2, 400, 12'000'000, 1'508'000'000, {450'000}, {80'000'000}));
  report.coroutine_rows.push_back(
      test::coroutine_row("app::accept_loop", 1, 0, 0, 41, 0, 0, {0}, {0}));
  const LiveResponse response = respond("/coroutines", {}, data);
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(
      response.body,
      R"x({"percentiles":[95],"limit":15,"total_functions":2,"data":[)x"
      R"x({"name":"app::serve_connection","signature":"app::serve_connection()",)x"
      R"x("instances":40,"completed":38,"destroyed":2,"resumes":400,"running_ns":12000000,)x"
      R"x("suspended_ns":1508000000,"avg_running_ns":300000,"avg_suspended_ns":37700000,)x"
      R"x("running_p95_ns":450000,"suspended_p95_ns":80000000},)x"
      R"x({"name":"app::accept_loop","signature":"app::accept_loop()","instances":1,)x"
      R"x("completed":0,"destroyed":0,"resumes":41,"running_ns":0,"suspended_ns":0,)x"
      R"x("avg_running_ns":0,"avg_suspended_ns":0,"running_p95_ns":0,"suspended_p95_ns":0}]})x");
  const nlohmann::json first =
      nlohmann::json::parse(respond("/coroutines", {{"limit", "1"}}, data).body);
  EXPECT_EQ(first["total_functions"], 2);
  ASSERT_EQ(first["data"].size(), 1u);
  EXPECT_EQ(first["data"][0]["name"], "app::serve_connection");
  const nlohmann::json focused =
      nlohmann::json::parse(respond("/coroutines", {{"focus", "accept"}}, data).body);
  ASSERT_EQ(focused["data"].size(), 1u);
  EXPECT_EQ(focused["data"][0]["resumes"], 41);
  EXPECT_EQ(nlohmann::json::parse(respond("/report", {}, data).body)["coroutines"]["data"].size(),
            2u);
  EXPECT_EQ(respond("/coroutines", {{"sort", "resumes"}}, data).status, 400);
}

TEST(LiveRoutes, BadQueriesAndRoutesGetAReason) {
  const LiveResponse negative = ask("/functions_timing", {{"limit", "-1"}});
  EXPECT_EQ(negative.status, 400);
  EXPECT_EQ(error_of(negative), "limit='-1': expected a whole number of rows (0 = all)");
  EXPECT_EQ(ask("/functions_timing", {{"limit", "99999999999999999999"}}).status, 400);
  const LiveResponse pattern = ask("/report", {{"focus", "[a"}});
  EXPECT_EQ(pattern.status, 400);
  EXPECT_EQ(error_of(pattern).rfind("focus='[a': not a regular expression", 0), 0u);
  EXPECT_EQ(error_of(ask("/report", {{"sort", "calls"}})),
            "unknown query parameter 'sort' (limit and focus are known)");
  EXPECT_EQ(ask("/healthz", {{"limit", "1"}}).status, 400);
  const LiveResponse unknown = ask("/functions");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(error_of(unknown).rfind("no such route: '/functions'", 0), 0u);
}

TEST(LiveRoutes, ErrorBodiesAreValidJsonWhateverTheMessage) {
  const std::string body = error_body("a \"quoted\" \xff byte");
  EXPECT_EQ(nlohmann::json::parse(body)["error"], "a \"quoted\" \xef\xbf\xbd byte");
}

}  // namespace
}  // namespace hotpath::live
