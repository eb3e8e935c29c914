// `hotpath pprof` (pprof_command.hpp): the report read back, converted by
// hotpath_pprof, written whole or not at all. A gzipped profile is binary: it
// needs -o, rather than going to a terminal.
#include "pprof_command.hpp"

#include <exception>
#include <optional>

#include <fmt/format.h>

#include "command_output.hpp"
#include "conversion_arguments.hpp"
#include "report_profile.hpp"
#include "report_reader.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kPrefix = "hotpath pprof: ";

int fail(const std::string& message) {
  fmt::print(stderr, "{}{}\n", kPrefix, message);
  return 2;
}

}  // namespace

std::string pprof_help() {
  return "Usage: hotpath pprof REPORT.json -o PROFILE.pb.gz\n"
         "\n"
         "Writes a saved JSON report (HOTPATH_OUTPUT_FORMAT=json) as a gzipped pprof\n"
         "profile, which `go tool pprof`, Grafana Pyroscope, Parca and Polar Signals read:\n"
         "the measured call tree (sample types calls/count and wall/nanoseconds, each\n"
         "path's calls and self time) and each function's allocations\n"
         "(alloc_objects/count, alloc_space/bytes) when the report has them.\n"
         "HOTPATH_PPROF=PROFILE.pb.gz writes the same when the program's report is made.\n"
         "\n"
         "Options:\n"
         "  -o, --output FILE  where to write the profile (required)\n"
         "  -h, --help         this help\n";
}

int run_pprof_command(const std::vector<std::string>& arguments) {
  const ConversionArguments parsed =
      parse_conversion_arguments(arguments, "hotpath pprof", "report");
  if (parsed.help) {
    fmt::print("{}", pprof_help());
    return 0;
  }
  if (!parsed.error.empty()) return fail(parsed.error);
  const std::string& input = parsed.input;
  const std::string& output = parsed.output;
  if (input.empty()) return fail("no report given (hotpath pprof REPORT.json -o FILE)");
  if (output.empty()) return fail("no output file given: -o FILE (a profile is binary)");

  std::string error;
  const std::optional<SavedReport> saved = read_report_file(input, error);
  if (!saved) return fail(error);
  std::string profile;
  try {
    profile = pprof::report_profile(saved->report);
  } catch (const std::exception& failure) {
    return fail(failure.what());
  }
  if (!write_command_output(output, profile, error)) return fail(error);
  return 0;
}

}  // namespace hotpath::cli
