// Report assembly: names, overload disambiguation, merging, order, units.
#include "reporting/report_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "hotpath/default_template_arguments.hpp"
#include "hotpath/lambda_locations.hpp"

namespace hotpath::detail {
namespace {

/// A hand-made snapshot; ticks are nanoseconds (ratio 1).
class SnapshotBuilder {
 public:
  /// A site named by the user (`name`) or by its pretty function, as the
  /// HOTPATH_MEASURE() macros write them.
  SnapshotBuilder& add(const char* name, const char* pretty, std::uint64_t calls,
                       std::uint64_t each_ns) {
    return add_site(
        std::make_unique<Site>(name, nullptr, "src/app.cpp", 10 + sites_.size(), pretty), calls,
        each_ns);
  }
  /// A site with a signature (pattern), as the plugin and clang-hotpath-rewrite write them.
  SnapshotBuilder& add_signature(const char* signature, std::uint64_t calls,
                                 const char* pretty = nullptr, const char* enclosing = nullptr) {
    return add_site(std::make_unique<Site>(nullptr, signature, "src/app.cpp", 10 + sites_.size(),
                                           pretty, enclosing),
                    calls, 10);
  }
  /// Registers a copy of `site`, as the registry does, in module `module`; the
  /// site itself is destroyed here, as an unloaded library's are.
  SnapshotBuilder& add_site(std::unique_ptr<Site> site, std::uint64_t calls, std::uint64_t each_ns,
                            std::string module = "app") {
    sites_.push_back(SiteRecord::copy_of(*site, std::move(module)));
    site.reset();
    FunctionTotals totals;
    for (std::uint64_t i = 0; i < calls; ++i) {
      totals.calls += 1;
      totals.total_ticks += each_ns;
      totals.self_ticks += each_ns / 2;
      totals.min_value = std::min(totals.min_value, each_ns);
      totals.max_value = std::max(totals.max_value, each_ns);
      totals.histogram.add(each_ns);
    }
    snapshot_.sites.push_back(sites_.back().get());
    snapshot_.totals.push_back(std::move(totals));
    return *this;
  }
  const RegistrySnapshot& snapshot() const { return snapshot_; }
  /// The totals of the site added last, to add allocation records to.
  FunctionTotals& last() { return snapshot_.totals.back(); }

 private:
  std::vector<std::unique_ptr<SiteRecord>> sites_;
  RegistrySnapshot snapshot_;
};

ReportSettings settings_with_wall(std::uint64_t wall_ns) {
  ReportSettings settings;
  settings.session_name = "main";
  settings.wall_ns = wall_ns;
  settings.percentiles = {50, 95};
  return settings;
}

TEST(ReportBuilder, RowsCarryExactCountsTotalsAndSharesSortedByTotal) {
  SnapshotBuilder input;
  input.add(nullptr, "void app::light(int)", 10, 100)
      .add(nullptr, "void app::heavy(int)", 4, 1'000)
      .add("never called", nullptr, 0, 0);
  const Report report =
      build_report(input.snapshot(), settings_with_wall(8'000), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].name, "app::heavy");
  EXPECT_EQ(report.rows[0].calls, 4u);
  EXPECT_EQ(report.rows[0].total_ns, 4'000u);
  EXPECT_EQ(report.rows[0].avg_ns, 1'000u);
  EXPECT_EQ(report.rows[0].percentile_ns, (std::vector<std::uint64_t>{1'000, 1'000}));
  EXPECT_DOUBLE_EQ(report.rows[0].percent_total, 50.0);
  EXPECT_EQ(report.rows[0].file, "src/app.cpp");
  EXPECT_EQ(report.rows[0].line, 11u);
  EXPECT_EQ(report.rows[1].name, "app::light");
  EXPECT_DOUBLE_EQ(report.rows[1].percent_total, 12.5);
  EXPECT_EQ(report.session_name, "main");
  EXPECT_EQ(report.wall_ns, 8'000u);
}

TEST(ReportBuilder, OverloadsGetTheirParameterTypes) {
  SnapshotBuilder input;
  input.add(nullptr, "void app::f(int)", 1, 10)
      .add(nullptr, "void app::f(double)", 1, 20)
      .add(nullptr, "void app::g(int)", 1, 5);
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_EQ(report.rows[0].name, "app::f(double)");
  EXPECT_EQ(report.rows[1].name, "app::f(int)");
  EXPECT_EQ(report.rows[2].name, "app::g");
}

TEST(ReportBuilder, SitesWithTheSameNameAndParametersShareARow) {
  SnapshotBuilder input;
  input.add("parse", nullptr, 3, 10).add("parse", nullptr, 2, 10);
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.rows[0].name, "parse");
  EXPECT_EQ(report.rows[0].calls, 5u);
}

TEST(ReportBuilder, PatternsAreCompletedFromEitherCompilersPrettyFunction) {
  SnapshotBuilder input;
  const char* pattern = "app::apply<${T}>::(lambda at a.cpp:4)<${auto#0}>(${auto#0})";
  input
      .add_signature(pattern, 2, "app::apply<int>(int)::<lambda(auto:1)> [with auto:1 = long int]",
                     "T app::apply(T) [with T = int]")
      .add_signature(pattern, 1,
                     "auto app::apply(double)::(anonymous class)::operator()(auto) const "
                     "[v:auto = double]",
                     "T app::apply(T) [T = double]");
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].name, "app::apply<int>::(lambda at a.cpp:4)<long>");
  EXPECT_EQ(report.rows[0].signature, "app::apply<int>::(lambda at a.cpp:4)<long>(long)");
  EXPECT_EQ(report.rows[0].calls, 2u);
  EXPECT_EQ(report.rows[1].name, "app::apply<double>::(lambda at a.cpp:4)<double>");
}

// As clang-hotpath-rewrite writes them at the end of a source.
const char* const kTemplateEntries[] = {"testlib::View<${T}, ${Char=char}>", nullptr};
const DefaultTemplateArguments kTemplateDefaults(kTemplateEntries);

TEST(ReportBuilder, RegisteredDefaultTemplateArgumentsAreLeftOutOfNames) {
  SnapshotBuilder input;
  const char* pattern = "app::Format<${Args}...>::size() const";
  input
      .add_signature(pattern, 2,
                     "int app::Format<Args>::size() const [with Args = {testlib::View<int, char>, "
                     "long int}]")
      .add_signature(pattern, 1,
                     "int app::Format<testlib::View<int>, long>::size() const [Args = "
                     "<testlib::View<int>, long>]")
      .add_signature(pattern, 4,
                     "int app::Format<Args>::size() const [with Args = {testlib::View<int, "
                     "wchar_t>}]");
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_EQ(report.rows[0].signature, "app::Format<testlib::View<int, wchar_t>>::size() const");
  EXPECT_EQ(report.rows[0].calls, 4u);
  // Two sites of one module spelled alike keep their rows (as GCC's lambdas do).
  EXPECT_EQ(report.rows[1].signature, "app::Format<testlib::View<int>, long>::size() const");
  EXPECT_EQ(report.rows[2].signature, "app::Format<testlib::View<int>, long>::size() const");
}

// A lambda in a function template: its type's mangled name numbers it in the
// function with any compiler (`make<int>()::{lambda()#1}`).
namespace testlambda {
template <class T>
auto make() {
  return [] {};
}
}  // namespace testlambda
// clang-format off
const char* const kLambdaEntries[] = {
    "hotpath::detail::(anonymous namespace)::testlambda::make()", "1", "(lambda at lambdas.cpp:3)",
    "hotpath::detail::(anonymous namespace)::testlambda::make()", "2",  // incomplete: left out
    nullptr};
// clang-format on
const LambdaLocations kLambdaLocations(kLambdaEntries);

TEST(ReportBuilder, RegisteredLambdasAreNamedByTheirLocation) {
  using Types = TypeArguments<decltype(testlambda::make<int>()), void>;
  // g++'s pretty function of the TypeArguments, which says no more than `(lambda)`.
  const char* types =
      "static constexpr const char* hotpath::TypeArguments<Type, Rest>::text() [with Type = "
      "testlambda::make<int>()::<lambda()>; Rest = void]";
  const char* pattern = "${types=F}app::call<${F}>(${F})";
  const char* pretty = "void app::call(F) [with F = testlambda::make<int>()::<lambda()>]";
  SnapshotBuilder input;
  input.add_site(std::make_unique<Site>(nullptr, pattern, "src/app.cpp", 10, pretty, nullptr, types,
                                        Types::types()),
                 3, 10);
  // Without the type: `(lambda)`.
  input.add_site(
      std::make_unique<Site>(nullptr, pattern, "src/app.cpp", 10, pretty, nullptr, types), 1, 10);
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].signature,
            "app::call<(lambda at lambdas.cpp:3)>((lambda at lambdas.cpp:3))");
  EXPECT_EQ(report.rows[0].calls, 3u);
  EXPECT_EQ(report.rows[1].signature, "app::call<(lambda)>((lambda))");
}

TEST(ReportBuilder, ConstAndNonConstMembersAreTwoRows) {
  SnapshotBuilder input;
  input.add_signature("app::S::f()", 2).add_signature("app::S::f() const", 1);
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].name, "app::S::f()");
  EXPECT_EQ(report.rows[0].calls, 2u);
  EXPECT_EQ(report.rows[1].name, "app::S::f() const");
  EXPECT_EQ(report.rows[1].calls, 1u);
}

TEST(ReportBuilder, InternalFunctionsOfTwoFilesAreNamedByTheirFile) {
  SnapshotBuilder input;
  input.add_signature("helper() [/src/a.cpp]", 2)
      .add_signature("helper() [b.cpp]", 1)
      .add_signature("other() [a.cpp]", 1);
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_EQ(report.rows[0].name, "helper [a.cpp]");
  EXPECT_EQ(report.rows[0].signature, "helper() [a.cpp]");
  EXPECT_EQ(report.rows[1].name, "helper [b.cpp]");
  EXPECT_EQ(report.rows[2].name, "other");
}

TEST(ReportBuilder, NamesShowOnlyTheDetailThatTellsRowsApart) {
  // The file alone does not tell a.cpp's two overloads apart, nor do the parameters
  // the two files' f(int): both are shown.
  SnapshotBuilder input;
  input.add_signature("f(int) [a.cpp]", 3)
      .add_signature("f(double) [a.cpp]", 2)
      .add_signature("f(int) [b.cpp]", 1)
      .add_signature("g(int) [a.cpp]", 1)
      .add_signature("g(int)", 1);
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 5u);
  std::map<std::string, std::uint64_t> calls;
  for (const FunctionRow& row : report.rows) calls[row.name] = row.calls;
  const std::map<std::string, std::uint64_t> expected = {
      {"f(int) [a.cpp]", 3},
      {"f(double) [a.cpp]", 2},
      {"f(int) [b.cpp]", 1},
      {"g [a.cpp]", 1},
      {"g", 1},
  };
  EXPECT_EQ(calls, expected);
}

TEST(ReportBuilder, DistinctSitesSpelledAlikeInOneModuleKeepTheirRows) {
  // GCC names every lambda of main() `main()::<lambda()>`: three functions.
  SnapshotBuilder input;
  const char* pretty = "void app::call(F) [with F = main()::<lambda()>]";
  input.add_signature("app::call<${F}>(${F})", 3, pretty)
      .add_signature("app::call<${F}>(${F})", 2, pretty)
      .add_signature("app::call<${F}>(${F})", 1, pretty);
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_EQ(report.rows[0].name, "app::call<(lambda)>");
  EXPECT_EQ(report.rows[0].calls, 3u);
  EXPECT_EQ(report.rows[1].name, "app::call<(lambda)> #2");
  EXPECT_EQ(report.rows[2].name, "app::call<(lambda)> #3");
}

TEST(ReportBuilder, AFunctionHeldByTwoModulesIsOneRow) {
  // An inline function compiled into the program and into a library.
  SnapshotBuilder input;
  input.add_site(std::make_unique<Site>(nullptr, "app::f()", "src/app.hpp", 4), 2, 10, "app")
      .add_site(std::make_unique<Site>(nullptr, "app::f()", "src/app.hpp", 4), 3, 10, "lib.so");
  const Report report = build_report(input.snapshot(), settings_with_wall(100), TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.rows[0].name, "app::f");
  EXPECT_EQ(report.rows[0].calls, 5u);
}

TEST(ReportBuilder, CallsWithoutAllocationsCountAsZeroBytes) {
  SnapshotBuilder input;
  input.add(nullptr, "void app::parse()", 4, 10);
  AllocTotals& alloc = input.last().alloc;  // one of the four calls allocated 100 bytes
  alloc.calls = 1;
  alloc.alloc_bytes = 100;
  alloc.alloc_count = 1;
  alloc.min_bytes = alloc.max_bytes = 100;
  alloc.histogram.add(100);
  ReportSettings settings = settings_with_wall(100);
  settings.alloc_tracked = true;
  const Report report = build_report(input.snapshot(), settings, TickConverter(1.0));
  ASSERT_EQ(report.alloc_rows.size(), 1u);
  const AllocRow& row = report.alloc_rows[0];
  EXPECT_EQ(row.name, "app::parse");
  EXPECT_EQ(row.calls, 4u);
  EXPECT_EQ(row.alloc_bytes, 100u);
  EXPECT_EQ(row.avg_bytes, 25u);
  EXPECT_EQ(row.percentile_bytes, (std::vector<std::uint64_t>{0, 100}));
}

TEST(ReportBuilder, ExclusiveModeReportsSelfTime) {
  SnapshotBuilder input;
  input.add(nullptr, "void app::work()", 2, 1'000);
  ReportSettings settings = settings_with_wall(2'000);
  settings.time_mode = TimeMode::Exclusive;
  const Report report = build_report(input.snapshot(), settings, TickConverter(1.0));
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.rows[0].total_ns, 1'000u);
  EXPECT_EQ(report.time_mode, TimeMode::Exclusive);
}

TEST(ReportBuilder, TimeSamplingScalesTheTimedCallsToAllCalls) {
  SnapshotBuilder input;
  // Two timed calls of 100 ns, eight untimed.
  input.add(nullptr, "void app::work()", 2, 100);
  input.last().untimed_calls = 8;
  // Untimed calls only (a report since a session opened between two timed calls).
  input.add(nullptr, "void app::rare()", 0, 0);
  input.last().untimed_calls = 3;
  ReportSettings settings = settings_with_wall(2'000);
  settings.time_sampling_rate = 5;
  const Report report = build_report(input.snapshot(), settings, TickConverter(1.0));
  EXPECT_EQ(report.time_sampling_rate, 5u);
  ASSERT_EQ(report.rows.size(), 2u);
  const FunctionRow& work = report.rows[0];
  EXPECT_EQ(work.calls, 10u);
  EXPECT_EQ(work.timed_calls, 2u);
  EXPECT_EQ(work.total_ns, 1'000u);
  EXPECT_EQ(work.avg_ns, 100u);
  EXPECT_EQ(work.percentile_ns, (std::vector<std::uint64_t>{100, 100}));
  EXPECT_DOUBLE_EQ(work.percent_total, 50.0);
  const FunctionRow& rare = report.rows[1];
  EXPECT_EQ(rare.calls, 3u);
  EXPECT_EQ(rare.timed_calls, 0u);
  EXPECT_EQ(rare.total_ns, 0u);
}

TEST(ReportBuilder, TicksAreConvertedToNanoseconds) {
  SnapshotBuilder input;
  input.add(nullptr, "void app::work()", 1, 3'000);
  const Report report =
      build_report(input.snapshot(), settings_with_wall(10'000), TickConverter(0.5));
  EXPECT_EQ(report.rows[0].total_ns, 1'500u);
  EXPECT_EQ(report.rows[0].percentile_ns[1], 1'500u);
}

ReportSettings cpu_settings(CpuMode mode) {
  ReportSettings settings = settings_with_wall(1'000'000);
  settings.cpu_sampled = true;
  settings.cpu_mode = mode;
  settings.cpu.timer = "perf_event";
  settings.cpu.frequency_hz = 997;
  settings.cpu.samples = 1'000;
  settings.cpu.unmeasured_samples = 100;
  settings.cpu.period_ns = 1'003'009;
  settings.cpu.cpu_ns = 2'000'000'000;
  return settings;
}

// main (600 self samples) calls work (300 self), which is recursive: inclusive
// counts are per sample, whatever the depth.
SnapshotBuilder sampled_program() {
  SnapshotBuilder input;
  input.add(nullptr, "int main()", 1, 1'000);
  input.last().cpu_self_samples = 600;
  input.last().cpu_samples = 900;
  input.add(nullptr, "void app::work(int)", 50, 10);
  input.last().cpu_self_samples = 300;
  input.last().cpu_samples = 300;
  input.add(nullptr, "void app::idle()", 5, 10);  // never on the CPU: no row
  return input;
}

TEST(ReportBuilder, CpuRowsInSelfModeAddUpToAllSamples) {
  const Report report =
      build_report(sampled_program().snapshot(), cpu_settings(CpuMode::Self), TickConverter(1.0));
  ASSERT_TRUE(report.cpu_sampled);
  EXPECT_EQ(report.cpu.timer, "perf_event");
  EXPECT_EQ(report.cpu.samples, 1'000u);
  ASSERT_EQ(report.cpu_rows.size(), 3u);
  EXPECT_EQ(report.cpu_rows[0].name, "main");
  EXPECT_EQ(report.cpu_rows[0].samples, 600u);
  EXPECT_DOUBLE_EQ(report.cpu_rows[0].percent_total, 60.0);
  EXPECT_EQ(report.cpu_rows[0].cpu_ns, 601'805'400u);  // 600 samples of 1.003009 ms
  EXPECT_EQ(report.cpu.cpu_ns, 2'000'000'000u);
  EXPECT_EQ(report.cpu_rows[1].name, "app::work");
  EXPECT_EQ(report.cpu_rows[1].samples, 300u);
  EXPECT_EQ(report.cpu_rows[2].name, "(not measured)");
  EXPECT_EQ(report.cpu_rows[2].samples, 100u);
  EXPECT_DOUBLE_EQ(report.cpu_rows[2].percent_total, 10.0);
  std::uint64_t sum = 0;
  for (const CpuRow& row : report.cpu_rows) sum += row.samples;
  EXPECT_EQ(sum, report.cpu.samples);
}

TEST(ReportBuilder, CpuRowsInInclusiveModeCountCallers) {
  const Report report = build_report(sampled_program().snapshot(), cpu_settings(CpuMode::Inclusive),
                                     TickConverter(1.0));
  ASSERT_EQ(report.cpu_rows.size(), 3u);
  EXPECT_EQ(report.cpu_mode, CpuMode::Inclusive);
  EXPECT_EQ(report.cpu_rows[0].name, "main");
  EXPECT_EQ(report.cpu_rows[0].samples, 900u);
  EXPECT_DOUBLE_EQ(report.cpu_rows[0].percent_total, 90.0);
  EXPECT_EQ(report.cpu_rows[1].name, "app::work");
  EXPECT_EQ(report.cpu_rows[1].samples, 300u);
  EXPECT_EQ(report.cpu_rows[2].name, "(not measured)");
}

TEST(ReportBuilder, ACallStillRunningHasCpuSamplesButNoTimingRow) {
  SnapshotBuilder input;
  input.add(nullptr, "void app::server_loop()", 0, 0);
  input.last().cpu_self_samples = 40;
  input.last().cpu_samples = 40;
  ReportSettings settings = cpu_settings(CpuMode::Self);
  settings.cpu.samples = 40;
  settings.cpu.unmeasured_samples = 0;
  const Report report = build_report(input.snapshot(), settings, TickConverter(1.0));
  EXPECT_TRUE(report.rows.empty());
  ASSERT_EQ(report.cpu_rows.size(), 1u);
  EXPECT_EQ(report.cpu_rows[0].name, "app::server_loop");
  EXPECT_DOUBLE_EQ(report.cpu_rows[0].percent_total, 100.0);
}

TEST(ReportBuilder, WithoutSamplingThereIsNoCpuSection) {
  const Report report =
      build_report(sampled_program().snapshot(), settings_with_wall(100), TickConverter(1.0));
  EXPECT_FALSE(report.cpu_sampled);
  EXPECT_TRUE(report.cpu_rows.empty());
}

// main waits only through app::fetch (20 ms of I/O, 4 KiB, and a 5 ms lock);
// app::serve, still running, slept 100 ms; app::compute never waited.
SnapshotBuilder waiting_program() {
  SnapshotBuilder input;
  const auto add_wait = [](FunctionTotals& totals, WaitCause cause, std::uint64_t count,
                           std::uint64_t ticks, bool self) {
    WaitCauseTotals& figures = totals.waits.causes[static_cast<unsigned>(cause)];
    figures.count += count;
    figures.ticks += ticks;
    if (self) {
      figures.self_count += count;
      figures.self_ticks += ticks;
    }
  };
  input.add(nullptr, "int main()", 1, 60'000'000);
  add_wait(input.last(), WaitCause::Io, 3, 40'000'000, false);
  add_wait(input.last(), WaitCause::Lock, 1, 10'000'000, false);
  input.last().waits.io_bytes = 4'096;
  input.add(nullptr, "void app::fetch()", 3, 20'000'000);
  add_wait(input.last(), WaitCause::Io, 3, 40'000'000, true);
  add_wait(input.last(), WaitCause::Lock, 1, 10'000'000, true);
  input.last().waits.io_bytes = 4'096;
  input.last().waits.self_io_bytes = 4'096;
  input.add(nullptr, "void app::serve()", 0, 0);
  add_wait(input.last(), WaitCause::Sleep, 1, 200'000'000, true);
  input.add(nullptr, "void app::compute()", 5, 10);
  return input;
}

TEST(ReportBuilder, WaitRowsSumTheirCausesAndSortByTimeBlocked) {
  ReportSettings settings = settings_with_wall(400'000'000);
  settings.waits_tracked = true;
  const Report report = build_report(waiting_program().snapshot(), settings, TickConverter(0.5));
  ASSERT_TRUE(report.waits_tracked);
  ASSERT_EQ(report.wait_rows.size(), 3u);
  // A call still running has its waits, and no timing row.
  EXPECT_EQ(report.wait_rows[0].name, "app::serve");
  EXPECT_EQ(report.wait_rows[0].total_ns, 100'000'000u);
  EXPECT_EQ(report.wait_rows[0].causes[3].self_count, 1u);
  EXPECT_DOUBLE_EQ(report.wait_rows[0].percent_wall, 25.0);
  // Equal time blocked: the one whose waits are its own first.
  EXPECT_EQ(report.wait_rows[1].name, "app::fetch");
  EXPECT_EQ(report.wait_rows[2].name, "main");
  const WaitRow& fetch = report.wait_rows[1];
  EXPECT_EQ(fetch.count, 4u);
  EXPECT_EQ(fetch.total_ns, 25'000'000u);
  EXPECT_EQ(fetch.self_ns, 25'000'000u);
  EXPECT_EQ(fetch.causes[2].count, 3u);
  EXPECT_EQ(fetch.causes[2].total_ns, 20'000'000u);
  EXPECT_EQ(fetch.causes[0].total_ns, 5'000'000u);
  EXPECT_EQ(fetch.io_bytes, 4'096u);
  const WaitRow& main_row = report.wait_rows[2];
  EXPECT_EQ(main_row.total_ns, 25'000'000u);
  EXPECT_EQ(main_row.self_count, 0u);
  EXPECT_EQ(main_row.self_ns, 0u);
  EXPECT_EQ(main_row.self_io_bytes, 0u);
  for (const FunctionRow& row : report.rows) EXPECT_NE(row.name, "app::serve");
}

TEST(ReportBuilder, WithoutTheWaitLibraryThereIsNoWaitSection) {
  const Report report =
      build_report(waiting_program().snapshot(), settings_with_wall(100), TickConverter(1.0));
  EXPECT_FALSE(report.waits_tracked);
  EXPECT_TRUE(report.wait_rows.empty());
}

// A snapshot taken without histograms: the report reads those of the rows it shows
// only (the first rows_with_durations by total time, a row's every site), and
// those rows get the figures a full report gives them.
TEST(ReportBuilder, ReadsTheHistogramsOfTheRowsShownOnly) {
  SnapshotBuilder input;
  input.add(nullptr, "void app::small(int)", 10, 100)
      .add(nullptr, "void app::large(int)", 10, 5'000)
      .add(nullptr, "void app::middle(int)", 10, 1'000)
      .add_site(std::make_unique<Site>(nullptr, "app::inlined()", "src/app.hpp", 4), 2, 3'000,
                "app")
      .add_site(std::make_unique<Site>(nullptr, "app::inlined()", "src/app.hpp", 4), 3, 9'000,
                "lib.so");
  const RegistrySnapshot& full = input.snapshot();
  RegistrySnapshot later;
  later.sites = full.sites;
  for (const FunctionTotals& totals : full.totals) {
    later.totals.emplace_back();
    later.totals.back().merge(totals, false);
  }
  later.histograms_later = true;
  ReportSettings settings = settings_with_wall(100'000);
  settings.rows_with_durations = 2;
  std::vector<std::uint32_t> asked;
  const Report shown =
      build_report(later, settings, TickConverter(1.0),
                   [&](RegistrySnapshot& snapshot, const std::vector<std::uint32_t>& site_ids) {
                     for (std::uint32_t id : site_ids) {
                       asked.push_back(id);
                       snapshot.totals[id - 1].histogram.merge(full.totals[id - 1].histogram);
                     }
                   });
  const Report whole = build_report(full, settings_with_wall(100'000), TickConverter(1.0));
  ASSERT_EQ(shown.rows.size(), 4u);
  ASSERT_EQ(whole.rows.size(), 4u);
  // app::inlined (2 x 3,000 + 3 x 9,000) and app::large (10 x 5,000): sites 4, 5 and 2.
  std::sort(asked.begin(), asked.end());
  EXPECT_EQ(asked, (std::vector<std::uint32_t>{2, 4, 5}));
  for (std::size_t row = 0; row < 4; ++row) {
    EXPECT_EQ(shown.rows[row].name, whole.rows[row].name);
    EXPECT_EQ(shown.rows[row].calls, whole.rows[row].calls);
    EXPECT_EQ(shown.rows[row].total_ns, whole.rows[row].total_ns);
  }
  EXPECT_EQ(shown.rows[0].name, "app::large");
  EXPECT_EQ(shown.rows[1].name, "app::inlined");
  for (std::size_t row = 0; row < 2; ++row) {
    EXPECT_EQ(shown.rows[row].percentile_ns, whole.rows[row].percentile_ns) << row;
    EXPECT_EQ(shown.rows[row].duration_buckets.cumulative,
              whole.rows[row].duration_buckets.cumulative)
        << row;
  }
  EXPECT_EQ(shown.rows[1].percentile_ns, (std::vector<std::uint64_t>{9'000, 9'000}));
  EXPECT_TRUE(shown.rows[2].percentile_ns.empty());
  EXPECT_TRUE(shown.rows[3].duration_buckets.cumulative.empty());
}

}  // namespace
}  // namespace hotpath::detail
