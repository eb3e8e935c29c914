// Report sessions: what reporters receive, one session at a time, output files,
// environment overrides, exclusive time, and the timeout.
#include "hotpath/session.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "capturing_reporter.hpp"
#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

using test::CapturingReporter;
using test::find_row;
using test::ScopedEnv;

/// Clears the variables a developer or ctest may have set.
class SessionTest : public testing::Test {
 protected:
  ScopedEnv format_{"HOTPATH_OUTPUT_FORMAT", nullptr};
  ScopedEnv path_{"HOTPATH_OUTPUT_PATH", nullptr};
  ScopedEnv limit_{"HOTPATH_LIMIT", nullptr};
  ScopedEnv percentiles_{"HOTPATH_PERCENTILES", nullptr};
};

Site g_work_site("session.work", nullptr, __FILE__, __LINE__);

void work() {
  ScopeGuard guard(g_work_site);
  std::this_thread::sleep_for(std::chrono::microseconds(300));
}

std::filesystem::path fresh_directory(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() /
             ("hotpath-session-test-" + std::to_string(getpid()) + "-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST_F(SessionTest, CustomReporterSeesEveryRowAndTheSessionRow) {
  auto report = std::make_shared<Report>();
  {
    SessionGuard session = GuardBuilder("unit-session")
                               .percentiles({50, 99.9})
                               .limit(7)
                               .reporter(std::make_unique<CapturingReporter>(report))
                               .build();
    ASSERT_TRUE(session.active());
    for (int i = 0; i < 3; ++i) work();
  }
  EXPECT_EQ(report->session_name, "unit-session");
  EXPECT_EQ(report->limit, 7u);
  EXPECT_EQ(report->percentiles, (std::vector<double>{50, 99.9}));
  const FunctionRow* session_row = find_row(*report, "unit-session");
  ASSERT_NE(session_row, nullptr);
  EXPECT_EQ(session_row->calls, 1u);
  EXPECT_DOUBLE_EQ(session_row->percent_total, 100.0);
  EXPECT_EQ(session_row->total_ns, report->wall_ns);
  const FunctionRow* work_row = find_row(*report, "session.work");
  ASSERT_NE(work_row, nullptr);
  EXPECT_EQ(work_row->calls, 3u);
  EXPECT_GE(work_row->avg_ns, 300'000u);
  EXPECT_LT(work_row->percent_total, 100.0);
  ASSERT_EQ(work_row->percentile_ns.size(), 2u);
}

Site g_quick_site("session.quick", nullptr, __FILE__, __LINE__);

void quick() { ScopeGuard guard(g_quick_site); }

TEST_F(SessionTest, ASessionReportsTheCallsMadeWhileItWasOpenOnly) {
  for (int i = 0; i < 5; ++i) quick();  // as static initialisation would
  auto first = std::make_shared<Report>();
  {
    SessionGuard session =
        GuardBuilder("first").reporter(std::make_unique<CapturingReporter>(first)).build();
    for (int i = 0; i < 3; ++i) quick();
  }
  auto second = std::make_shared<Report>();
  {
    SessionGuard session =
        GuardBuilder("second").reporter(std::make_unique<CapturingReporter>(second)).build();
    quick();
    work();
  }
  const FunctionRow* in_first = find_row(*first, "session.quick");
  ASSERT_NE(in_first, nullptr);
  EXPECT_EQ(in_first->calls, 3u);
  const FunctionRow* in_second = find_row(*second, "session.quick");
  ASSERT_NE(in_second, nullptr);
  EXPECT_EQ(in_second->calls, 1u);
  EXPECT_LE(in_second->percent_total, 100.0);
  // A function with no call in a session has no row in its report.
  EXPECT_EQ(find_row(*first, "session.work"), nullptr);
  EXPECT_EQ(find_row(*second, "first"), nullptr);
  const FunctionRow* slow = find_row(*second, "session.work");
  ASSERT_NE(slow, nullptr);
  EXPECT_EQ(slow->calls, 1u);
  EXPECT_GE(slow->percentile_ns.at(0), 300'000u);
}

TEST_F(SessionTest, ASnapshotIsTheOpenSessionsReportSoFarAndTheSessionGoesOn) {
  for (int i = 0; i < 4; ++i) quick();  // before the session: not its calls
  auto final_report = std::make_shared<Report>();
  Report during;
  Report later;
  {
    SessionGuard session = GuardBuilder("snapshotted")
                               .limit(3)
                               .percentiles({50})
                               .reporter(std::make_unique<CapturingReporter>(final_report))
                               .build();
    for (int i = 0; i < 2; ++i) quick();
    work();
    during = snapshot();
    quick();
    later = snapshot();
  }
  EXPECT_EQ(during.session_name, "snapshotted");
  EXPECT_EQ(during.limit, 3u);
  EXPECT_EQ(during.percentiles, (std::vector<double>{50}));
  const FunctionRow* quick_during = find_row(during, "session.quick");
  ASSERT_NE(quick_during, nullptr);
  EXPECT_EQ(quick_during->calls, 2u);
  const FunctionRow* work_during = find_row(during, "session.work");
  ASSERT_NE(work_during, nullptr);
  EXPECT_EQ(work_during->calls, 1u);
  EXPECT_GE(work_during->total_ns, 300'000u);
  EXPECT_LE(work_during->total_ns, during.wall_ns);
  // The session is still running: no row of its own yet.
  EXPECT_EQ(find_row(during, "snapshotted"), nullptr);

  ASSERT_NE(find_row(later, "session.quick"), nullptr);
  EXPECT_EQ(find_row(later, "session.quick")->calls, 3u);
  EXPECT_GE(later.wall_ns, during.wall_ns);
  // Taking snapshots changes nothing of the report at the end.
  ASSERT_NE(find_row(*final_report, "session.quick"), nullptr);
  EXPECT_EQ(find_row(*final_report, "session.quick")->calls, 3u);
  ASSERT_NE(find_row(*final_report, "snapshotted"), nullptr);
  EXPECT_EQ(find_row(*final_report, "snapshotted")->calls, 1u);
}

Site g_unsessioned_site("session.unsessioned", nullptr, __FILE__, __LINE__);

TEST_F(SessionTest, WithNoSessionOpenASnapshotHasEverythingMeasuredSoFar) {
  ScopedEnv limit("HOTPATH_LIMIT", "2");
  for (int i = 0; i < 6; ++i) ScopeGuard guard(g_unsessioned_site);
  const Report report = snapshot();
  EXPECT_EQ(report.limit, 2u);  // the environment's settings
  const FunctionRow* row = find_row(report, "session.unsessioned");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->calls, 6u);
  EXPECT_GT(report.wall_ns, 0u);
}

TEST_F(SessionTest, ASecondSessionWhileOneIsAliveIsRefusedWithAnError) {
  SessionGuard first = GuardBuilder("first").format(Format::None).build();
  testing::internal::CaptureStderr();
  SessionGuard second = GuardBuilder("second").format(Format::None).build();
  const std::string error = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(first.active());
  EXPECT_FALSE(second.active());
  EXPECT_NE(error.find("\"second\""), std::string::npos) << error;
  EXPECT_NE(error.find("\"first\" is already active"), std::string::npos) << error;
  first.finish();
  SessionGuard third = GuardBuilder("third").format(Format::None).build();
  EXPECT_TRUE(third.active());
}

TEST_F(SessionTest, JsonReportIsWrittenToTheOutputPath) {
  const auto dir = fresh_directory("json");
  const auto file = dir / "report.json";
  {
    SessionGuard session =
        GuardBuilder("json-session").format(Format::Json).output_path(file.string()).build();
    work();
  }
  std::ifstream in(file);
  const nlohmann::json json = nlohmann::json::parse(in);
  EXPECT_EQ(json["schema_version"], 1);
  EXPECT_EQ(json["functions_timing"]["caller_name"], "json-session");
  // Only the report is in the directory: no temporary file left behind.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                          std::filesystem::directory_iterator()),
            1);
}

TEST_F(SessionTest, AnUnwritableOutputPathIsExplainedAndTheReportGoesToStderr) {
  const auto dir = fresh_directory("unwritable");
  const auto file = dir / "missing-directory" / "report.json";
  testing::internal::CaptureStderr();
  {
    SessionGuard session =
        GuardBuilder("unwritable").format(Format::Json).output_path(file.string()).build();
  }
  const std::string error = testing::internal::GetCapturedStderr();
  const std::string reason = "hotpath: cannot write the report to \"" + file.string() +
                             "\": cannot create a temporary file next to it: No such file or "
                             "directory; it follows here\n";
  ASSERT_EQ(error.substr(0, reason.size()), reason) << error;
  const nlohmann::json json = nlohmann::json::parse(error.substr(reason.size()));
  EXPECT_EQ(json["functions_timing"]["caller_name"], "unwritable");
  EXPECT_FALSE(std::filesystem::exists(file));
}

TEST_F(SessionTest, OutputPathsNameThePidAndTheTime) {
  const auto dir = fresh_directory("placeholders");
  const long long before = static_cast<long long>(std::time(nullptr));
  {
    SessionGuard session = GuardBuilder("placeholders")
                               .format(Format::Json)
                               .output_path((dir / "report-%p-%t.json").string())
                               .build();
  }
  const long long after = static_cast<long long>(std::time(nullptr));
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  ASSERT_EQ(names.size(), 1u);
  const std::string prefix = "report-" + std::to_string(::getpid()) + "-";
  ASSERT_EQ(names[0].substr(0, prefix.size()), prefix) << names[0];
  const long long seconds = std::stoll(names[0].substr(prefix.size()));
  EXPECT_GE(seconds, before);
  EXPECT_LE(seconds, after);
}

TEST_F(SessionTest, EnvironmentOverridesTheBuilder) {
  ScopedEnv limit("HOTPATH_LIMIT", "1");
  ScopedEnv percentiles("HOTPATH_PERCENTILES", "50,99");
  auto report = std::make_shared<Report>();
  {
    SessionGuard session = GuardBuilder("env")
                               .limit(9)
                               .percentiles({95})
                               .reporter(std::make_unique<CapturingReporter>(report))
                               .build();
    work();
  }
  EXPECT_EQ(report->limit, 1u);
  EXPECT_EQ(report->percentiles, (std::vector<double>{50, 99}));
  EXPECT_EQ(report->visible_row_count(), 1u);
}

TEST_F(SessionTest, EnvironmentFormatReplacesTheCustomReporter) {
  const auto dir = fresh_directory("env-format");
  const auto file = dir / "out.json";
  ScopedEnv format("HOTPATH_OUTPUT_FORMAT", "json-pretty");
  ScopedEnv path("HOTPATH_OUTPUT_PATH", file.c_str());
  auto report = std::make_shared<Report>();
  {
    SessionGuard session =
        GuardBuilder("env-format").reporter(std::make_unique<CapturingReporter>(report)).build();
  }
  EXPECT_TRUE(report->session_name.empty());
  std::ifstream in(file);
  std::string first_line;
  std::getline(in, first_line);
  EXPECT_EQ(first_line, "{");  // indented
}

TEST_F(SessionTest, InvalidBuilderPercentilesAreDroppedWithAWarning) {
  auto report = std::make_shared<Report>();
  testing::internal::CaptureStderr();
  {
    SessionGuard session = GuardBuilder("pct")
                               .percentiles({50, 150, -1, 99})
                               .reporter(std::make_unique<CapturingReporter>(report))
                               .build();
  }
  const std::string error = testing::internal::GetCapturedStderr();
  EXPECT_NE(error.find("ignoring percentile 150"), std::string::npos) << error;
  EXPECT_NE(error.find("ignoring percentile -1"), std::string::npos) << error;
  EXPECT_EQ(report->percentiles, (std::vector<double>{50, 99}));
}

TEST_F(SessionTest, ExclusiveModeGivesTheSessionRowItsSelfTime) {
  detail::Registry::instance();  // start-up reads HOTPATH_TIME_EXCLUSIVE: do it first
  const bool saved = detail::g_exclusive_time;
  detail::g_exclusive_time = true;
  auto report = std::make_shared<Report>();
  {
    SessionGuard session =
        GuardBuilder("exclusive").reporter(std::make_unique<CapturingReporter>(report)).build();
    work();
  }
  detail::g_exclusive_time = saved;
  EXPECT_EQ(report->time_mode, TimeMode::Exclusive);
  const FunctionRow* session_row = find_row(*report, "exclusive");
  ASSERT_NE(session_row, nullptr);
  EXPECT_LT(session_row->total_ns, report->wall_ns);
}

TEST_F(SessionTest, ASessionFinishedOnAnotherThreadStillReports) {
  auto report = std::make_shared<Report>();
  SessionGuard session;
  std::thread builder([&] {
    session = GuardBuilder("moved").reporter(std::make_unique<CapturingReporter>(report)).build();
    work();
  });
  builder.join();
  session.finish();
  EXPECT_EQ(report->session_name, "moved");
  const FunctionRow* session_row = find_row(*report, "moved");
  ASSERT_NE(session_row, nullptr);
  EXPECT_EQ(session_row->calls, 1u);
}

TEST_F(SessionTest, BuildWithTimeoutReportsThenExitsWithStatusZero) {
  testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_EXIT(
      {
        GuardBuilder("timed")
            .format(Format::Table)
            .build_with_timeout(std::chrono::milliseconds(50));
        for (;;) work();
      },
      testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace hotpath
