// Tests for the JSON report (schema version 1): every field and its type, key order,
// percentile keys and values, the row limit, pretty and compact output, invalid
// UTF-8 in names and file names, and the allocation sections of hotpath-alloc.
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hotpath/report.hpp"
#include "report_rows.hpp"

namespace hotpath {
namespace {

using test::make_alloc_row;
using test::make_thread;

FunctionRow make_row(std::string name, std::string file, std::uint32_t line, std::uint64_t calls,
                     std::uint64_t avg_ns, std::vector<std::uint64_t> percentile_ns,
                     std::uint64_t total_ns, double percent_total) {
  FunctionRow row;
  row.name = std::move(name);
  row.file = std::move(file);
  row.line = line;
  row.calls = calls;
  row.avg_ns = avg_ns;
  row.percentile_ns = std::move(percentile_ns);
  row.total_ns = total_ns;
  row.percent_total = percent_total;
  return row;
}

Report sample_report() {
  Report report;
  report.session_name = "main";
  report.wall_ns = 210'020'000;
  report.percentiles = {50, 95, 99.9};
  report.limit = 15;
  report.rows.push_back(make_row("main", "examples/profile_cpu.cpp", 30, 1, 209'920'000,
                                 {209'900'000, 209'980'000, 209'990'000}, 209'920'000, 100.0));
  report.rows.push_back(make_row("heavy_work", "examples/profile_cpu.cpp", 12, 1000, 169'910,
                                 {160'000, 254'720, 300'001}, 169'910'000, 80.94444));
  return report;
}

std::string render(const Report& report, bool pretty = false) {
  std::ostringstream out;
  JsonReporter(pretty).write(report, out);
  return out.str();
}

TEST(JsonReporter, CompactOutputIsExact) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 210'020'000;
  report.percentiles = {95};
  report.rows.push_back(make_row("main", "examples/profile_cpu.cpp", 30, 1, 209'920'000,
                                 {209'980'000}, 209'920'000, 100.0));
  EXPECT_EQ(
      render(report),
      R"({"schema_version":1,"functions_timing":{"caller_name":"main","time_mode":"inclusive",)"
      R"("total_elapsed_ns":210020000,"percentiles":[95],"limit":15,"total_functions":1,)"
      R"("data":[{"name":"main","signature":"","calls":1,"avg_ns":209920000,"p95_ns":209980000,)"
      R"("total_ns":209920000,"percent_total":100.0,)"
      R"("location":{"file":"examples/profile_cpu.cpp","line":30}}]}})"
      "\n");
}

// The locks section: each lock with where it was first contended and every holder.
TEST(JsonReporter, LocksHaveTheirFirstContentionAndHolders) {
  Report report;
  report.session_name = "main";
  report.waits_tracked = true;
  LockRow row;
  row.name = "jobs";
  row.kind = "rwlock";
  row.waits = 3;
  row.total_ns = 30;
  row.max_ns = 20;
  row.first_function = "app::take";
  row.first_location = "queue.cpp:42";
  row.holders = {{"app::produce", 2, 25}, {"(not measured)", 1, 5}};
  report.lock_rows.push_back(row);
  report.untracked_lock_waits = 1;
  const std::string text = render(report);
  EXPECT_NE(
      text.find(
          R"x("locks":{"limit":15,"total_locks":1,"untracked_waits":1,"data":[{"name":"jobs",)x"
          R"x("kind":"rwlock","waits":3,"total_ns":30,"max_ns":20,"first_contended":)x"
          R"x({"function":"app::take","location":"queue.cpp:42"},"holders":[{"function":)x"
          R"x("app::produce","waits":2,"total_ns":25},{"function":"(not measured)",)x"
          R"x("waits":1,"total_ns":5}]}]})x"),
      std::string::npos)
      << text;
}

// The coroutines section: the report's percentiles, then one row per coroutine with
// a running and a suspended key per percentile; after the locks, before the tree.
TEST(JsonReporter, CoroutinesSectionCompactOutputIsExact) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1000;
  report.percentiles = {50, 99.9};
  report.coroutine_rows.push_back(test::coroutine_row("app::fetch", 12, 10, 1, 40, 2'200'000,
                                                      97'000'000, {150'000, 410'000},
                                                      {8'000'000, 9'900'000}));
  report.call_tree.push_back(test::tree_node("main", CallTreeNode::kNoParent, 1, 1000, 400));
  const std::string text = render(report);
  EXPECT_NE(
      text.find(
          R"x(,"coroutines":{"percentiles":[50,99.9],"limit":15,"total_functions":1,"data":[)x"
          R"x({"name":"app::fetch","signature":"app::fetch()","instances":12,"completed":10,)x"
          R"x("destroyed":1,"resumes":40,"running_ns":2200000,"suspended_ns":97000000,)x"
          R"x("avg_running_ns":200000,"avg_suspended_ns":8818181,"running_p50_ns":150000,)x"
          R"x("running_p99.9_ns":410000,"suspended_p50_ns":8000000,"suspended_p99.9_ns":9900000}]},)x"
          R"x("call_tree":)x"),
      std::string::npos)
      << text;
}

// No coroutine ran: no section in the document, an empty one asked for by name.
TEST(JsonReporter, CoroutinesSectionOnlyOnceOneRan) {
  Report report = sample_report();
  EXPECT_EQ(render(report).find("coroutines"), std::string::npos);
  EXPECT_EQ(JsonReporter::section(report, "coroutines"),
            R"({"percentiles":[50,95,99.9],"limit":15,"total_functions":0,"data":[]})");
  report.coroutine_rows.push_back(
      test::coroutine_row("a", 1, 1, 0, 1, 10, 0, {10, 10, 10}, {0, 0, 0}));
  report.coroutine_rows.push_back(test::coroutine_row("b", 1, 1, 0, 1, 5, 0, {5, 5, 5}, {0, 0, 0}));
  report.limit = 1;
  const nlohmann::json document = nlohmann::json::parse(render(report));
  EXPECT_EQ(document["coroutines"]["total_functions"], 2);
  ASSERT_EQ(document["coroutines"]["data"].size(), 1u);
  EXPECT_EQ(nlohmann::json::parse(JsonReporter::section(report, "coroutines")),
            document["coroutines"]);
}

TEST(JsonReporter, TimeSamplingStatesItsRateAndEachRowsTimedCalls) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1'000;
  report.percentiles = {95};
  report.time_sampling_rate = 10;
  report.rows.push_back(make_row("f", "f.cpp", 3, 100, 9, {8}, 900, 90.0));
  report.rows.back().timed_calls = 10;
  EXPECT_EQ(
      render(report),
      R"({"schema_version":1,"functions_timing":{"caller_name":"main","time_mode":"inclusive",)"
      R"("total_elapsed_ns":1000,"percentiles":[95],"limit":15,"total_functions":1,)"
      R"("data":[{"name":"f","signature":"","calls":100,"avg_ns":9,"p95_ns":8,)"
      R"("total_ns":900,"percent_total":90.0,"location":{"file":"f.cpp","line":3},)"
      R"("timed_calls":10,"timing":"sampled"}],"time_sampling_rate":10}})"
      "\n");
}

TEST(JsonReporter, AdaptiveTimingStatesItsSettingsAndMarksItsRows) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1'000;
  report.percentiles = {95};
  report.adaptive_timing = {true, 276.925, 4096, 128};
  report.rows.push_back(make_row("hash", "h.cpp", 7, 100'000, 4, {5}, 400'000, 40.0));
  report.rows.back().timed_calls = 4'868;
  report.rows.back().adaptive = true;
  report.rows.push_back(make_row("parse", "p.cpp", 9, 2, 300, {300}, 600, 60.0));
  report.rows.back().timed_calls = 2;
  EXPECT_EQ(
      render(report),
      R"({"schema_version":1,"functions_timing":{"caller_name":"main","time_mode":"inclusive",)"
      R"("total_elapsed_ns":1000,"percentiles":[95],"limit":15,"total_functions":2,)"
      R"("data":[{"name":"hash","signature":"","calls":100000,"avg_ns":4,"p95_ns":5,)"
      R"("total_ns":400000,"percent_total":40.0,"location":{"file":"h.cpp","line":7},)"
      R"("timed_calls":4868,"timing":"adaptive"},)"
      R"({"name":"parse","signature":"","calls":2,"avg_ns":300,"p95_ns":300,)"
      R"("total_ns":600,"percent_total":60.0,"location":{"file":"p.cpp","line":9}}],)"
      R"("adaptive_timing":{"threshold_ns":276.93,"review_calls":4096,"period":128}}})"
      "\n");
}

TEST(JsonReporter, EveryFieldHasItsValueAndType) {
  const std::string text = render(sample_report());
  const nlohmann::json document = nlohmann::json::parse(text);

  ASSERT_TRUE(document.at("schema_version").is_number_unsigned());
  EXPECT_EQ(document.at("schema_version").get<int>(), 1);

  const nlohmann::json& timing = document.at("functions_timing");
  EXPECT_EQ(timing.at("caller_name"), "main");
  EXPECT_EQ(timing.at("time_mode"), "inclusive");
  ASSERT_TRUE(timing.at("total_elapsed_ns").is_number_unsigned());
  EXPECT_EQ(timing.at("total_elapsed_ns").get<std::uint64_t>(), 210'020'000u);
  EXPECT_EQ(timing.at("limit").get<std::uint64_t>(), 15u);
  EXPECT_EQ(timing.at("total_functions").get<std::uint64_t>(), 2u);

  const nlohmann::json& data = timing.at("data");
  ASSERT_TRUE(data.is_array());
  ASSERT_EQ(data.size(), 2u);

  const nlohmann::json& main_row = data.at(0);
  EXPECT_EQ(main_row.at("name"), "main");
  EXPECT_EQ(main_row.at("calls").get<std::uint64_t>(), 1u);
  EXPECT_EQ(main_row.at("avg_ns").get<std::uint64_t>(), 209'920'000u);
  EXPECT_EQ(main_row.at("p50_ns").get<std::uint64_t>(), 209'900'000u);
  EXPECT_EQ(main_row.at("p95_ns").get<std::uint64_t>(), 209'980'000u);
  EXPECT_EQ(main_row.at("p99.9_ns").get<std::uint64_t>(), 209'990'000u);
  EXPECT_EQ(main_row.at("total_ns").get<std::uint64_t>(), 209'920'000u);
  ASSERT_TRUE(main_row.at("percent_total").is_number_float());
  EXPECT_DOUBLE_EQ(main_row.at("percent_total").get<double>(), 100.0);
  EXPECT_EQ(main_row.at("location").at("file"), "examples/profile_cpu.cpp");
  EXPECT_EQ(main_row.at("location").at("line").get<std::uint32_t>(), 30u);

  const nlohmann::json& heavy_row = data.at(1);
  EXPECT_EQ(heavy_row.at("name"), "heavy_work");
  EXPECT_EQ(heavy_row.at("calls").get<std::uint64_t>(), 1000u);
  EXPECT_EQ(heavy_row.at("avg_ns").get<std::uint64_t>(), 169'910u);
  EXPECT_EQ(heavy_row.at("p50_ns").get<std::uint64_t>(), 160'000u);
  EXPECT_EQ(heavy_row.at("p95_ns").get<std::uint64_t>(), 254'720u);
  EXPECT_EQ(heavy_row.at("p99.9_ns").get<std::uint64_t>(), 300'001u);
  EXPECT_EQ(heavy_row.at("total_ns").get<std::uint64_t>(), 169'910'000u);
  EXPECT_DOUBLE_EQ(heavy_row.at("percent_total").get<double>(), 80.94);
  EXPECT_EQ(heavy_row.at("location").at("line").get<std::uint32_t>(), 12u);
}

TEST(JsonReporter, KeysAreInSchemaOrder) {
  const nlohmann::ordered_json document = nlohmann::ordered_json::parse(render(sample_report()));
  auto keys_of = [](const nlohmann::ordered_json& object) {
    std::vector<std::string> keys;
    for (auto it = object.begin(); it != object.end(); ++it) keys.push_back(it.key());
    return keys;
  };
  EXPECT_EQ(keys_of(document), (std::vector<std::string>{"schema_version", "functions_timing"}));
  const nlohmann::ordered_json& timing = document.at("functions_timing");
  EXPECT_EQ(keys_of(timing),
            (std::vector<std::string>{"caller_name", "time_mode", "total_elapsed_ns", "percentiles",
                                      "limit", "total_functions", "data"}));
  EXPECT_EQ(keys_of(timing.at("data").at(0)),
            (std::vector<std::string>{"name", "signature", "calls", "avg_ns", "p50_ns", "p95_ns",
                                      "p99.9_ns", "total_ns", "percent_total", "location"}));
  EXPECT_EQ(keys_of(timing.at("data").at(0).at("location")),
            (std::vector<std::string>{"file", "line"}));
}

TEST(JsonReporter, ASectionIsTheDocumentsOwnOnOneLine) {
  Report report = sample_report();
  report.call_tree.push_back(test::tree_node("main", CallTreeNode::kNoParent, 1, 1000, 400));
  const nlohmann::json document = nlohmann::json::parse(render(report));
  const std::string timing = JsonReporter::section(report, "functions_timing");
  EXPECT_EQ(timing.find('\n'), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(timing), document["functions_timing"]);
  EXPECT_EQ(nlohmann::json::parse(JsonReporter::section(report, "call_tree")),
            document["call_tree"]);
  // No allocation tracking: no allocation sections; and no section of an unknown name.
  EXPECT_EQ(JsonReporter::section(report, "functions_alloc"), "");
  EXPECT_EQ(JsonReporter::section(report, "threads"), "");
  EXPECT_EQ(JsonReporter::section(report, "schema_version"), "");
  EXPECT_EQ(JsonReporter::section(report, "functions"), "");
}

TEST(JsonReporter, IntegralPercentilesAreIntegers) {
  const std::string text = render(sample_report());
  EXPECT_NE(text.find(R"("percentiles":[50,95,99.9])"), std::string::npos) << text;
  const nlohmann::json percentiles = nlohmann::json::parse(text)["functions_timing"]["percentiles"];
  ASSERT_EQ(percentiles.size(), 3u);
  EXPECT_TRUE(percentiles[0].is_number_unsigned());
  EXPECT_EQ(percentiles[0].get<std::uint64_t>(), 50u);
  EXPECT_TRUE(percentiles[1].is_number_unsigned());
  EXPECT_EQ(percentiles[1].get<std::uint64_t>(), 95u);
  EXPECT_TRUE(percentiles[2].is_number_float());
  EXPECT_DOUBLE_EQ(percentiles[2].get<double>(), 99.9);
}

TEST(JsonReporter, PercentTotalIsRoundedToTwoDecimals) {
  const std::string text = render(sample_report());
  EXPECT_NE(text.find(R"("percent_total":80.94,)"), std::string::npos) << text;
}

TEST(JsonReporter, PrettyAndCompactHoldTheSameDocument) {
  const std::string compact = render(sample_report(), false);
  const std::string pretty = render(sample_report(), true);
  EXPECT_EQ(compact.find('\n'), compact.size() - 1);
  EXPECT_EQ(pretty.back(), '\n');
  EXPECT_EQ(pretty.substr(0, 27), "{\n  \"schema_version\": 1,\n  ");
  EXPECT_NE(pretty.find("\n    \"caller_name\": \"main\",\n"), std::string::npos) << pretty;
  EXPECT_EQ(nlohmann::json::parse(compact), nlohmann::json::parse(pretty));
}

TEST(JsonReporter, ExclusiveTimeMode) {
  Report report = sample_report();
  report.time_mode = TimeMode::Exclusive;
  EXPECT_EQ(nlohmann::json::parse(render(report))["functions_timing"]["time_mode"], "exclusive");
}

TEST(JsonReporter, LimitKeepsOnlyVisibleRowsAndCountsAll) {
  Report report = sample_report();
  report.rows.push_back(make_row("light_work", "a.cpp", 1, 1, 1, {1, 1, 1}, 1, 0.0));
  report.limit = 2;
  const nlohmann::json timing = nlohmann::json::parse(render(report))["functions_timing"];
  EXPECT_EQ(timing["limit"].get<std::uint64_t>(), 2u);
  EXPECT_EQ(timing["total_functions"].get<std::uint64_t>(), 3u);
  ASSERT_EQ(timing["data"].size(), 2u);
  EXPECT_EQ(timing["data"][0]["name"], "main");
  EXPECT_EQ(timing["data"][1]["name"], "heavy_work");
}

TEST(JsonReporter, LimitZeroKeepsAllRows) {
  Report report = sample_report();
  report.rows.push_back(make_row("light_work", "a.cpp", 1, 1, 1, {1, 1, 1}, 1, 0.0));
  report.limit = 0;
  const nlohmann::json timing = nlohmann::json::parse(render(report))["functions_timing"];
  EXPECT_EQ(timing["limit"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(timing["total_functions"].get<std::uint64_t>(), 3u);
  EXPECT_EQ(timing["data"].size(), 3u);
}

TEST(JsonReporter, EmptyReportHasEmptyData) {
  Report report;
  report.session_name = "main";
  report.percentiles = {95};
  const nlohmann::json timing = nlohmann::json::parse(render(report))["functions_timing"];
  EXPECT_EQ(timing["total_functions"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(timing["total_elapsed_ns"].get<std::uint64_t>(), 0u);
  ASSERT_TRUE(timing["data"].is_array());
  EXPECT_TRUE(timing["data"].empty());
}

TEST(JsonReporter, LargeNanosecondValuesStayExactIntegers) {
  Report report = sample_report();
  report.rows[0].total_ns = 18'446'744'073'709'551'615u;
  const std::string text = render(report);
  EXPECT_NE(text.find(R"("total_ns":18446744073709551615)"), std::string::npos);
}

TEST(JsonReporter, Utf8IsWrittenUnescaped) {
  Report report = sample_report();
  report.rows[0].name = "größe";
  const std::string text = render(report);
  EXPECT_NE(text.find(R"("name":"größe")"), std::string::npos) << text;
}

TEST(JsonReporter, InvalidUtf8IsReplacedInsteadOfThrowing) {
  Report report = sample_report();
  report.rows[0].file =
      "src/\xFF\xFE"
      "bad.cpp";
  report.rows[1].name = "bad\xC3";
  std::string text;
  ASSERT_NO_THROW(text = render(report));
  const nlohmann::json data = nlohmann::json::parse(text)["functions_timing"]["data"];
  EXPECT_EQ(data[0]["location"]["file"],
            "src/\xEF\xBF\xBD\xEF\xBF\xBD"
            "bad.cpp");
  EXPECT_EQ(data[1]["name"], "bad\xEF\xBF\xBD");
  ASSERT_NO_THROW(render(report, true));
}

Report with_allocations(Report report) {
  report.alloc_tracked = true;
  report.alloc_total_bytes = 2'101'248;
  report.alloc_rows.push_back(make_alloc_row("heavy_work", 1000, 1'572'864, 2000, 1'572'864, 2000,
                                             1572, {1024, 2048, 4096}, 74.85444));
  report.alloc_rows.push_back(make_alloc_row("main", 1, 524'288, 10, 262'144, 5, 524'288,
                                             {524'288, 524'288, 524'288}, 24.95));
  report.threads.push_back(make_thread("main", 2'097'152, 2010, 2'097'136, 2009));
  // Frees more than it allocates: memory handed over by another thread.
  report.threads.push_back(make_thread("thread 2", 4096, 1, 4112, 2));
  return report;
}

TEST(JsonReporter, AllocationSectionsCompactOutputIsExact) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1000;
  report.percentiles = {95};
  report.rows.push_back(make_row("main", "a.cpp", 3, 1, 1000, {1000}, 1000, 100.0));
  report.alloc_tracked = true;
  report.alloc_mode = AllocMode::Cumulative;
  report.alloc_total_bytes = 4096;
  report.alloc_rows.push_back(make_alloc_row("main", 1, 4096, 2, 4000, 1, 4096, {4096}, 100.0));
  report.threads.push_back(make_thread("main", 4096, 2, 4112, 3));
  EXPECT_EQ(
      render(report),
      R"({"schema_version":1,"functions_timing":{"caller_name":"main","time_mode":"inclusive",)"
      R"("total_elapsed_ns":1000,"percentiles":[95],"limit":15,"total_functions":1,)"
      R"("data":[{"name":"main","signature":"","calls":1,"avg_ns":1000,"p95_ns":1000,"total_ns":1000,)"
      R"("percent_total":100.0,"location":{"file":"a.cpp","line":3}}]},)"
      R"("functions_alloc":{"mode":"cumulative","total_bytes":4096,"percentiles":[95],)"
      R"("limit":15,"total_functions":1,"data":[{"name":"main","signature":"","calls":1,"alloc_bytes":4096,)"
      R"("alloc_count":2,"dealloc_bytes":4000,"dealloc_count":1,"avg_bytes":4096,)"
      R"("p95_bytes":4096,"percent_total":100.0}]},)"
      R"("threads":{"data":[{"name":"main","alloc_bytes":4096,"alloc_count":2,)"
      R"("dealloc_bytes":4112,"dealloc_count":3,"diff_bytes":-16}]}})"
      "\n");
}

TEST(JsonReporter, CpuSectionCompactOutputIsExact) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1000;
  report.percentiles = {95};
  report.limit = 2;
  test::add_cpu_section(report);
  EXPECT_EQ(
      render(report),
      R"({"schema_version":1,"functions_timing":{"caller_name":"main","time_mode":"inclusive",)"
      R"("total_elapsed_ns":1000,"percentiles":[95],"limit":2,"total_functions":0,"data":[]},)"
      R"("functions_cpu":{"mode":"self","timer":"perf_event","frequency_hz":997,)"
      R"("total_samples":1000,"sample_period_ns":1003009,"cpu_ns":1100000000,"lost_samples":0,)"
      R"("stopped_early":false,)"
      R"("limit":2,"total_functions":3,"data":[{"name":"heavy_work","signature":null,"samples":790,)"
      R"("cpu_ns":792377110,"percent_total":79.0},{"name":"light_work","signature":null,"samples":200,)"
      R"("cpu_ns":200601800,"percent_total":20.0}]}})"
      "\n");
}

TEST(JsonReporter, CpuSectionInclusiveModeAndFractionalFrequency) {
  Report report = sample_report();
  test::add_cpu_section(report);
  report.cpu_mode = CpuMode::Inclusive;
  report.cpu.frequency_hz = 99.5;
  const nlohmann::json document = nlohmann::json::parse(render(report));
  const nlohmann::json& cpu = document.at("functions_cpu");
  EXPECT_EQ(cpu.at("mode"), "inclusive");
  EXPECT_DOUBLE_EQ(cpu.at("frequency_hz").get<double>(), 99.5);
  EXPECT_EQ(cpu.at("data").size(), 3u);
  EXPECT_EQ(cpu.at("data")[2].at("name"), "(not measured)");
  EXPECT_FALSE(document.contains("functions_alloc"));
}

TEST(JsonReporter, AllocationFieldsHaveTheirValuesAndTypes) {
  const nlohmann::json document = nlohmann::json::parse(render(with_allocations(sample_report())));
  const nlohmann::json& alloc = document.at("functions_alloc");
  EXPECT_EQ(alloc.at("mode"), "exclusive");
  ASSERT_TRUE(alloc.at("total_bytes").is_number_unsigned());
  EXPECT_EQ(alloc.at("total_bytes").get<std::uint64_t>(), 2'101'248u);
  EXPECT_EQ(alloc.at("percentiles"), nlohmann::json::parse("[50, 95, 99.9]"));
  EXPECT_EQ(alloc.at("limit").get<std::uint64_t>(), 15u);
  EXPECT_EQ(alloc.at("total_functions").get<std::uint64_t>(), 2u);

  const nlohmann::json& data = alloc.at("data");
  ASSERT_EQ(data.size(), 2u);
  const nlohmann::json& heavy_row = data.at(0);
  EXPECT_EQ(heavy_row.at("name"), "heavy_work");
  EXPECT_EQ(heavy_row.at("calls").get<std::uint64_t>(), 1000u);
  EXPECT_EQ(heavy_row.at("alloc_bytes").get<std::uint64_t>(), 1'572'864u);
  EXPECT_EQ(heavy_row.at("alloc_count").get<std::uint64_t>(), 2000u);
  EXPECT_EQ(heavy_row.at("dealloc_bytes").get<std::uint64_t>(), 1'572'864u);
  EXPECT_EQ(heavy_row.at("dealloc_count").get<std::uint64_t>(), 2000u);
  EXPECT_EQ(heavy_row.at("avg_bytes").get<std::uint64_t>(), 1572u);
  EXPECT_EQ(heavy_row.at("p50_bytes").get<std::uint64_t>(), 1024u);
  EXPECT_EQ(heavy_row.at("p95_bytes").get<std::uint64_t>(), 2048u);
  EXPECT_EQ(heavy_row.at("p99.9_bytes").get<std::uint64_t>(), 4096u);
  ASSERT_TRUE(heavy_row.at("percent_total").is_number_float());
  EXPECT_DOUBLE_EQ(heavy_row.at("percent_total").get<double>(), 74.85);
  EXPECT_EQ(data.at(1).at("name"), "main");
  EXPECT_EQ(data.at(1).at("dealloc_count").get<std::uint64_t>(), 5u);

  const nlohmann::json& threads = document.at("threads").at("data");
  ASSERT_EQ(threads.size(), 2u);
  EXPECT_EQ(threads.at(0).at("name"), "main");
  EXPECT_EQ(threads.at(0).at("alloc_bytes").get<std::uint64_t>(), 2'097'152u);
  EXPECT_EQ(threads.at(0).at("alloc_count").get<std::uint64_t>(), 2010u);
  EXPECT_EQ(threads.at(0).at("dealloc_bytes").get<std::uint64_t>(), 2'097'136u);
  EXPECT_EQ(threads.at(0).at("dealloc_count").get<std::uint64_t>(), 2009u);
  EXPECT_EQ(threads.at(0).at("diff_bytes").get<std::int64_t>(), 16);
  EXPECT_EQ(threads.at(1).at("name"), "thread 2");
  ASSERT_TRUE(threads.at(1).at("diff_bytes").is_number_integer());
  EXPECT_EQ(threads.at(1).at("diff_bytes").get<std::int64_t>(), -16);
}

TEST(JsonReporter, AllocationKeysAreInSchemaOrder) {
  const nlohmann::ordered_json document =
      nlohmann::ordered_json::parse(render(with_allocations(sample_report())));
  auto keys_of = [](const nlohmann::ordered_json& object) {
    std::vector<std::string> keys;
    for (auto it = object.begin(); it != object.end(); ++it) keys.push_back(it.key());
    return keys;
  };
  EXPECT_EQ(keys_of(document), (std::vector<std::string>{"schema_version", "functions_timing",
                                                         "functions_alloc", "threads"}));
  const nlohmann::ordered_json& alloc = document.at("functions_alloc");
  EXPECT_EQ(keys_of(alloc), (std::vector<std::string>{"mode", "total_bytes", "percentiles", "limit",
                                                      "total_functions", "data"}));
  EXPECT_EQ(keys_of(alloc.at("data").at(0)),
            (std::vector<std::string>{"name", "signature", "calls", "alloc_bytes", "alloc_count",
                                      "dealloc_bytes", "dealloc_count", "avg_bytes", "p50_bytes",
                                      "p95_bytes", "p99.9_bytes", "percent_total"}));
  EXPECT_EQ(keys_of(document.at("threads")), (std::vector<std::string>{"data"}));
  EXPECT_EQ(keys_of(document.at("threads").at("data").at(0)),
            (std::vector<std::string>{"name", "alloc_bytes", "alloc_count", "dealloc_bytes",
                                      "dealloc_count", "diff_bytes"}));
}

TEST(JsonReporter, MonitoredThreadsHaveTheirIdStatusAndCpu) {
  Report report = sample_report();
  report.threads_monitored = true;
  report.threads_interval_ms = 250;
  report.threads_unseen_cpu_ns = 4'500'000;
  report.threads.push_back(
      test::monitored_thread("main", 77, "running", 100.004, 12.345, 3'000'000));
  EXPECT_EQ(JsonReporter::section(report, "threads"),
            R"({"interval_ms":250,"unseen_cpu_ns":4500000,)"
            R"("data":[{"name":"main","tid":77,"status":"running",)"
            R"("cpu_percent_max":100.0,"cpu_percent_avg":12.35,"cpu_ns":3000000}]})");
  // Without hotpath-alloc there is no allocation section, the threads one stays.
  const nlohmann::json document = nlohmann::json::parse(render(report));
  EXPECT_FALSE(document.contains("functions_alloc"));
  EXPECT_TRUE(document.contains("threads"));
}

TEST(JsonReporter, AllocationLimitKeepsOnlyVisibleRowsAndCountsAll) {
  Report report = with_allocations(sample_report());
  report.limit = 1;
  const nlohmann::json document = nlohmann::json::parse(render(report));
  const nlohmann::json& alloc = document.at("functions_alloc");
  EXPECT_EQ(alloc.at("limit").get<std::uint64_t>(), 1u);
  EXPECT_EQ(alloc.at("total_functions").get<std::uint64_t>(), 2u);
  ASSERT_EQ(alloc.at("data").size(), 1u);
  EXPECT_EQ(alloc.at("data").at(0).at("name"), "heavy_work");
  // Threads are not functions: the limit leaves them all.
  EXPECT_EQ(document.at("threads").at("data").size(), 2u);
}

TEST(JsonReporter, AllocationSectionsWithoutRowsHaveEmptyData) {
  Report report;
  report.session_name = "main";
  report.alloc_tracked = true;
  const nlohmann::json document = nlohmann::json::parse(render(report));
  EXPECT_EQ(document.at("functions_alloc").at("total_bytes").get<std::uint64_t>(), 0u);
  EXPECT_EQ(document.at("functions_alloc").at("total_functions").get<std::uint64_t>(), 0u);
  ASSERT_TRUE(document.at("functions_alloc").at("data").is_array());
  EXPECT_TRUE(document.at("functions_alloc").at("data").empty());
  ASSERT_TRUE(document.at("threads").at("data").is_array());
  EXPECT_TRUE(document.at("threads").at("data").empty());
}

TEST(JsonReporter, UntrackedAllocationsWriteNoAllocationSections) {
  Report report = with_allocations(sample_report());
  report.alloc_tracked = false;
  const std::string text = render(report);
  EXPECT_EQ(text, render(sample_report()));
  const nlohmann::json document = nlohmann::json::parse(text);
  EXPECT_FALSE(document.contains("functions_alloc"));
  EXPECT_FALSE(document.contains("threads"));
}

}  // namespace
}  // namespace hotpath
