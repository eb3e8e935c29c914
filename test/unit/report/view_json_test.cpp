// Tests for the JSON of a view: JsonReporter's text, with total_functions still
// counting the functions a saved report cut by its limit never held.
#include "view_json.hpp"

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "report_samples.hpp"

namespace hotpath {
namespace {

ReportView view_of(const std::string& text, const ViewOptions& options) {
  ReportReadError read_error;
  const std::optional<SavedReport> saved = read_report_json(text, read_error);
  EXPECT_TRUE(saved) << read_error.message;
  ReportView view;
  std::string error;
  EXPECT_TRUE(make_report_view(saved ? *saved : SavedReport{}, options, view, error)) << error;
  return view;
}

TEST(ViewJson, WholeSavedReportIsWrittenAsItWas) {
  Report report = test::full_report();
  const std::string whole = test::json_of(report);
  EXPECT_EQ(view_json(view_of(whole, ViewOptions{})), whole);
  // Cut by its limit: JsonReporter alone would count 2 functions, not 3.
  report.limit = 2;
  const std::string cut = test::json_of(report);
  EXPECT_EQ(view_json(view_of(cut, ViewOptions{})), cut);
}

TEST(ViewJson, FocusCountsTheMatchesAndTheUnknown) {
  Report report = test::full_report();
  report.limit = 2;
  ViewOptions options;
  options.focus.emplace("parse", std::regex::ECMAScript);
  const nlohmann::json document =
      nlohmann::json::parse(view_json(view_of(test::json_of(report), options)));
  // app::parse, and the one row the saved report did not hold.
  EXPECT_EQ(document["functions_timing"]["total_functions"], 2);
  EXPECT_EQ(document["functions_timing"]["data"].size(), 1u);
  EXPECT_EQ(document["functions_alloc"]["total_functions"], 1);
  // No CPU row matches; one was never saved.
  EXPECT_EQ(document["functions_cpu"]["total_functions"], 1);
  EXPECT_EQ(document["call_tree"]["nodes"].size(), 3u);
}

TEST(ViewJson, CoroutinesCountTheMatchesAndTheUnknown) {
  Report report = test::full_report();
  report.limit = 1;  // app::fetch saved, app::ticker not
  ViewOptions options;
  options.focus.emplace("fetch|tick", std::regex::ECMAScript);
  const nlohmann::json document =
      nlohmann::json::parse(view_json(view_of(test::json_of(report), options)));
  EXPECT_EQ(document["coroutines"]["total_functions"], 2);
  ASSERT_EQ(document["coroutines"]["data"].size(), 1u);
  EXPECT_EQ(document["coroutines"]["data"][0]["name"], "app::fetch");
}

}  // namespace
}  // namespace hotpath
