// The pprof reader: our own profiles read back (the writer's round trip), a profile
// made by hand the way Go writes them (fields unpacked, inlined lines, the string
// table last), the sample type picked by default, and each kind of bad input.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gunzip.hpp"
#include "gzip.hpp"
#include "profile_builder.hpp"
#include "profile_reader.hpp"
#include "protobuf_reader.hpp"
#include "protobuf_writer.hpp"
#include "report_profile.hpp"

namespace hotpath::pprof {
namespace {

using Frames = std::vector<std::string>;

ReadProfile read_or_fail(std::string_view bytes) {
  std::string error;
  std::optional<ReadProfile> profile = read_profile(bytes, error);
  EXPECT_TRUE(profile) << error;
  return profile ? *profile : ReadProfile{};
}

std::string read_error(std::string_view bytes) {
  std::string error;
  EXPECT_FALSE(read_profile(bytes, error));
  return error;
}

TEST(ProfileReader, ReadsBackWhatTheBuilderWrote) {
  ProfileBuilder builder({{"calls", "count"}, {"wall", "nanoseconds"}});
  builder.set_period({"wall", "nanoseconds"}, 1);
  builder.set_default_sample_type("wall");
  const std::uint64_t main_location = builder.location_of({"main", "app.cpp", 10, ""});
  const std::uint64_t parse_location = builder.location_of({"app::parse", "app.cpp", 20, ""});
  builder.add_sample({main_location}, {1, 300});
  builder.add_sample({parse_location, main_location}, {7, 4700});

  for (const std::string& bytes : {builder.serialize(), gzip(builder.serialize())}) {
    const ReadProfile profile = read_or_fail(bytes);
    ASSERT_EQ(profile.sample_types.size(), 2u);
    EXPECT_EQ(profile.sample_types[0].type, "calls");
    EXPECT_EQ(profile.sample_types[0].unit, "count");
    EXPECT_EQ(profile.sample_types[1].type, "wall");
    EXPECT_EQ(profile.sample_types[1].unit, "nanoseconds");
    EXPECT_EQ(profile.default_sample_type, "wall");
    EXPECT_EQ(profile.period_type.type, "wall");
    EXPECT_EQ(profile.period, 1);
    ASSERT_EQ(profile.samples.size(), 2u);
    EXPECT_EQ(profile.samples[0].frames, Frames{"main"});
    EXPECT_EQ(profile.samples[0].values, (std::vector<std::int64_t>{1, 300}));
    EXPECT_EQ(profile.samples[1].frames, (Frames{"main", "app::parse"}));
    EXPECT_EQ(profile.samples[1].values, (std::vector<std::int64_t>{7, 4700}));
    EXPECT_EQ(profile.preferred_sample_type(), 1u);
    EXPECT_EQ(profile.sample_type_names(), "calls, wall");
  }
}

TEST(ProfileReader, ReadsBackAReportsCallTree) {
  Report report;
  report.wall_ns = 1000;
  CallTreeNode root;
  root.name = "main";
  root.calls = 1;
  root.total_ns = 1000;
  root.self_ns = 400;
  CallTreeNode child;
  child.name = "app::parse";
  child.parent = 0;
  child.calls = 5;
  child.total_ns = 600;
  child.self_ns = 600;
  report.call_tree = {root, child};

  const ReadProfile profile = read_or_fail(report_profile(report));
  ASSERT_TRUE(profile.sample_type_index("wall"));
  const std::size_t wall = *profile.sample_type_index("wall");
  ASSERT_EQ(profile.samples.size(), 2u);
  EXPECT_EQ(profile.samples[1].frames, (Frames{"main", "app::parse"}));
  EXPECT_EQ(profile.samples[1].values.at(wall), 600);
  EXPECT_EQ(profile.samples[0].values.at(wall), 400);
  EXPECT_EQ(profile.preferred_sample_type(), wall);
}

// A CPU profile as Go's runtime/pprof lays it out: sample types samples/count and
// cpu/nanoseconds, location ids one field each, a location whose first line was inlined
// into its second, a location with no line, and the string table at the end.
std::string go_like_profile(bool with_strings = true) {
  const auto value_type = [](std::uint64_t type, std::uint64_t unit) {
    ProtobufWriter message;
    message.integer(1, type);
    message.integer(2, unit);
    return message;
  };
  ProtobufWriter profile;
  profile.message(1, value_type(1, 2));  // samples/count
  profile.message(1, value_type(3, 4));  // cpu/nanoseconds
  ProtobufWriter sample;
  sample.integer(1, 20);  // leaf: inlined helper in compute
  sample.integer(1, 10);  // main.main
  sample.packed(2, {3, 30000000});
  profile.message(2, sample);
  ProtobufWriter unsymbolized;
  unsymbolized.packed(1, {30, 10});
  unsymbolized.packed(2, {1, 10000000});
  profile.message(2, unsymbolized);

  ProtobufWriter main_location;
  main_location.integer(1, 10);
  ProtobufWriter main_line;
  main_line.integer(1, 100);
  main_line.integer(2, 12);
  main_location.message(4, main_line);
  profile.message(4, main_location);
  ProtobufWriter inlined_location;
  inlined_location.integer(1, 20);
  inlined_location.integer(3, 0x401000);
  ProtobufWriter inner_line;
  inner_line.integer(1, 300);
  ProtobufWriter outer_line;
  outer_line.integer(1, 200);
  inlined_location.message(4, inner_line);
  inlined_location.message(4, outer_line);
  profile.message(4, inlined_location);
  ProtobufWriter bare_location;
  bare_location.integer(1, 30);
  bare_location.integer(3, 0x4011d6);
  profile.message(4, bare_location);

  const auto function = [](std::uint64_t id, std::uint64_t name) {
    ProtobufWriter message;
    message.integer(1, id);
    message.integer(2, name);
    return message;
  };
  profile.message(5, function(100, 5));
  profile.message(5, function(200, 6));
  profile.message(5, function(300, 7));
  profile.integer(12, 10000000);  // period
  if (with_strings) {
    for (const char* text :
         {"", "samples", "count", "cpu", "nanoseconds", "main.main", "main.compute", "main.add"})
      profile.bytes(6, text);
  }
  return profile.data();
}

TEST(ProfileReader, ReadsAGoProfile) {
  const ReadProfile profile = read_or_fail(gzip(go_like_profile()));
  EXPECT_EQ(profile.sample_type_names(), "samples, cpu");
  EXPECT_EQ(profile.default_sample_type, "");
  EXPECT_EQ(profile.preferred_sample_type(), 1u);
  ASSERT_EQ(profile.samples.size(), 2u);
  EXPECT_EQ(profile.samples[0].frames, (Frames{"main.main", "main.compute", "main.add"}));
  EXPECT_EQ(profile.samples[0].values, (std::vector<std::int64_t>{3, 30000000}));
  EXPECT_EQ(profile.samples[1].frames, (Frames{"main.main", "0x4011d6"}));
  EXPECT_EQ(profile.period, 10000000);
}

TEST(ProfileReader, PrefersCpuThenSamplesThenTheDefaultThenTheLast) {
  ReadProfile profile;
  EXPECT_EQ(profile.preferred_sample_type(), std::nullopt);
  profile.sample_types = {{"alloc_objects", "count"}, {"alloc_space", "bytes"}};
  EXPECT_EQ(profile.preferred_sample_type(), 1u);
  profile.default_sample_type = "alloc_objects";
  EXPECT_EQ(profile.preferred_sample_type(), 0u);
  profile.sample_types.push_back({"samples", "count"});
  EXPECT_EQ(profile.preferred_sample_type(), 2u);
  profile.sample_types.push_back({"cpu", "nanoseconds"});
  EXPECT_EQ(profile.preferred_sample_type(), 3u);
  EXPECT_EQ(profile.sample_type_index("alloc_space"), 1u);
  EXPECT_EQ(profile.sample_type_index("wall"), std::nullopt);
}

TEST(ProfileReader, SaysWhatIsWrong) {
  EXPECT_EQ(read_error(""), "not a pprof profile: it is empty");
  EXPECT_EQ(read_error("main;parse 12\n").rfind("not a pprof profile: ", 0), 0u);
  EXPECT_EQ(read_error("{\"schema_version\": 1}").rfind("not a pprof profile: ", 0), 0u);
  EXPECT_EQ(read_error(go_like_profile(false)),
            "not a pprof profile: no string table starting with \"\" (every profile has one)");

  const std::string whole = go_like_profile();
  const std::string cut = read_error(whole.substr(0, whole.size() - 3));
  EXPECT_EQ(cut.rfind("truncated pprof profile: field 6 at byte ", 0), 0u) << cut;

  const std::string compressed = gzip(whole);
  EXPECT_EQ(read_error(compressed.substr(0, compressed.size() / 2)), "truncated gzip data");
  std::string corrupt = compressed;
  corrupt[12] = static_cast<char>(corrupt[12] ^ 0x55);
  corrupt[13] = static_cast<char>(corrupt[13] ^ 0x55);
  EXPECT_EQ(read_error(corrupt).rfind("corrupt gzip data", 0), 0u);

  ProtobufWriter missing;
  ProtobufWriter sample;
  sample.packed(1, {9});
  sample.packed(2, {1});
  ProtobufWriter type;
  type.integer(1, 1);
  missing.message(1, type);
  missing.message(2, sample);
  missing.bytes(6, "");
  missing.bytes(6, "samples");
  EXPECT_EQ(read_error(missing.data()),
            "not a pprof profile: sample 1 names location 9, which the profile does not have");

  ProtobufWriter short_sample;
  short_sample.packed(2, {1, 2});
  ProtobufWriter mismatched;
  mismatched.message(1, type);
  mismatched.message(2, short_sample);
  mismatched.bytes(6, "");
  mismatched.bytes(6, "samples");
  EXPECT_EQ(read_error(mismatched.data()),
            "not a pprof profile: sample 1 has 2 values for 1 sample types");
}

TEST(ProfileReader, NamesTheFile) {
  std::string error;
  EXPECT_FALSE(read_profile_file("/nonexistent/x.pb.gz", error));
  EXPECT_EQ(error, "cannot read \"/nonexistent/x.pb.gz\": No such file or directory");
  // A directory opens as a stream that reads nothing: refused by name, not taken
  // for an empty profile.
  EXPECT_FALSE(read_profile_file("/", error));
  EXPECT_EQ(error, "cannot read \"/\": it is a directory");
}

TEST(ProtobufReader, SkipsFixedSizeFieldsAndRefusesGroups) {
  // Field 1 fixed64, field 2 fixed32, field 3 varint 5.
  const std::string fixed("\x09\x01\0\0\0\0\0\0\0\x15\x02\0\0\0\x18\x05", 16);
  const std::vector<ProtobufField> fields = read_fields(fixed);
  ASSERT_EQ(fields.size(), 3u);
  EXPECT_EQ(fields[0].integer, 1u);
  EXPECT_EQ(fields[1].integer, 2u);
  EXPECT_EQ(fields[2].number, 3u);
  EXPECT_EQ(fields[2].integer, 5u);
  EXPECT_THROW(read_fields("\x0b"), ProtobufError);  // start group
  EXPECT_THROW(read_fields("\x08\x80"), ProtobufError);
}

TEST(Gunzip, ReadsConcatenatedMembers) {
  std::string error;
  const std::optional<std::string> text = gunzip(gzip("main;a 1\n") + gzip("main;b 2\n"), error);
  ASSERT_TRUE(text) << error;
  EXPECT_EQ(*text, "main;a 1\nmain;b 2\n");
  EXPECT_TRUE(is_gzip(gzip("")));
  EXPECT_FALSE(is_gzip("{}"));
}

}  // namespace
}  // namespace hotpath::pprof
