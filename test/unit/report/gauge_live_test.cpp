// Gauges on the live server, without the network: the /gauges route and the
// counter and gauge families of /metrics, exact for a hand-made report.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "live/live_routes.hpp"
#include "live/prometheus_text.hpp"

namespace hotpath::live {
namespace {

Report gauge_report() {
  Report report;
  report.wall_ns = 1'000'000'000;
  GaugeRow misses;
  misses.name = "cache \"miss\"";
  misses.kind = GaugeKind::Counter;
  misses.total = 12;
  misses.updates = 4;
  GaugeRow depth;
  depth.name = "queue_depth";
  depth.value = -3;
  depth.min = -5;
  depth.max = 9;
  depth.updates = 6;
  report.gauge_rows = {misses, depth};
  return report;
}

LiveResponse ask(const std::string& path, const QueryParameters& parameters, const Report& report) {
  LiveData data;
  data.current_report = [&report]() -> const Report& { return report; };
  data.recent_calls = [](const std::string&, std::vector<RecentCall>&) { return false; };
  return respond(path, parameters, data);
}

TEST(GaugeRoutes, GaugesRouteIsTheReportsSectionWhateverTheLimitAndFocus) {
  const Report report = gauge_report();
  const LiveResponse response = ask("/gauges", {{"limit", "1"}, {"focus", "nothing"}}, report);
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.body,
            R"({"total_gauges":2,"data":[)"
            R"({"name":"cache \"miss\"","kind":"counter","value":12,"min":null,"max":null,)"
            R"("updates":4},)"
            R"({"name":"queue_depth","kind":"gauge","value":-3,"min":-5,"max":9,"updates":6}]})");
  // Before any gauge is used: the section, empty.
  const LiveResponse empty = ask("/gauges", {}, Report{});
  ASSERT_EQ(empty.status, 200);
  EXPECT_EQ(empty.body, R"({"total_gauges":0,"data":[]})");
  EXPECT_TRUE(answers_from_report("/gauges"));
}

TEST(GaugeMetrics, CountersAndGaugesAreFamiliesLabelledByName) {
  const std::string text = prometheus_text(gauge_report());
  const std::string expected =
      "# HELP hotpath_counters_total A counter of the program (hotpath::counter): its total.\n"
      "# TYPE hotpath_counters_total counter\n"
      "hotpath_counters_total{name=\"cache \\\"miss\\\"\"} 12\n"
      "# HELP hotpath_counters_adds_total Calls that added to a counter of the program.\n"
      "# TYPE hotpath_counters_adds_total counter\n"
      "hotpath_counters_adds_total{name=\"cache \\\"miss\\\"\"} 4\n"
      "# HELP hotpath_gauges A gauge of the program (hotpath::gauge): its last value.\n"
      "# TYPE hotpath_gauges gauge\n"
      "hotpath_gauges{name=\"queue_depth\"} -3\n"
      "# HELP hotpath_gauges_min The least value a gauge of the program held.\n"
      "# TYPE hotpath_gauges_min gauge\n"
      "hotpath_gauges_min{name=\"queue_depth\"} -5\n"
      "# HELP hotpath_gauges_max The greatest value a gauge of the program held.\n"
      "# TYPE hotpath_gauges_max gauge\n"
      "hotpath_gauges_max{name=\"queue_depth\"} 9\n"
      "# HELP hotpath_gauges_updates_total Calls that set a gauge of the program or added to it.\n"
      "# TYPE hotpath_gauges_updates_total counter\n"
      "hotpath_gauges_updates_total{name=\"queue_depth\"} 6\n";
  ASSERT_GE(text.size(), expected.size());
  EXPECT_EQ(text.substr(text.size() - expected.size()), expected);
  // Without gauges, no family of theirs.
  EXPECT_EQ(prometheus_text(Report{}).find("hotpath_gauges"), std::string::npos);
  EXPECT_EQ(prometheus_text(Report{}).find("hotpath_counter"), std::string::npos);
}

}  // namespace
}  // namespace hotpath::live
