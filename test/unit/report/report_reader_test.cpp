// Tests for reading a JSON report back: the exact round trip through JsonReporter
// with every section filled, each parsed field, reports without the optional
// sections, saved reports cut by their row limit, and the error for each kind of
// bad input with its line, column and JSON path.
#include "report_reader.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "report_samples.hpp"
#include "scratch_directory.hpp"

namespace hotpath {
namespace {

using Json = nlohmann::ordered_json;
using test::full_report;
using test::json_of;

SavedReport read_ok(const std::string& text) {
  ReportReadError error;
  std::optional<SavedReport> saved = read_report_json(text, error);
  EXPECT_TRUE(saved) << error.describe("test.json");
  return saved ? *saved : SavedReport{};
}

ReportReadError read_error(const std::string& text) {
  ReportReadError error;
  EXPECT_FALSE(read_report_json(text, error));
  return error;
}

// The 1-based line of the first occurrence of `needle` in `text`.
std::size_t line_of(const std::string& text, const std::string& needle) {
  const std::size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  std::size_t line = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n' ? 1 : 0;
  return line;
}

// The full report's JSON, changed by `edit`, written indented.
template <typename Edit>
std::string edited(Edit edit) {
  Json document = Json::parse(json_of(full_report()));
  edit(document);
  return document.dump(2) + "\n";
}

TEST(ReportReader, RoundTripIsExact) {
  for (bool pretty : {false, true}) {
    const std::string written = json_of(full_report(), pretty);
    const SavedReport saved = read_ok(written);
    EXPECT_EQ(json_of(saved.report, pretty), written) << (pretty ? "pretty" : "compact");
  }
}

TEST(ReportReader, RoundTripWithoutOptionalSections) {
  Report report;
  report.session_name = "tool";
  report.wall_ns = 5;
  report.limit = 0;
  const std::string empty = json_of(report);
  EXPECT_EQ(json_of(read_ok(empty).report), empty);

  report.percentiles = {99.99};
  report.rows.push_back(test::timing_row("f", "f()", 3, 1, {2}, 3, 60.0));
  const std::string one_row = json_of(report);
  const SavedReport saved = read_ok(one_row);
  EXPECT_EQ(json_of(saved.report), one_row);
  EXPECT_FALSE(saved.report.alloc_tracked);
  EXPECT_FALSE(saved.report.cpu_sampled);
  EXPECT_TRUE(saved.report.call_tree.empty());
  EXPECT_EQ(saved.report.call_tree_node_limit, 0u);
}

TEST(ReportReader, MonitoredThreadsRoundTripWithAndWithoutAllocations) {
  for (bool alloc_tracked : {false, true}) {
    Report report = full_report();
    if (!alloc_tracked) {
      report.alloc_tracked = false;
      report.alloc_rows.clear();
      report.threads.clear();
    }
    report.threads_monitored = true;
    report.threads_interval_ms = 250;
    report.threads_unseen_cpu_ns = 7'000'000;
    report.threads.push_back(
        test::monitored_thread("worker", 4243, "exited", 99.5, 42.25, 1'250'000'000));
    // Made measured calls, ended before the monitor looked.
    report.threads.push_back(test::monitored_thread("thread 3", 4244, "", 0, 0, 0));
    const std::string written = json_of(report);
    const SavedReport saved = read_ok(written);
    EXPECT_EQ(json_of(saved.report), written) << (alloc_tracked ? "with" : "without");
    EXPECT_TRUE(saved.report.threads_monitored);
    EXPECT_EQ(saved.report.threads_interval_ms, 250u);
    EXPECT_EQ(saved.report.threads_unseen_cpu_ns, 7'000'000u);
    ASSERT_FALSE(saved.report.threads.empty());
    const ThreadAllocRow& read = saved.report.threads[saved.report.threads.size() - 2];
    EXPECT_EQ(read.tid, 4243u);
    EXPECT_EQ(read.status, "exited");
    EXPECT_DOUBLE_EQ(read.cpu_percent_max, 99.5);
    EXPECT_EQ(read.cpu_ns, 1'250'000'000u);
    EXPECT_EQ(saved.report.threads.back().status, "");
  }
}

TEST(ReportReader, ReadsTimeSampling) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1'000;
  report.percentiles = {95};
  report.time_sampling_rate = 10;
  report.rows.push_back(test::timing_row("f", "f()", 100, 9, {8}, 900, 90.0));
  report.rows.back().timed_calls = 10;
  const std::string written = json_of(report);
  const SavedReport saved = read_ok(written);
  EXPECT_EQ(saved.report.time_sampling_rate, 10u);
  ASSERT_EQ(saved.report.rows.size(), 1u);
  EXPECT_EQ(saved.report.rows[0].calls, 100u);
  EXPECT_EQ(saved.report.rows[0].timed_calls, 10u);
  EXPECT_EQ(json_of(saved.report), written);
  // Without sampling, every call was timed.
  EXPECT_EQ(read_ok(json_of(full_report())).report.rows[1].timed_calls, 1000u);
  const ReportReadError zero = read_error(
      edited([](Json& document) { document["functions_timing"]["time_sampling_rate"] = 0; }));
  EXPECT_NE(zero.message.find("a rate of 0 is out of range"), std::string::npos) << zero.message;
}

TEST(ReportReader, ReadsAdaptiveTiming) {
  Report report;
  report.session_name = "main";
  report.wall_ns = 1'000;
  report.percentiles = {95};
  report.compensation = {true, 10.38, 24.23, 2.69, 18.5, 35.12, true};
  report.adaptive_timing = {true, 276.92, 4096, 128};
  report.rows.push_back(test::timing_row("hash", "hash()", 100'000, 4, {5}, 400'000, 40.0));
  report.rows.back().timed_calls = 4'868;
  report.rows.back().adaptive = true;
  report.rows.push_back(test::timing_row("parse", "parse()", 2, 300, {300}, 600, 60.0));
  const std::string written = json_of(report);
  const SavedReport saved = read_ok(written);
  EXPECT_EQ(json_of(saved.report), written);
  EXPECT_TRUE(saved.report.adaptive_timing.enabled);
  EXPECT_DOUBLE_EQ(saved.report.adaptive_timing.threshold_ns, 276.92);
  EXPECT_EQ(saved.report.adaptive_timing.review_calls, 4096u);
  EXPECT_EQ(saved.report.adaptive_timing.period, 128u);
  EXPECT_DOUBLE_EQ(saved.report.compensation.per_untimed_call_ns, 2.69);
  EXPECT_TRUE(saved.report.compensation.adaptive_measured);
  ASSERT_EQ(saved.report.rows.size(), 2u);
  EXPECT_TRUE(saved.report.rows[0].adaptive);
  EXPECT_EQ(saved.report.rows[0].timed_calls, 4'868u);
  EXPECT_FALSE(saved.report.rows[1].adaptive);
  EXPECT_EQ(saved.report.rows[1].timed_calls, 2u);
  // A run that left no call untimed has no figures for such calls.
  report.compensation.adaptive_measured = false;
  const std::string unmeasured = json_of(report);
  EXPECT_EQ(unmeasured.find("per_untimed_call_ns"), std::string::npos);
  const SavedReport unmeasured_saved = read_ok(unmeasured);
  EXPECT_TRUE(unmeasured_saved.report.compensation.enabled);
  EXPECT_FALSE(unmeasured_saved.report.compensation.adaptive_measured);
  EXPECT_EQ(json_of(unmeasured_saved.report), unmeasured);
  const ReportReadError unknown = read_error(edited(
      [](Json& document) { document["functions_timing"]["data"][0]["timing"] = "sometimes"; }));
  EXPECT_NE(
      unknown.message.find(R"(expected "every call", "adaptive" or "sampled", got "sometimes")"),
      std::string::npos)
      << unknown.message;
}

TEST(ReportReader, ReadsTimingFields) {
  const SavedReport saved = read_ok(json_of(full_report()));
  const Report& report = saved.report;
  EXPECT_EQ(report.session_name, "main");
  EXPECT_EQ(report.wall_ns, 300'000'000u);
  EXPECT_EQ(report.percentiles, (std::vector<double>{50, 95, 99.9}));
  EXPECT_EQ(report.limit, 15u);
  EXPECT_EQ(report.time_mode, TimeMode::Exclusive);
  EXPECT_EQ(saved.timing_functions, 3u);
  EXPECT_FALSE(saved.timing_truncated());
  ASSERT_EQ(report.rows.size(), 3u);
  const FunctionRow& parse = report.rows[1];
  EXPECT_EQ(parse.name, "app::parse");
  EXPECT_EQ(parse.signature, "app::parse(const std::string &)");
  EXPECT_EQ(parse.file, "src/parse.cpp");
  EXPECT_EQ(parse.line, 42u);
  EXPECT_EQ(parse.calls, 1000u);
  EXPECT_EQ(parse.avg_ns, 90'000u);
  EXPECT_EQ(parse.percentile_ns, (std::vector<std::uint64_t>{80'000, 150'000, 310'000}));
  EXPECT_EQ(parse.total_ns, 90'000'000u);
  EXPECT_EQ(parse.percent_total, 30.0);
  EXPECT_EQ(report.rows[2].name, "std::map<int, int>::find");
  EXPECT_EQ(report.rows[2].percent_total, 3.33);
}

TEST(ReportReader, ReadsAllocationAndThreadFields) {
  const SavedReport saved = read_ok(json_of(full_report()));
  const Report& report = saved.report;
  EXPECT_TRUE(report.alloc_tracked);
  EXPECT_EQ(report.alloc_mode, AllocMode::Cumulative);
  EXPECT_EQ(report.alloc_total_bytes, 2'101'248u);
  EXPECT_EQ(saved.alloc_functions, 1u);
  ASSERT_EQ(report.alloc_rows.size(), 1u);
  const AllocRow& row = report.alloc_rows[0];
  EXPECT_EQ(row.name, "app::parse");
  EXPECT_EQ(row.signature, "app::parse(const std::string &)");
  EXPECT_EQ(row.calls, 1000u);
  EXPECT_EQ(row.alloc_bytes, 1'572'864u);
  EXPECT_EQ(row.alloc_count, 2000u);
  EXPECT_EQ(row.dealloc_bytes, 1'572'000u);
  EXPECT_EQ(row.dealloc_count, 1990u);
  EXPECT_EQ(row.avg_bytes, 1572u);
  EXPECT_EQ(row.percentile_bytes, (std::vector<std::uint64_t>{1024, 2048, 4096}));
  EXPECT_EQ(row.percent_total, 74.85);
  ASSERT_EQ(report.threads.size(), 2u);
  EXPECT_EQ(report.threads[1].name, "thread 2");
  EXPECT_EQ(report.threads[1].alloc_bytes, 4096u);
  EXPECT_EQ(report.threads[1].alloc_count, 1u);
  EXPECT_EQ(report.threads[1].dealloc_bytes, 4112u);
  EXPECT_EQ(report.threads[1].dealloc_count, 2u);
}

TEST(ReportReader, ReadsCpuFields) {
  const SavedReport saved = read_ok(json_of(full_report()));
  const Report& report = saved.report;
  EXPECT_TRUE(report.cpu_sampled);
  EXPECT_EQ(report.cpu_mode, CpuMode::Inclusive);
  EXPECT_EQ(report.cpu.timer, "perf_event");
  EXPECT_EQ(report.cpu.frequency_hz, 997.5);
  EXPECT_EQ(report.cpu.samples, 1000u);
  EXPECT_EQ(report.cpu.period_ns, 1'003'009u);
  EXPECT_EQ(report.cpu.cpu_ns, 1'100'000'000u);
  EXPECT_EQ(report.cpu.lost_samples, 3u);
  EXPECT_TRUE(report.cpu.stopped_early);
  EXPECT_EQ(saved.cpu_functions, 3u);
  ASSERT_EQ(report.cpu_rows.size(), 3u);
  EXPECT_EQ(report.cpu_rows[0].name, "heavy_work");
  EXPECT_EQ(report.cpu_rows[0].signature, "heavy_work(int)");
  EXPECT_EQ(report.cpu_rows[0].samples, 790u);
  EXPECT_EQ(report.cpu_rows[0].cpu_ns, 792'377'110u);
  EXPECT_EQ(report.cpu_rows[0].percent_total, 79.0);
  // null in the JSON: "(not measured)" is no function.
  EXPECT_EQ(report.cpu_rows[2].name, "(not measured)");
  EXPECT_EQ(report.cpu_rows[2].signature, "");
}

TEST(ReportReader, ReadsWaitFields) {
  const SavedReport saved = read_ok(json_of(full_report()));
  const Report& report = saved.report;
  EXPECT_TRUE(report.waits_tracked);
  EXPECT_EQ(saved.wait_functions, 2u);
  EXPECT_FALSE(saved.wait_truncated());
  ASSERT_EQ(report.wait_rows.size(), 2u);
  const WaitRow& parse = report.wait_rows[0];
  EXPECT_EQ(parse.name, "app::parse");
  EXPECT_EQ(parse.signature, "app::parse(const std::string &)");
  EXPECT_EQ(parse.count, 8u);
  EXPECT_EQ(parse.total_ns, 26'000'000u);
  EXPECT_EQ(parse.self_count, 7u);
  EXPECT_EQ(parse.self_ns, 24'000'000u);
  EXPECT_EQ(parse.percent_wall, 8.67);
  EXPECT_EQ(parse.io_bytes, 65'536u);
  EXPECT_EQ(parse.self_io_bytes, 65'000u);
  EXPECT_EQ(parse.causes[0].count, 3u);
  EXPECT_EQ(parse.causes[0].total_ns, 6'000'000u);
  EXPECT_EQ(parse.causes[0].self_count, 2u);
  EXPECT_EQ(parse.causes[0].self_ns, 4'000'000u);
  EXPECT_EQ(parse.causes[2].self_ns, 20'000'000u);
  EXPECT_EQ(parse.causes[1].count, 0u);
  EXPECT_EQ(report.wait_rows[1].name, "app::serve");
  EXPECT_EQ(report.wait_rows[1].causes[1].total_ns, 12'000'000u);
  // A missing cause is an error naming it.
  const ReportReadError missing = read_error(edited(
      [](Json& document) { document["functions_wait"]["data"][0]["causes"].erase("sleep"); }));
  EXPECT_EQ(missing.pointer, "/functions_wait/data/0/causes/sleep");
  EXPECT_EQ(missing.message, "missing (expected an object)");
}

TEST(ReportReader, ReadsCoroutineFields) {
  const SavedReport saved = read_ok(json_of(full_report()));
  const Report& report = saved.report;
  EXPECT_EQ(saved.coroutine_functions, 2u);
  EXPECT_FALSE(saved.coroutine_truncated());
  ASSERT_EQ(report.coroutine_rows.size(), 2u);
  const CoroutineRow& fetch = report.coroutine_rows[0];
  EXPECT_EQ(fetch.name, "app::fetch");
  EXPECT_EQ(fetch.signature, "app::fetch()");
  EXPECT_EQ(fetch.instances, 12u);
  EXPECT_EQ(fetch.completed, 10u);
  EXPECT_EQ(fetch.destroyed, 1u);
  EXPECT_EQ(fetch.resumes, 40u);
  EXPECT_EQ(fetch.running_ns, 2'200'000u);
  EXPECT_EQ(fetch.suspended_ns, 97'000'000u);
  EXPECT_EQ(fetch.avg_running_ns, 200'000u);
  EXPECT_EQ(fetch.avg_suspended_ns, 8'818'181u);
  EXPECT_EQ(fetch.running_percentile_ns, (std::vector<std::uint64_t>{150'000, 300'000, 410'000}));
  EXPECT_EQ(fetch.suspended_percentile_ns,
            (std::vector<std::uint64_t>{8'000'000, 9'500'000, 9'900'000}));
  EXPECT_EQ(report.coroutine_rows[1].name, "app::ticker");
  EXPECT_EQ(report.coroutine_rows[1].completed, 0u);

  // Each percentile of the report, of both times, is there.
  const ReportReadError missing = read_error(edited(
      [](Json& document) { document["coroutines"]["data"][0].erase("suspended_p99.9_ns"); }));
  EXPECT_EQ(missing.pointer, "/coroutines/data/0/suspended_p99.9_ns");
  EXPECT_EQ(missing.message, "missing (expected an unsigned integer)");
  const ReportReadError percentiles = read_error(edited([](Json& document) {
    document["coroutines"]["percentiles"] = {50, 95};
  }));
  EXPECT_EQ(percentiles.pointer, "/coroutines/percentiles");
  EXPECT_EQ(percentiles.message, "differs from /functions_timing/percentiles");
  const ReportReadError limit =
      read_error(edited([](Json& document) { document["coroutines"]["limit"] = 3; }));
  EXPECT_EQ(limit.pointer, "/coroutines/limit");
  const ReportReadError twice = read_error(
      edited([](Json& document) { document["coroutines"]["data"][1]["name"] = "app::fetch"; }));
  EXPECT_EQ(twice.pointer, "/coroutines/data/1/name");

  // A report without the section (no measured coroutine ran) has no rows.
  const SavedReport without = read_ok(edited([](Json& document) { document.erase("coroutines"); }));
  EXPECT_TRUE(without.report.coroutine_rows.empty());
  EXPECT_EQ(without.coroutine_functions, 0u);
}

TEST(ReportReader, ReadsCallTree) {
  const SavedReport saved = read_ok(json_of(full_report()));
  const Report& report = saved.report;
  EXPECT_EQ(report.call_tree_node_limit, 32768u);
  ASSERT_EQ(report.call_tree.size(), 4u);
  EXPECT_EQ(report.call_tree[0].name, "main");
  EXPECT_EQ(report.call_tree[0].parent, CallTreeNode::kNoParent);
  EXPECT_EQ(report.call_tree[2].name, "std::map<int, int>::find");
  EXPECT_EQ(report.call_tree[2].parent, 1u);
  EXPECT_EQ(report.call_tree[2].calls, 5000u);
  EXPECT_EQ(report.call_tree[2].total_ns, 10'000'000u);
  EXPECT_EQ(report.call_tree[2].self_ns, 10'000'000u);
  EXPECT_EQ(report.call_tree[3].name, "(other)");
  EXPECT_EQ(report.call_tree[3].parent, CallTreeNode::kNoParent);
}

TEST(ReportReader, CountsTheRowsTheLimitLeftOut) {
  Report report = full_report();
  report.limit = 2;
  const SavedReport saved = read_ok(json_of(report));
  EXPECT_EQ(saved.report.rows.size(), 2u);
  EXPECT_EQ(saved.timing_functions, 3u);
  EXPECT_TRUE(saved.timing_truncated());
  EXPECT_EQ(saved.report.cpu_rows.size(), 2u);
  EXPECT_EQ(saved.cpu_functions, 3u);
  EXPECT_TRUE(saved.cpu_truncated());
  EXPECT_FALSE(saved.alloc_truncated());
  EXPECT_FALSE(saved.coroutine_truncated());
  report.limit = 1;
  const SavedReport one = read_ok(json_of(report));
  EXPECT_EQ(one.report.coroutine_rows.size(), 1u);
  EXPECT_EQ(one.coroutine_functions, 2u);
  EXPECT_TRUE(one.coroutine_truncated());
}

TEST(ReportReader, IgnoresUnknownKeys) {
  const std::string text = edited([](Json& document) {
    document["future_section"] = {{"x", 1}};
    document["functions_timing"]["data"][0]["new_field"] = "y";
  });
  EXPECT_EQ(json_of(read_ok(text).report), json_of(full_report()));
}

TEST(ReportReader, TruncatedJsonIsASyntaxErrorAtItsEnd) {
  // Three lines, the last one `  "functions_timing": {"caller_name": "ma` (41 bytes):
  // the closing quote is missing at column 42.
  const std::string text =
      "{\n  \"schema_version\": 1,\n  \"functions_timing\": {\"caller_name\": \"ma";
  const ReportReadError error = read_error(text);
  EXPECT_EQ(error.line, 3u);
  EXPECT_EQ(error.column, 42u);
  EXPECT_EQ(error.pointer, "");
  EXPECT_EQ(error.message,
            "syntax error while parsing value - invalid string: missing closing quote; "
            "last read: '\"ma'");
  EXPECT_EQ(error.describe("run.json"),
            "run.json:3:42: syntax error while parsing value - invalid string: missing closing "
            "quote; last read: '\"ma'");
}

TEST(ReportReader, SyntaxErrorsPointAtTheFailingByte) {
  // An empty text is called empty (AnEmptyFileIsCalledEmpty).
  const ReportReadError stray = read_error("{\"a\": 1,\n  \"b\": x}");
  EXPECT_EQ(stray.line, 2u);
  EXPECT_EQ(stray.column, 8u);

  // A number too large for a double fails without a parse_error of its own; the
  // column is that of its last digit.
  const ReportReadError overflow = read_error("{\n\"schema_version\": 1e999}");
  EXPECT_EQ(overflow.line, 2u);
  EXPECT_EQ(overflow.column, 23u);
  EXPECT_EQ(overflow.message, "number overflow parsing '1e999'");
}

TEST(ReportReader, OtherSchemaVersionsAreRefused) {
  const std::string text = edited([](Json& document) { document["schema_version"] = 2; });
  const ReportReadError error = read_error(text);
  EXPECT_EQ(error.line, 2u);
  EXPECT_EQ(error.column, 0u);
  EXPECT_EQ(error.pointer, "/schema_version");
  EXPECT_EQ(error.message, "unsupported schema version 2 (this hotpath reads version 1)");
  EXPECT_EQ(error.describe("run.json"),
            "run.json:2: /schema_version: unsupported schema version 2 (this hotpath reads "
            "version 1)");

  const ReportReadError text_version =
      read_error(edited([](Json& document) { document["schema_version"] = "1"; }));
  EXPECT_EQ(text_version.message, "expected an unsigned integer, got \"1\"");
}

TEST(ReportReader, WrongTypeNamesThePathAndLine) {
  const std::string text =
      edited([](Json& document) { document["functions_timing"]["data"][2]["calls"] = "many"; });
  const ReportReadError error = read_error(text);
  EXPECT_EQ(error.pointer, "/functions_timing/data/2/calls");
  EXPECT_EQ(error.line, line_of(text, "\"calls\": \"many\""));
  EXPECT_EQ(error.message, "expected an unsigned integer, got \"many\"");

  const ReportReadError negative = read_error(
      edited([](Json& document) { document["functions_timing"]["data"][0]["avg_ns"] = -5; }));
  EXPECT_EQ(negative.pointer, "/functions_timing/data/0/avg_ns");
  EXPECT_EQ(negative.message, "expected an unsigned integer, got -5");

  const ReportReadError object = read_error(
      edited([](Json& document) { document["functions_cpu"]["stopped_early"] = Json::object(); }));
  EXPECT_EQ(object.pointer, "/functions_cpu/stopped_early");
  EXPECT_EQ(object.message, "expected true or false, got an object");
}

TEST(ReportReader, MissingFieldNamesItsPathAndTheObjectsLine) {
  const std::string text =
      edited([](Json& document) { document["functions_timing"]["data"][1].erase("p99.9_ns"); });
  const ReportReadError error = read_error(text);
  EXPECT_EQ(error.pointer, "/functions_timing/data/1/p99.9_ns");
  EXPECT_EQ(error.message, "missing (expected an unsigned integer)");
  // The line of the row, which lacks the field.
  EXPECT_EQ(error.line, line_of(text, "\"name\": \"app::parse\"") - 1);
  EXPECT_EQ(error.describe("run.json"),
            "run.json:" + std::to_string(error.line) +
                ": /functions_timing/data/1/p99.9_ns: missing (expected an unsigned integer)");

  const ReportReadError section =
      read_error(edited([](Json& document) { document.erase("functions_timing"); }));
  EXPECT_EQ(section.pointer, "/functions_timing");
  EXPECT_EQ(section.line, 1u);
  EXPECT_EQ(section.message, "missing (expected an object)");
}

TEST(ReportReader, CallTreeParentMustBeAnEarlierNode) {
  const std::string text =
      edited([](Json& document) { document["call_tree"]["nodes"][1]["parent"] = 1; });
  const ReportReadError error = read_error(text);
  EXPECT_EQ(error.pointer, "/call_tree/nodes/1/parent");
  EXPECT_EQ(error.message, "1 is not the index of an earlier node");
  EXPECT_EQ(error.line, line_of(text, "\"parent\": 1,"));

  const ReportReadError later =
      read_error(edited([](Json& document) { document["call_tree"]["nodes"][0]["parent"] = 3; }));
  EXPECT_EQ(later.pointer, "/call_tree/nodes/0/parent");
  EXPECT_EQ(later.message, "3 is not the index of an earlier node");
}

TEST(ReportReader, SectionsMustAgree) {
  const std::string without_alloc =
      edited([](Json& document) { document.erase("functions_alloc"); });
  EXPECT_EQ(read_error(without_alloc).describe("r.json"),
            "r.json:" + std::to_string(line_of(without_alloc, "\"threads\"")) +
                ": /threads: present without /functions_alloc or the threads monitor's "
                "interval_ms");
  EXPECT_EQ(read_error(edited([](Json& document) { document.erase("threads"); })).message,
            "missing (expected an object)");
  const ReportReadError limit =
      read_error(edited([](Json& document) { document["functions_cpu"]["limit"] = 10; }));
  EXPECT_EQ(limit.pointer, "/functions_cpu/limit");
  EXPECT_EQ(limit.message, "10, but /functions_timing/limit is 15");
  const ReportReadError percentiles = read_error(edited([](Json& document) {
    document["functions_alloc"]["percentiles"] = Json::array({50, 95});
  }));
  EXPECT_EQ(percentiles.pointer, "/functions_alloc/percentiles");
  EXPECT_EQ(percentiles.message, "differs from /functions_timing/percentiles");
}

TEST(ReportReader, RowCountsMustFitTheLimit) {
  const ReportReadError total = read_error(
      edited([](Json& document) { document["functions_timing"]["total_functions"] = 2; }));
  EXPECT_EQ(total.pointer, "/functions_timing/total_functions");
  EXPECT_EQ(total.message, "2 is less than the 3 rows of data");
  const ReportReadError limit = read_error(edited([](Json& document) {
    for (const char* section : {"functions_timing", "functions_alloc", "functions_cpu"})
      document[section]["limit"] = 2;
  }));
  EXPECT_EQ(limit.pointer, "/functions_timing/data");
  EXPECT_EQ(limit.message, "3 rows, more than the limit of 2");
}

TEST(ReportReader, NamesMustBeUnique) {
  const ReportReadError error = read_error(
      edited([](Json& document) { document["functions_timing"]["data"][2]["name"] = "main"; }));
  EXPECT_EQ(error.pointer, "/functions_timing/data/2/name");
  EXPECT_EQ(error.message, "\"main\" is also the name of row 0");
}

TEST(ReportReader, ValuesOutsideTheirRange) {
  EXPECT_EQ(read_error(edited([](Json& document) {
              document["functions_timing"]["time_mode"] = "wall";
            })).message,
            "expected \"inclusive\" or \"exclusive\", got \"wall\"");
  EXPECT_EQ(read_error(edited([](Json& document) {
              document["functions_timing"]["data"][0]["location"]["line"] = 5'000'000'000u;
            })).message,
            "line 5000000000 is out of range");
  const ReportReadError percentile = read_error(
      edited([](Json& document) { document["functions_timing"]["percentiles"][1] = 150; }));
  EXPECT_EQ(percentile.pointer, "/functions_timing/percentiles/1");
  EXPECT_EQ(percentile.message, "expected a percentile from 0 to 100");
}

TEST(ReportReader, DocumentMustBeAnObject) {
  const ReportReadError error = read_error("[1, 2]\n");
  EXPECT_EQ(error.describe("a.json"),
            "a.json:1: expected a JSON object (a hotpath report), got an array");
}

TEST(ReportReader, AnEmptyFileIsCalledEmpty) {
  for (const char* text : {"", "\n", "  \t\r\n"}) {
    const ReportReadError error = read_error(text);
    EXPECT_EQ(error.kind, ReportReadError::Kind::Empty);
    EXPECT_EQ(error.describe("run.json"),
              "run.json is empty: a report is the JSON a program writes with "
              "HOTPATH_OUTPUT_FORMAT=json");
  }
}

TEST(ReportReader, ATraceIsCalledATraceNotAReport) {
  const std::string expected =
      "trace.json is a trace, not a report: HOTPATH_TRACE writes a timeline of calls (Chrome "
      "trace-event JSON, for ui.perfetto.dev); a report is what HOTPATH_OUTPUT_FORMAT=json writes";
  // What HOTPATH_TRACE writes, and Chrome's other form: a bare array of events.
  for (const char* text :
       {"{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n{\"ph\":\"X\",\"name\":\"f\"}]}\n",
        "{\"traceEvents\":[]}", "[{\"ph\":\"B\",\"name\":\"f\",\"ts\":0}]"}) {
    const ReportReadError error = read_error(text);
    EXPECT_EQ(error.kind, ReportReadError::Kind::Trace) << text;
    EXPECT_EQ(error.describe("trace.json"), expected) << text;
  }
  // A report with an extra key of that name is still read as a report.
  Json document = Json::parse(json_of(full_report()));
  document["traceEvents"] = Json::array();
  read_ok(document.dump());
}

TEST(ReportReader, ReadsFiles) {
  test::ScratchDirectory scratch("hotpath_report_reader");
  const std::string path = (scratch.path() / "run.json").string();
  std::ofstream(path) << json_of(full_report());
  std::string error;
  const std::optional<SavedReport> saved = read_report_file(path, error);
  ASSERT_TRUE(saved) << error;
  EXPECT_EQ(saved->report.rows.size(), 3u);

  const std::string missing = (scratch.path() / "missing.json").string();
  EXPECT_FALSE(read_report_file(missing, error));
  EXPECT_EQ(error, "cannot read \"" + missing + "\": No such file or directory");
  EXPECT_FALSE(read_report_file(scratch.path().string(), error));
  EXPECT_EQ(error, "cannot read \"" + scratch.path().string() + "\": it is a directory");

  std::ofstream(path) << "{\"schema_version\": 1,";
  EXPECT_FALSE(read_report_file(path, error));
  EXPECT_EQ(error, path +
                       ":1:22: syntax error while parsing object key - unexpected end of input; "
                       "expected string literal");
}

}  // namespace
}  // namespace hotpath
