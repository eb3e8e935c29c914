// Tests for `hotpath diff`: its options and their errors, the exit statuses (0; 1
// for a regression with --fail-on-regression; 2 for bad usage or input, with one
// line on stderr and no output file).
#include "diff_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "command_test_support.hpp"
#include "diff_options.hpp"
#include "report_samples.hpp"

namespace hotpath::cli {
namespace {

namespace fs = std::filesystem;

TEST(DiffOptions, Defaults) {
  const ParsedDiffCommand parsed = parse_diff_command({"a.json", "b.json"});
  EXPECT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.options.base, "a.json");
  EXPECT_EQ(parsed.options.head, "b.json");
  EXPECT_EQ(parsed.options.settings.metric.kind, DiffMetric::Kind::Average);
  EXPECT_EQ(parsed.options.settings.threshold_percent, 10.0);
  EXPECT_EQ(parsed.options.settings.min_calls, 0u);
  EXPECT_EQ(parsed.options.format, DiffFormat::Table);
  EXPECT_FALSE(parsed.options.fail_on_regression);
  EXPECT_EQ(parsed.options.output, "");
}

TEST(DiffOptions, EveryOption) {
  const ParsedDiffCommand parsed =
      parse_diff_command({"--threshold", "2.5%", "a.json", "--min-calls=7", "--metric", "p95",
                          "--format", "markdown", "--fail-on-regression", "b.json", "-o", "d.md"});
  ASSERT_EQ(parsed.error, "");
  EXPECT_EQ(parsed.options.settings.threshold_percent, 2.5);
  EXPECT_EQ(parsed.options.settings.min_calls, 7u);
  EXPECT_EQ(parsed.options.settings.metric.kind, DiffMetric::Kind::Percentile);
  EXPECT_EQ(parsed.options.settings.metric.percentile, 95.0);
  EXPECT_EQ(parsed.options.format, DiffFormat::Markdown);
  EXPECT_TRUE(parsed.options.fail_on_regression);
  EXPECT_EQ(parsed.options.output, "d.md");
  EXPECT_EQ(parse_diff_command({"a", "b", "--threshold", "30"}).options.settings.threshold_percent,
            30.0);
}

TEST(DiffOptions, Errors) {
  auto error = [](std::vector<std::string> arguments) {
    return parse_diff_command(arguments).error;
  };
  EXPECT_EQ(error({"a.json"}),
            "expects two reports, base and head, got 1 (usage: hotpath diff [options] BASE.json "
            "HEAD.json)");
  EXPECT_EQ(error({"a", "b", "c"}),
            "expects two reports, base and head, got 3 (usage: hotpath diff [options] BASE.json "
            "HEAD.json)");
  EXPECT_EQ(error({"a", "b", "--threshold", "ten"}),
            "--threshold expects a percentage such as 10%, got \"ten\"");
  EXPECT_EQ(error({"a", "b", "--threshold", "-5%"}),
            "--threshold expects a percentage such as 10%, got \"-5%\"");
  EXPECT_EQ(error({"a", "b", "--min-calls", "1.5"}),
            "--min-calls expects a number of calls (a whole number), got \"1.5\"");
  EXPECT_EQ(error({"a", "b", "--metric", "max"}),
            "--metric expects one of avg, total, alloc, wait, resumes, running, suspended or a "
            "percentile such as p95, got \"max\"");
  EXPECT_EQ(error({"a", "b", "--format", "csv"}),
            "--format expects one of table, markdown, json, got \"csv\"");
  EXPECT_EQ(error({"a", "b", "--fail-on-regression=yes"}),
            "--fail-on-regression takes no value, got \"--fail-on-regression=yes\"");
  EXPECT_EQ(error({"a", "b", "--bogus"}), "unknown option \"--bogus\" (see hotpath diff --help)");
  EXPECT_TRUE(parse_diff_command({"-h"}).help);
}

class DiffCommand : public test::CommandTest<run_diff_command> {
 protected:
  DiffCommand() : CommandTest("hotpath_diff_command") {}

  void SetUp() override {
    Report base;
    base.session_name = "main";
    base.percentiles = {95};
    base.rows = {
        test::timing_row("slow", "slow()", 24, 2'000'000, {2'100'000}, 48'000'000, 40),
        test::timing_row("steady", "steady()", 24, 2'000'000, {2'100'000}, 48'000'000, 40)};
    Report head = base;
    head.rows[0].avg_ns = 4'000'000;
    base_ = path("base.json");
    head_ = path("head.json");
    std::ofstream(base_) << test::json_of(base);
    std::ofstream(head_) << test::json_of(head);
  }

  std::string base_;
  std::string head_;
};

TEST_F(DiffCommand, ExitStatusFollowsRegressions) {
  const std::string out = path("diff.md");
  EXPECT_EQ(run({base_, head_, "--format", "markdown", "-o", out}), 0);
  EXPECT_EQ(errors_, "");
  EXPECT_NE(contents(out).find("**1 regression, 0 improvements**, 1 unchanged\n"),
            std::string::npos);
  EXPECT_EQ(run({base_, head_, "--fail-on-regression", "-o", out}), 1);
  EXPECT_NE(contents(out).find("| slow     |    24 | 2.00 ms | 4.00 ms | +100.0% |"),
            std::string::npos);
  // Swapped, the change is an improvement: no failure.
  EXPECT_EQ(run({head_, base_, "--fail-on-regression", "-o", out}), 0);
  EXPECT_NE(contents(out).find("0 regressions, 1 improvement, 1 unchanged\n"), std::string::npos);
  // Above the threshold of 100%, nothing changed.
  EXPECT_EQ(run({base_, head_, "--fail-on-regression", "--threshold", "100%", "-o", out}), 0);
}

TEST_F(DiffCommand, BadInputWritesNothing) {
  const std::string out = path("diff.txt");
  std::ofstream(path("cut.json")) << test::json_of(Report{}).substr(0, 30);
  EXPECT_EQ(run({base_, path("cut.json"), "--fail-on-regression", "-o", out}), 2);
  EXPECT_EQ(errors_, "hotpath diff: " + path("cut.json") +
                         ":1:31: syntax error while parsing object key - invalid string: missing "
                         "closing quote; last read: '\"functions'; expected string literal\n");
  EXPECT_EQ(run({base_, path("missing.json"), "-o", out}), 2);
  EXPECT_EQ(errors_, "hotpath diff: cannot read \"" + path("missing.json") +
                         "\": No such file or directory\n");
  EXPECT_EQ(run({base_, head_, "--metric", "alloc", "-o", out}), 2);
  EXPECT_EQ(errors_, "hotpath diff: " + base_ +
                         ": --metric alloc needs the allocation section (functions_alloc), which "
                         "only programs linked with hotpath-alloc have\n");
  EXPECT_EQ(run({base_, head_, "--metric", "p50", "-o", out}), 2);
  EXPECT_EQ(errors_, "hotpath diff: " + base_ +
                         ": --metric p50: the report has no such percentile (it has p95)\n");
  EXPECT_EQ(run({base_, "-o", out}), 2);
  EXPECT_EQ(std::count(errors_.begin(), errors_.end(), '\n'), 1);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(files(), 3u);  // base, head and the cut report: no temporary file
}

TEST_F(DiffCommand, HelpGoesToStdout) {
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(run({"--help"}), 0);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), diff_help());
}

}  // namespace
}  // namespace hotpath::cli
