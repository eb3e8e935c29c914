// The pprof writer: protobuf's wire format byte for byte (the examples of its
// encoding guide), gzip that zlib reads back, and profiles read back field by
// field as profile.proto defines them.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "gzip.hpp"
#include "profile_builder.hpp"
#include "protobuf_writer.hpp"
#include "report_profile.hpp"
#include "wire_reader.hpp"

namespace hotpath::pprof {
namespace {

using test::fields;
using test::packed_values;
using test::read_message;

TEST(ProtobufWriter, WritesTheWireFormat) {
  ProtobufWriter message;
  message.integer(1, 150);
  message.bytes(2, "testing");
  message.packed(4, {3, 270, 86942});
  message.packed(5, {});
  EXPECT_EQ(message.data(), std::string("\x08\x96\x01"
                                        "\x12\x07testing"
                                        "\x22\x06\x03\x8e\x02\x9e\xa7\x05",
                                        20));
}

TEST(ProtobufWriter, ANegativeIntegerTakesTenBytes) {
  ProtobufWriter message;
  message.integer(1, static_cast<std::uint64_t>(std::int64_t{-1}));
  EXPECT_EQ(message.data(), std::string("\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 11));
}

TEST(ProtobufWriter, NestsMessages) {
  ProtobufWriter inner;
  inner.integer(1, 150);
  ProtobufWriter outer;
  outer.message(3, inner);
  EXPECT_EQ(outer.data(), std::string("\x1a\x03\x08\x96\x01", 5));
}

TEST(Gzip, ZlibReadsItBack) {
  const std::string text(10'000, 'x');
  const std::string compressed = gzip(text);
  ASSERT_GE(compressed.size(), 2u);
  EXPECT_EQ(compressed.substr(0, 2), "\x1f\x8b");
  EXPECT_LT(compressed.size(), text.size() / 10);
  EXPECT_EQ(test::gunzip(compressed), text);
  EXPECT_EQ(test::gunzip(gzip("")), "");
}

/// The profile's string table, and the string at `index` of it.
struct Strings {
  std::vector<std::string> table;
  const std::string& at(std::uint64_t index) const { return table.at(index); }
};

Strings strings_of(const std::vector<test::WireField>& profile) {
  Strings strings;
  for (const test::WireField& field : fields(profile, 6)) strings.table.push_back(field.bytes);
  return strings;
}

TEST(ProfileBuilder, WritesSampleTypesSamplesLocationsFunctionsAndStrings) {
  ProfileBuilder builder({{"calls", "count"}, {"wall", "nanoseconds"}});
  builder.set_period({"wall", "nanoseconds"}, 1);
  builder.set_default_sample_type("wall");
  builder.set_time(0, 5000);
  builder.add_comment("made by a test");
  const std::uint64_t main_location = builder.location_of({"main", "app.cpp", 10, ""});
  const std::uint64_t parse_location = builder.location_of({"parse", "app.cpp", 20, ""});
  EXPECT_EQ(main_location, 1u);
  EXPECT_EQ(parse_location, 2u);
  EXPECT_EQ(builder.location_of({"main", "app.cpp", 10, ""}), 1u);
  builder.add_sample({main_location}, {1, 300});
  builder.add_sample({parse_location, main_location}, {7, 4700});
  EXPECT_THROW(builder.add_sample({main_location}, {1}), std::invalid_argument);

  const std::vector<test::WireField> profile = read_message(builder.serialize());
  const Strings strings = strings_of(profile);
  ASSERT_FALSE(strings.table.empty());
  EXPECT_EQ(strings.at(0), "");

  const std::vector<test::WireField> types = fields(profile, 1);
  ASSERT_EQ(types.size(), 2u);
  const std::vector<test::WireField> wall = read_message(types[1].bytes);
  EXPECT_EQ(strings.at(fields(wall, 1).at(0).integer), "wall");
  EXPECT_EQ(strings.at(fields(wall, 2).at(0).integer), "nanoseconds");

  const std::vector<test::WireField> samples = fields(profile, 2);
  ASSERT_EQ(samples.size(), 2u);
  const std::vector<test::WireField> second = read_message(samples[1].bytes);
  EXPECT_EQ(packed_values(fields(second, 1).at(0).bytes), (std::vector<std::uint64_t>{2, 1}));
  EXPECT_EQ(packed_values(fields(second, 2).at(0).bytes), (std::vector<std::uint64_t>{7, 4700}));

  // Location 2 is one line of function 2, "parse" at app.cpp:20.
  const std::vector<test::WireField> locations = fields(profile, 4);
  ASSERT_EQ(locations.size(), 2u);
  const std::vector<test::WireField> location = read_message(locations[1].bytes);
  EXPECT_EQ(fields(location, 1).at(0).integer, 2u);
  const std::vector<test::WireField> line = read_message(fields(location, 4).at(0).bytes);
  EXPECT_EQ(fields(line, 1).at(0).integer, 2u);
  EXPECT_EQ(fields(line, 2).at(0).integer, 20u);
  const std::vector<test::WireField> functions = fields(profile, 5);
  ASSERT_EQ(functions.size(), 2u);
  const std::vector<test::WireField> parse = read_message(functions[1].bytes);
  EXPECT_EQ(fields(parse, 1).at(0).integer, 2u);
  EXPECT_EQ(strings.at(fields(parse, 2).at(0).integer), "parse");
  EXPECT_EQ(strings.at(fields(parse, 4).at(0).integer), "app.cpp");
  EXPECT_EQ(fields(parse, 5).at(0).integer, 20u);

  EXPECT_EQ(fields(profile, 10).at(0).integer, 5000u);  // duration_nanos
  EXPECT_EQ(fields(profile, 12).at(0).integer, 1u);     // period
  EXPECT_EQ(strings.at(fields(profile, 13).at(0).integer), "made by a test");
  EXPECT_EQ(strings.at(fields(profile, 14).at(0).integer), "wall");
}

TEST(ReportProfile, OneSamplePerCallPathAndOnePerFunctionThatAllocated) {
  Report report;
  report.wall_ns = 1000;
  report.alloc_tracked = true;
  FunctionRow main_row;
  main_row.name = "main";
  main_row.file = "app.cpp";
  main_row.line = 3;
  report.rows.push_back(main_row);
  CallTreeNode root;
  root.name = "main";
  root.calls = 1;
  root.total_ns = 1000;
  root.self_ns = 400;
  CallTreeNode child;
  child.name = "parse";
  child.parent = 0;
  child.calls = 5;
  child.total_ns = 600;
  child.self_ns = 600;
  report.call_tree = {root, child};
  AllocRow allocated;
  allocated.name = "parse";
  allocated.alloc_count = 5;
  allocated.alloc_bytes = 1280;
  report.alloc_rows.push_back(allocated);

  const std::vector<test::WireField> profile = read_message(test::gunzip(report_profile(report)));
  const Strings strings = strings_of(profile);
  std::vector<std::string> types;
  for (const test::WireField& type : fields(profile, 1))
    types.push_back(strings.at(fields(read_message(type.bytes), 1).at(0).integer));
  EXPECT_EQ(types, (std::vector<std::string>{"calls", "wall", "alloc_objects", "alloc_space"}));

  std::vector<std::vector<std::uint64_t>> stacks;
  std::vector<std::vector<std::uint64_t>> values;
  for (const test::WireField& sample : fields(profile, 2)) {
    const std::vector<test::WireField> message = read_message(sample.bytes);
    stacks.push_back(packed_values(fields(message, 1).at(0).bytes));
    values.push_back(packed_values(fields(message, 2).at(0).bytes));
  }
  // main (location 1), main -> parse (2, 1), parse's allocations (2).
  EXPECT_EQ(stacks, (std::vector<std::vector<std::uint64_t>>{{1}, {2, 1}, {2}}));
  EXPECT_EQ(values, (std::vector<std::vector<std::uint64_t>>{
                        {1, 400, 0, 0}, {5, 600, 0, 0}, {0, 0, 5, 1280}}));
  // main has its row's file and line; parse, with no row, neither.
  const std::vector<test::WireField> main_function = read_message(fields(profile, 5).at(0).bytes);
  EXPECT_EQ(strings.at(fields(main_function, 4).at(0).integer), "app.cpp");
  EXPECT_EQ(fields(main_function, 5).at(0).integer, 3u);
}

}  // namespace
}  // namespace hotpath::pprof
