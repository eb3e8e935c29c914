// The inputs of `hotpath diff --flamegraph`: formats told from content whatever the
// file's name (folded text, pprof gzipped or not, a JSON report), each one's sample
// types and stacks, the sample type chosen for two of them, and the errors.
#include "flamegraph_diff.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "gzip.hpp"
#include "profile_builder.hpp"
#include "scratch_directory.hpp"

namespace hotpath::cli {
namespace {

class FlamegraphDiffInput : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& bytes) {
    const std::string path = (directory_.path() / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }

  StackFile read(const std::string& path) {
    std::string error;
    std::optional<StackFile> file = StackFile::read(path, error);
    EXPECT_TRUE(file) << error;
    return file ? *file : *StackFile::read(write("fallback", "x 1\n"), error);
  }

  std::string read_error(const std::string& path) {
    std::string error;
    EXPECT_FALSE(StackFile::read(path, error));
    return error;
  }

  // A profile as `hotpath pprof` writes it, or with CPU samples as HOTPATH_PPROF does.
  static std::string profile(bool with_cpu) {
    std::vector<pprof::ValueType> types{{"calls", "count"}, {"wall", "nanoseconds"}};
    if (with_cpu) {
      types.push_back({"samples", "count"});
      types.push_back({"cpu", "nanoseconds"});
    }
    pprof::ProfileBuilder builder(types);
    builder.set_default_sample_type("wall");
    const std::uint64_t main = builder.location_of({"main", "", 0, ""});
    const std::uint64_t work = builder.location_of({"app::work", "", 0, ""});
    std::vector<std::int64_t> values{1, 300};
    if (with_cpu) values.insert(values.end(), {2, 2000});
    builder.add_sample({work, main}, values);
    return pprof::gzip(builder.serialize());
  }

  static std::string go_cpu_profile() {
    pprof::ProfileBuilder builder({{"samples", "count"}, {"cpu", "nanoseconds"}});
    builder.add_sample({builder.location_of({"main.main", "", 0, ""})}, {3, 30000000});
    return pprof::gzip(builder.serialize());
  }

  static constexpr const char* kReport = R"json({"schema_version": 1,
    "functions_timing": {"time_mode": "exclusive", "caller_name": "main", "total_elapsed_ns": 1000,
      "percentiles": [95], "limit": 15, "total_functions": 1,
      "data": [{"name": "main", "signature": "int main()", "calls": 1, "avg_ns": 1000,
        "p95_ns": 1000, "total_ns": 1000, "percent_total": 100,
        "location": {"file": "a.cpp", "line": 1}}]},
    "call_tree": {"node_limit_per_thread": 32768, "nodes": [
      {"name": "main", "parent": null, "calls": 1, "total_ns": 1000, "self_ns": 400},
      {"name": "app::work", "parent": 0, "calls": 5, "total_ns": 600, "self_ns": 600}]}})json";

  test::ScratchDirectory directory_{"flamegraph_diff_test"};
};

TEST_F(FlamegraphDiffInput, TellsFormatsFromContent) {
  const StackFile folded = read(write("stacks.pb.gz", "main;app::work 42\n"));
  EXPECT_EQ(folded.format(), StackFileFormat::Folded);
  EXPECT_TRUE(folded.sample_types().empty());
  EXPECT_EQ(flamegraph::to_folded(folded.stacks(0)), "main;app::work 42\n");

  const StackFile gzipped_folded = read(write("a", pprof::gzip("main;app::work 42\n")));
  EXPECT_EQ(gzipped_folded.format(), StackFileFormat::Folded);

  const StackFile profile_file = read(write("report.json", profile(false)));
  EXPECT_EQ(profile_file.format(), StackFileFormat::Pprof);
  EXPECT_EQ(profile_file.sample_type_names(), "calls, wall");
  EXPECT_EQ(flamegraph::to_folded(profile_file.stacks(1)), "main;app::work 300\n");
  EXPECT_EQ(flamegraph::to_folded(profile_file.stacks(0)), "main;app::work 1\n");

  const StackFile report = read(write("stacks.folded", kReport));
  EXPECT_EQ(report.format(), StackFileFormat::Report);
  EXPECT_EQ(report.sample_type_names(), "wall, calls");
  EXPECT_EQ(report.preferred_sample_type(), 0U);
  EXPECT_EQ(flamegraph::to_folded(report.stacks(0)), "main 400\nmain;app::work 600\n");
  EXPECT_EQ(flamegraph::to_folded(report.stacks(1)), "main 1\nmain;app::work 5\n");
}

TEST_F(FlamegraphDiffInput, AReportWithCoroutinesOffersTheirTree) {
  std::string text = kReport;
  text.pop_back();  // the closing brace
  text += R"json(, "coroutine_tree": {"overflow_instances": 0, "nodes": [
      {"name": "app::client", "parent": null, "instances": 8, "total_ns": 50610000,
       "running_ns": 117590},
      {"name": "app::request", "parent": 0, "instances": 400, "total_ns": 46400000,
       "running_ns": 19100}]}})json";
  const StackFile report = read(write("coroutines.json", text));
  EXPECT_EQ(report.sample_type_names(), "wall, calls, coroutines");
  ASSERT_EQ(report.sample_type_index("coroutines"), 2U);
  EXPECT_EQ(flamegraph::to_folded(report.stacks(2)),
            "app::client 4210000\napp::client;app::request 46400000\n");
}

TEST_F(FlamegraphDiffInput, SaysWhatIsWrong) {
  EXPECT_EQ(read_error(write("empty", " \n")),
            directory_.path().string() + "/empty is empty: it holds no stacks");
  const std::string text = write("notes", "hello world\n");
  EXPECT_EQ(read_error(text), text +
                                  ": unknown format: not folded stacks (line 1: count \"world\" "
                                  "is not a number), a pprof profile or a JSON report");
  const std::string whole = profile(false);
  const std::string cut = write("cut.pb.gz", whole.substr(0, whole.size() - 10));
  EXPECT_EQ(read_error(cut), cut + ": truncated gzip data");
  const std::string missing = (directory_.path() / "missing").string();
  EXPECT_EQ(read_error(missing), "cannot read \"" + missing + "\": No such file or directory");
  const std::string broken = write("broken.json", "{\"schema_version\": 1}");
  EXPECT_NE(read_error(broken).find("functions_timing"), std::string::npos);
}

TEST_F(FlamegraphDiffInput, ChoosesASampleTypeBothHave) {
  const StackFile report = read(write("run.json", kReport));
  const StackFile ours = read(write("ours.pb.gz", profile(false)));
  const StackFile ours_cpu = read(write("cpu.pb.gz", profile(true)));
  const StackFile go = read(write("go.pb.gz", go_cpu_profile()));
  const StackFile folded = read(write("run.folded", "main 5\n"));
  std::string error;

  // Report and profile: wall, the report's and the profile's default.
  std::optional<ChosenSampleType> chosen = choose_sample_type(report, ours_cpu, "", error);
  ASSERT_TRUE(chosen) << error;
  EXPECT_EQ(chosen->type, "wall");
  EXPECT_EQ(chosen->base, 0U);
  EXPECT_EQ(chosen->head, 1U);
  EXPECT_EQ(count_name_of(*chosen), "ns");
  // Two profiles with CPU samples: cpu first.
  chosen = choose_sample_type(ours_cpu, ours_cpu, "", error);
  ASSERT_TRUE(chosen) << error;
  EXPECT_EQ(chosen->type, "cpu");
  EXPECT_EQ(chosen->head, 3U);
  // Asked for.
  chosen = choose_sample_type(report, ours, "calls", error);
  ASSERT_TRUE(chosen) << error;
  EXPECT_EQ(chosen->base, 1U);
  EXPECT_EQ(chosen->head, 0U);
  EXPECT_EQ(count_name_of(*chosen), "calls");
  // Folded and a profile: the profile's preferred type.
  chosen = choose_sample_type(folded, go, "", error);
  ASSERT_TRUE(chosen) << error;
  EXPECT_EQ(chosen->type, "cpu");
  EXPECT_EQ(chosen->base, std::nullopt);
  EXPECT_EQ(chosen->head, 1U);
  // Two folded files: no type at all.
  chosen = choose_sample_type(folded, folded, "", error);
  ASSERT_TRUE(chosen) << error;
  EXPECT_EQ(chosen->type, "");
  EXPECT_EQ(count_name_of(*chosen), "samples");

  EXPECT_FALSE(choose_sample_type(report, go, "", error));
  EXPECT_EQ(error, "no sample type in common: " + report.path() + " has wall, calls, " + go.path() +
                       " has samples, cpu (compare profiles of the same kind, or choose with "
                       "--sample-type)");
  EXPECT_FALSE(choose_sample_type(report, ours_cpu, "cpu", error));
  EXPECT_EQ(error,
            report.path() + " has no sample type \"cpu\" (its JSON report has: wall, calls)");
  EXPECT_FALSE(choose_sample_type(folded, folded, "cpu", error));
  EXPECT_EQ(error, "--sample-type cpu: " + folded.path() + " and " + folded.path() +
                       " are folded stacks, which have no sample types");
}

}  // namespace
}  // namespace hotpath::cli
