// CPU samples with native stacks in a report's profile: their sample types and
// period, one sample per stack and thread however many runs the samples have,
// the thread as a label, locations with addresses, mappings and inlined frames.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "native_samples.hpp"
#include "profile_reader.hpp"
#include "report_profile.hpp"
#include "wire_reader.hpp"

namespace hotpath::pprof {
namespace {

using test::fields;
using test::packed_values;
using test::read_message;

/// main -> parse, with lex inlined into parse at the sampled address; the
/// program's mapping and an address outside every mapping.
NativeSamples two_threads() {
  NativeSamples cpu;
  cpu.frequency_hz = 1000;
  cpu.period_ns = 1'000'000;
  cpu.mappings.push_back({0x1000, 0x5000, "/bin/app", "abcdef01"});
  cpu.locations.push_back(
      {0x1100, 1, {{"lex", "lex.hpp", 7}, {"parse(char const*)", "parse.cpp", 30}}});
  cpu.locations.push_back({0x1200, 1, {{"main", "main.cpp", 5}}});
  cpu.locations.push_back({0x9999, 0, {{"[unknown]", "", 0}}});
  // Two runs of one stack on "main" (another thread's samples between them), one
  // sample of that stack on "worker", one on "main" in unknown code.
  cpu.samples.push_back({"main", {0, 1}, 3});
  cpu.samples.push_back({"worker", {0, 1}, 1});
  cpu.samples.push_back({"main", {0, 1}, 2});
  cpu.samples.push_back({"main", {2, 1}, 1});
  return cpu;
}

Report empty_report() {
  Report report;
  report.wall_ns = 10'000'000;
  return report;
}

/// Each function of a profile as (name, system name), in the profile's order.
std::vector<std::pair<std::string, std::string>> function_names(
    const std::vector<test::WireField>& profile) {
  std::vector<std::string> strings;
  for (const test::WireField& field : fields(profile, 6)) strings.push_back(field.bytes);
  std::vector<std::pair<std::string, std::string>> functions;
  for (const test::WireField& function : fields(profile, 5)) {
    const std::vector<test::WireField> message = read_message(function.bytes);
    functions.emplace_back(strings.at(fields(message, 2).at(0).integer),
                           strings.at(fields(message, 3).at(0).integer));
  }
  return functions;
}

TEST(NativeSamplesProfile, AddsSampleTypesWithThePeriodOfTheCpuTime) {
  const NativeSamples cpu = two_threads();
  std::string error;
  const auto profile = read_profile(report_profile(empty_report(), &cpu), error);
  ASSERT_TRUE(profile) << error;
  ASSERT_EQ(profile->sample_types.size(), 4u);
  EXPECT_EQ(profile->sample_types[2].type, "samples");
  EXPECT_EQ(profile->sample_types[2].unit, "count");
  EXPECT_EQ(profile->sample_types[3].type, "cpu");
  EXPECT_EQ(profile->sample_types[3].unit, "nanoseconds");
  EXPECT_EQ(profile->period_type.type, "cpu");
  EXPECT_EQ(profile->period, 1'000'000);
  // Nothing measured (a program sampled with libhotpath-cpu preloaded): the CPU
  // samples are what viewers show first.
  EXPECT_EQ(profile->default_sample_type, "cpu");
}

TEST(NativeSamplesProfile, TheMeasuredCallTreeStaysTheDefaultSampleType) {
  const NativeSamples cpu = two_threads();
  Report report = empty_report();
  CallTreeNode root;
  root.name = "main";
  root.calls = 1;
  root.total_ns = 1000;
  root.self_ns = 1000;
  report.call_tree = {root};
  std::string error;
  const auto profile = read_profile(report_profile(report, &cpu), error);
  ASSERT_TRUE(profile) << error;
  EXPECT_EQ(profile->default_sample_type, "wall");
  ASSERT_EQ(profile->sample_types.size(), 4u);
  EXPECT_EQ(profile->sample_types[3].type, "cpu");
}

TEST(NativeSamplesProfile, OneSamplePerStackAndThreadWithInlinedFrames) {
  const NativeSamples cpu = two_threads();
  std::string error;
  const auto profile = read_profile(report_profile(empty_report(), &cpu), error);
  ASSERT_TRUE(profile) << error;
  std::vector<std::vector<std::string>> stacks;
  std::vector<std::vector<std::int64_t>> values;
  for (const ReadSample& sample : profile->samples) {
    stacks.push_back(sample.frames);
    values.push_back(sample.values);
  }
  // Named as the report names functions: no parameters.
  const std::vector<std::string> parsed{"main", "parse", "lex"};
  const std::vector<std::string> unknown{"main", "[unknown]"};
  // By thread, then stack: main's two stacks, then worker's.
  EXPECT_EQ(stacks, (std::vector<std::vector<std::string>>{parsed, unknown, parsed}));
  EXPECT_EQ(values, (std::vector<std::vector<std::int64_t>>{
                        {0, 0, 5, 5'000'000}, {0, 0, 1, 1'000'000}, {0, 0, 1, 1'000'000}}));
}

TEST(NativeSamplesProfile, WritesMappingsAddressesAndThreadLabels) {
  const NativeSamples cpu = two_threads();
  const std::vector<test::WireField> profile =
      read_message(test::gunzip(report_profile(empty_report(), &cpu)));
  std::vector<std::string> strings;
  for (const test::WireField& field : fields(profile, 6)) strings.push_back(field.bytes);

  const std::vector<test::WireField> mappings = fields(profile, 3);
  ASSERT_EQ(mappings.size(), 1u);
  const std::vector<test::WireField> mapping = read_message(mappings[0].bytes);
  EXPECT_EQ(fields(mapping, 2).at(0).integer, 0x1000u);
  EXPECT_EQ(fields(mapping, 3).at(0).integer, 0x5000u);
  EXPECT_EQ(strings.at(fields(mapping, 5).at(0).integer), "/bin/app");
  EXPECT_EQ(strings.at(fields(mapping, 6).at(0).integer), "abcdef01");
  for (std::uint32_t flag = 7; flag <= 10; ++flag)
    EXPECT_EQ(fields(mapping, flag).at(0).integer, 1u) << "has_* field " << flag;

  // The first location: in mapping 1, at its address, two lines, lex first.
  const std::vector<test::WireField> location = read_message(fields(profile, 4).at(0).bytes);
  EXPECT_EQ(fields(location, 2).at(0).integer, 1u);
  EXPECT_EQ(fields(location, 3).at(0).integer, 0x1100u);
  const std::vector<test::WireField> lines = fields(location, 4);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(fields(read_message(lines[0].bytes), 2).at(0).integer, 7u);
  EXPECT_EQ(fields(read_message(lines[1].bytes), 2).at(0).integer, 30u);
  // The unknown address has no mapping.
  const std::vector<test::WireField> outside = read_message(fields(profile, 4).at(2).bytes);
  EXPECT_TRUE(fields(outside, 2).empty());

  std::vector<std::string> threads;
  for (const test::WireField& sample : fields(profile, 2)) {
    const std::vector<test::WireField> labels = fields(read_message(sample.bytes), 3);
    ASSERT_EQ(labels.size(), 1u);
    const std::vector<test::WireField> label = read_message(labels[0].bytes);
    EXPECT_EQ(strings.at(fields(label, 1).at(0).integer), "thread");
    threads.push_back(strings.at(fields(label, 2).at(0).integer));
  }
  EXPECT_EQ(threads, (std::vector<std::string>{"main", "main", "worker"}));

  // Functions: the short name, and the full symbol as the system name.
  const auto functions = function_names(profile);
  EXPECT_EQ(functions,
            (std::vector<std::pair<std::string, std::string>>{{"lex", "lex"},
                                                              {"parse", "parse(char const*)"},
                                                              {"main", "main"},
                                                              {"[unknown]", "[unknown]"}}));
}

// A measured function's system name is its signature, so that go tool pprof shows
// its name whole, as it shows native frames' (it shortens a name that is its own
// system name).
TEST(NativeSamplesProfile, CallTreeFunctionsHaveTheirSignatureAsSystemName) {
  Report report = empty_report();
  FunctionRow main_row;
  main_row.name = "main";
  main_row.signature = "main";
  FunctionRow match_row;
  match_row.name = "app::match<int>";
  match_row.signature = "app::match<int>(int const&)";
  report.rows = {main_row, match_row};
  CallTreeNode root;
  root.name = "main";
  root.calls = 1;
  root.self_ns = 10;
  CallTreeNode child;
  child.name = "app::match<int>";
  child.parent = 0;
  child.calls = 2;
  child.self_ns = 20;
  report.call_tree = {root, child};
  const std::vector<test::WireField> profile =
      read_message(test::gunzip(report_profile(report, nullptr)));
  const auto functions = function_names(profile);
  EXPECT_EQ(functions, (std::vector<std::pair<std::string, std::string>>{
                           {"main", "main"}, {"app::match<int>", "app::match<int>(int const&)"}}));
}

}  // namespace
}  // namespace hotpath::pprof
