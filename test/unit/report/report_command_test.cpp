// Tests for `hotpath report`: its options and their errors, each output format
// written with -o, the notes, and that bad input fails with one line and status 2
// without writing the output file.
#include "report_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "command_test_support.hpp"
#include "report_options.hpp"
#include "report_samples.hpp"

namespace hotpath::cli {
namespace {

namespace fs = std::filesystem;

TEST(ReportOptions, Defaults) {
  const ParsedReportCommand parsed = parse_report_command({"run.json"});
  EXPECT_EQ(parsed.error, "");
  EXPECT_FALSE(parsed.help);
  EXPECT_EQ(parsed.options.input, "run.json");
  EXPECT_EQ(parsed.options.format, ReportFormat::Table);
  EXPECT_FALSE(parsed.options.view.limit);
  EXPECT_EQ(parsed.options.view.order.key, RowOrder::Key::Total);
  EXPECT_FALSE(parsed.options.view.focus);
  EXPECT_EQ(parsed.options.output, "");
}

TEST(ReportOptions, EveryOption) {
  const ParsedReportCommand parsed =
      parse_report_command({"--format=csv", "--limit", "0", "run.json", "--sort", "p99.9",
                            "--focus", "^app::", "-oout.csv"});
  ASSERT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.options.input, "run.json");
  EXPECT_EQ(parsed.options.format, ReportFormat::Csv);
  EXPECT_EQ(parsed.options.view.limit, 0u);
  EXPECT_EQ(parsed.options.view.order.key, RowOrder::Key::Percentile);
  EXPECT_EQ(parsed.options.view.order.percentile, 99.9);
  ASSERT_TRUE(parsed.options.view.focus);
  EXPECT_TRUE(std::regex_search("app::parse", *parsed.options.view.focus));
  EXPECT_FALSE(std::regex_search("std::app::x", *parsed.options.view.focus));
  EXPECT_EQ(parsed.options.view.focus_pattern, "^app::");
  EXPECT_EQ(parsed.options.output, "out.csv");
  // Everything after "--" is an operand.
  EXPECT_EQ(parse_report_command({"--", "--odd.json"}).options.input, "--odd.json");
}

TEST(ReportOptions, Help) {
  EXPECT_TRUE(parse_report_command({"--help", "--bogus"}).help);
  EXPECT_TRUE(parse_report_command({"run.json", "-h"}).help);
  EXPECT_NE(report_help().find("Usage: hotpath report [options] REPORT.json\n"), std::string::npos);
}

TEST(ReportOptions, Errors) {
  auto error = [](std::vector<std::string> arguments) {
    return parse_report_command(arguments).error;
  };
  EXPECT_EQ(error({}), "no report to read (usage: hotpath report [options] REPORT.json)");
  EXPECT_EQ(error({"a.json", "b.json"}),
            "one report at a time: got \"a.json\" and \"b.json\" (hotpath diff compares two)");
  EXPECT_EQ(error({"r.json", "--bogus"}), "unknown option \"--bogus\" (see hotpath report --help)");
  EXPECT_EQ(error({"r.json", "-x"}), "unknown option \"-x\" (see hotpath report --help)");
  EXPECT_EQ(error({"r.json", "--format", "xml"}),
            "--format expects one of table, markdown, csv, json, got \"xml\"");
  EXPECT_EQ(error({"r.json", "--limit", "-1"}),
            "--limit expects a number of rows (a whole number, 0 for all), got \"-1\"");
  EXPECT_EQ(error({"r.json", "--limit"}),
            "--limit expects a number of rows (a whole number, 0 for all)");
  EXPECT_EQ(error({"r.json", "--sort", "max"}),
            "--sort expects one of total, avg, calls or a percentile such as p95, got \"max\"");
  EXPECT_EQ(error({"r.json", "--focus", "("}),
            "--focus expects a regular expression (ECMAScript), got \"(\": Mismatched '(' and ')' "
            "in regular expression");
  EXPECT_EQ(error({"r.json", "-o", ""}), "-o expects a file name, got \"\"");
  EXPECT_EQ(error({"r.json", "--help=yes"}), "--help takes no value, got \"--help=yes\"");
}

class ReportCommand : public test::CommandTest<run_report_command> {
 protected:
  ReportCommand() : CommandTest("hotpath_report_command") {}

  void SetUp() override {
    Report report = test::full_report();
    report.limit = 2;  // the saved report holds 2 of its 3 timing rows
    input_ = path("run.json");
    std::ofstream(input_) << test::json_of(report);
  }

  std::string input_;
};

TEST_F(ReportCommand, CsvWithNotesOnStderr) {
  const std::string out = path("out.csv");
  EXPECT_EQ(run({input_, "--format", "csv", "--sort", "calls", "-o", out}), 0);
  EXPECT_EQ(
      contents(out),
      "name,signature,file,line,calls,avg_ns,p50_ns,p95_ns,p99.9_ns,total_ns,percent_total\n"
      "app::parse,app::parse(const std::string &),src/parse.cpp,42,1000,90000,80000,150000,"
      "310000,90000000,30.00\n"
      "main,main(),src/app.cpp,10,1,100000000,100000000,100000000,100000000,100000000,33.33\n");
  EXPECT_EQ(errors_,
            "hotpath report: note: 2 of 3 functions in the saved report; record with "
            "HOTPATH_LIMIT=0 for all\n"
            "hotpath report: note: 2 of 3 CPU rows in the saved report; record with "
            "HOTPATH_LIMIT=0 for all\n"
            "hotpath report: note: the CSV holds the timing rows only; --format markdown or json "
            "shows the other sections\n");
}

TEST_F(ReportCommand, TableWithLimitAndFocusNotes) {
  const std::string out = path("out.txt");
  EXPECT_EQ(run({input_, "--limit", "1", "--focus", "a", "-o", out}), 0);
  EXPECT_EQ(errors_, "");
  const std::string text = contents(out);
  EXPECT_EQ(text.substr(0, 62), "[hotpath] timing - execution duration of functions (exclusive)");
  const std::string timing = text.substr(0, text.find("[hotpath] allocations"));
  EXPECT_NE(timing.find("| main "), std::string::npos);
  EXPECT_EQ(timing.find("| app::parse "), std::string::npos);  // past the limit
  // "light_work" has no "a": one CPU row is left, within the limit; both wait rows
  // and both coroutine rows have an "a", one past the limit.
  const std::string notes =
      "note: 2 of 3 functions in the saved report; record with HOTPATH_LIMIT=0 for all\n"
      "note: 1 of 2 functions shown (--limit 1; --limit 0 shows all)\n"
      "note: --focus \"a\" matches 2 of 2 functions\n"
      "note: 2 of 3 CPU rows in the saved report; record with HOTPATH_LIMIT=0 for all\n"
      "note: 1 of 2 wait rows shown (--limit 1; --limit 0 shows all)\n"
      "note: 1 of 2 coroutine rows shown (--limit 1; --limit 0 shows all)\n";
  ASSERT_GE(text.size(), notes.size());
  EXPECT_EQ(text.substr(text.size() - notes.size()), notes);
  // The table's own note, which would name HOTPATH_LIMIT for --limit, is not there.
  EXPECT_EQ(text.find("more functions not shown"), std::string::npos);
}

TEST_F(ReportCommand, MarkdownEndsWithTheNotes) {
  const std::string out = path("out.md");
  EXPECT_EQ(run({input_, "--format", "markdown", "--output", out}), 0);
  const std::string text = contents(out);
  EXPECT_EQ(text.substr(0, 32), "### hotpath timing (exclusive)\n\n");
  EXPECT_NE(text.find("### hotpath call tree\n"), std::string::npos);
  const std::string notes =
      "\n> 2 of 3 functions in the saved report; record with HOTPATH\\_LIMIT=0 for all\n"
      ">\n"
      "> 2 of 3 CPU rows in the saved report; record with HOTPATH\\_LIMIT=0 for all\n";
  EXPECT_EQ(text.substr(text.size() - notes.size()), notes);
}

TEST_F(ReportCommand, JsonIsTheSavedReportAgain) {
  const std::string out = path("out.json");
  EXPECT_EQ(run({input_, "--format", "json", "-o", out}), 0);
  EXPECT_EQ(contents(out), contents(input_));
  EXPECT_EQ(errors_,
            "hotpath report: note: 2 of 3 functions in the saved report; record with "
            "HOTPATH_LIMIT=0 for all\n"
            "hotpath report: note: 2 of 3 CPU rows in the saved report; record with "
            "HOTPATH_LIMIT=0 for all\n");
}

TEST_F(ReportCommand, BadInputWritesNothing) {
  const std::string out = path("out.txt");
  std::ofstream(path("bad.json")) << "{\"schema_version\": 2}";
  EXPECT_EQ(run({path("bad.json"), "-o", out}), 2);
  EXPECT_EQ(errors_, "hotpath report: " + path("bad.json") +
                         ":1: /schema_version: unsupported schema version 2 (this hotpath reads "
                         "version 1)\n");
  EXPECT_FALSE(fs::exists(out));

  EXPECT_EQ(run({path("missing.json"), "-o", out}), 2);
  EXPECT_EQ(errors_, "hotpath report: cannot read \"" + path("missing.json") +
                         "\": No such file or directory\n");
  EXPECT_EQ(run({input_, "--sort", "p90", "-o", out}), 2);
  EXPECT_EQ(errors_, "hotpath report: " + input_ +
                         ": --sort p90: the report has no such percentile (it has p50, p95, "
                         "p99.9)\n");
  EXPECT_EQ(run({input_, "--limit", "x", "-o", out}), 2);
  EXPECT_FALSE(fs::exists(out));
  // Only the input is there: no temporary file either.
  EXPECT_EQ(std::distance(fs::directory_iterator(scratch_.path()), fs::directory_iterator()), 2);
}

TEST_F(ReportCommand, UnwritableOutput) {
  EXPECT_EQ(run({input_, "-o", path("no/such/dir.txt")}), 2);
  const std::string prefix = "hotpath report: cannot write \"" + path("no/such/dir.txt") + "\": ";
  EXPECT_EQ(errors_.substr(0, prefix.size()), prefix);
  EXPECT_EQ(std::count(errors_.begin(), errors_.end(), '\n'), 1);
}

TEST_F(ReportCommand, HelpGoesToStdout) {
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(run({"--help"}), 0);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), report_help());
  EXPECT_EQ(errors_, "");
}

}  // namespace
}  // namespace hotpath::cli
