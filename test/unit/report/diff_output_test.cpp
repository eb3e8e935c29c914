// Tests for the outputs of `hotpath diff`: the exact table, Markdown (the summary
// line, the changes, the unchanged folded away, the notes) and JSON.
#include "diff_output.hpp"

#include <gtest/gtest.h>

#include <string>

#include "report_samples.hpp"

namespace hotpath {
namespace {

FunctionChange change(const char* name, ChangeKind kind, std::optional<MeasuredValue> base,
                      std::optional<MeasuredValue> head, std::optional<double> percent) {
  FunctionChange result;
  result.name = name;
  result.kind = kind;
  result.base = base;
  result.head = head;
  result.change_percent = percent;
  return result;
}

ReportDiff sample_diff() {
  ReportDiff diff;
  diff.settings.threshold_percent = 30;
  diff.base = {"base.json", 3, 3};
  diff.head = {"head.json", 3, 5};
  diff.functions = {
      change("transform", ChangeKind::Regression, MeasuredValue{24, 2'000'000},
             MeasuredValue{24, 4'000'000}, 100.0),
      change("parse|input", ChangeKind::Unchanged, MeasuredValue{24, 2'000'000},
             MeasuredValue{30, 2'010'000}, 0.5),
      change("checksum", ChangeKind::Unknown, MeasuredValue{3, 900}, std::nullopt, std::nullopt)};
  diff.notes = {
      "head.json holds 3 of 5 functions (it was written with a row limit): a function "
      "missing from it is unknown, not removed; record with HOTPATH_LIMIT=0 for all"};
  return diff;
}

TEST(DiffOutput, Table) {
  EXPECT_EQ(render_diff_table(sample_diff()),
            "hotpath diff: average time per call, threshold 30%\n"
            "base: base.json\n"
            "head: head.json\n"
            "1 regression, 0 improvements, 1 unchanged, 1 unknown\n"
            "+-------------+---------+---------+---------+---------+--------------+\n"
            "| Function    |   Calls |    Base |    Head |  Change | Status       |\n"
            "+-------------+---------+---------+---------+---------+--------------+\n"
            "| transform   |      24 | 2.00 ms | 4.00 ms | +100.0% | \xE2\x96\xB2 regression |\n"
            "| parse|input | 24 \xE2\x86\x92 30 | 2.00 ms | 2.01 ms |   +0.5% |              |\n"
            "| checksum    |       3 |  900 ns |       - |         | unknown      |\n"
            "+-------------+---------+---------+---------+---------+--------------+\n"
            "note: head.json holds 3 of 5 functions (it was written with a row limit): a "
            "function missing from it is unknown, not removed; record with HOTPATH_LIMIT=0 for "
            "all\n");
}

TEST(DiffOutput, TableWithNothingToCompare) {
  ReportDiff diff;
  diff.base.label = "a.json";
  diff.head.label = "b.json";
  diff.settings.metric = *parse_diff_metric("alloc");
  EXPECT_EQ(render_diff_table(diff),
            "hotpath diff: bytes allocated per call, threshold 10%\n"
            "base: a.json\n"
            "head: b.json\n"
            "0 regressions, 0 improvements\n"
            "(no functions to compare)\n");
}

// A coroutine metric counts instances, not calls; resumes are a plain number.
TEST(DiffOutput, CoroutineMetricsCountInstances) {
  ReportDiff diff;
  diff.settings.metric = *parse_diff_metric("resumes");
  diff.base = {"base.json", 1, 1};
  diff.head = {"head.json", 1, 1};
  diff.functions = {change("app::serve", ChangeKind::Regression, MeasuredValue{40, 400},
                           MeasuredValue{42, 880}, 120.0)};
  EXPECT_EQ(
      render_diff_table(diff),
      "hotpath diff: resumes of all coroutine instances, threshold 10%\n"
      "base: base.json\n"
      "head: head.json\n"
      "1 regression, 0 improvements\n"
      "+------------+-----------+------+------+---------+--------------+\n"
      "| Function   | Instances | Base | Head |  Change | Status       |\n"
      "+------------+-----------+------+------+---------+--------------+\n"
      "| app::serve |   40 \xE2\x86\x92 42 |  400 |  880 | +120.0% | \xE2\x96\xB2 regression |\n"
      "+------------+-----------+------+------+---------+--------------+\n");
  const std::string markdown = render_diff_markdown(diff);
  EXPECT_NE(markdown.find("| Function | Instances | Base | Head | Change | Status |\n"
                          "| :--- | ---: | ---: | ---: | ---: | :--- |\n"
                          "| `app::serve` | 40 \xE2\x86\x92 42 | 400 | 880 | +120.0% | "
                          ":red_circle: regression |\n"),
            std::string::npos)
      << markdown;
  const std::string json = render_diff_json(diff);
  EXPECT_NE(json.find("  \"metric\": \"resumes\",\n  \"unit\": \"resumes\",\n"), std::string::npos)
      << json;
  EXPECT_NE(json.find("\"base\": {\n        \"calls\": 40,\n        \"value\": 400\n      }"),
            std::string::npos)
      << json;
  diff.settings.metric = *parse_diff_metric("suspended");
  EXPECT_NE(render_diff_json(diff).find("  \"metric\": \"suspended\",\n  \"unit\": \"ns\",\n"),
            std::string::npos);
}

TEST(DiffOutput, Markdown) {
  EXPECT_EQ(render_diff_markdown(sample_diff()),
            "### hotpath diff: average time per call\n"
            "\n"
            "**1 regression, 0 improvements**, 1 unchanged, 1 unknown\n"
            "\n"
            "Changes by more than 30% between `base.json` (base) and `head.json` (head):\n"
            "\n"
            "| Function | Calls | Base | Head | Change | Status |\n"
            "| :--- | ---: | ---: | ---: | ---: | :--- |\n"
            "| `transform` | 24 | 2.00 ms | 4.00 ms | +100.0% | :red_circle: regression |\n"
            "| `checksum` | 3 | 900 ns | - |  | unknown |\n"
            "\n"
            "<details>\n"
            "<summary>1 unchanged</summary>\n"
            "\n"
            "| Function | Calls | Base | Head | Change |\n"
            "| :--- | ---: | ---: | ---: | ---: |\n"
            "| `parse\\|input` | 24 \xE2\x86\x92 30 | 2.00 ms | 2.01 ms | +0.5% |\n"
            "\n"
            "</details>\n"
            "\n"
            "> head.json holds 3 of 5 functions (it was written with a row limit): a function "
            "missing from it is unknown, not removed; record with HOTPATH\\_LIMIT=0 for all\n");
}

TEST(DiffOutput, MarkdownWithoutChanges) {
  ReportDiff diff;
  diff.base.label = "a.json";
  diff.head.label = "b.json";
  diff.notes = {"one", "two"};
  EXPECT_EQ(render_diff_markdown(diff),
            "### hotpath diff: average time per call\n"
            "\n"
            "**0 regressions, 0 improvements**\n"
            "\n"
            "No function changed by more than 10% between `a.json` (base) and `b.json` (head).\n"
            "\n"
            "> one\n"
            ">\n"
            "> two\n");
}

TEST(DiffOutput, Json) {
  ReportDiff diff = sample_diff();
  diff.functions.resize(1);
  diff.functions.push_back(change("zero", ChangeKind::Regression, MeasuredValue{1, 0},
                                  MeasuredValue{1, 7}, std::nullopt));
  diff.functions.front().change_percent = 100.004;
  diff.ignored = 2;
  diff.settings.min_calls = 5;
  EXPECT_EQ(render_diff_json(diff),
            R"({
  "metric": "avg",
  "unit": "ns",
  "threshold_percent": 30,
  "min_calls": 5,
  "base": {
    "file": "base.json",
    "saved_functions": 3,
    "total_functions": 3
  },
  "head": {
    "file": "head.json",
    "saved_functions": 3,
    "total_functions": 5
  },
  "summary": {
    "regressions": 2,
    "improvements": 0,
    "unchanged": 0,
    "new": 0,
    "removed": 0,
    "unknown": 0,
    "ignored": 2
  },
  "functions": [
    {
      "name": "transform",
      "status": "regression",
      "base": {
        "calls": 24,
        "value": 2000000
      },
      "head": {
        "calls": 24,
        "value": 4000000
      },
      "change_percent": 100.0
    },
    {
      "name": "zero",
      "status": "regression",
      "base": {
        "calls": 1,
        "value": 0
      },
      "head": {
        "calls": 1,
        "value": 7
      },
      "change_percent": null
    }
  ],
  "notes": [
    "head.json holds 3 of 5 functions (it was written with a row limit): a function missing from it is unknown, not removed; record with HOTPATH_LIMIT=0 for all"
  ]
}
)");
}

}  // namespace
}  // namespace hotpath
