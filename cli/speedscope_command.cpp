// `hotpath speedscope` (speedscope_command.hpp): a trace becomes an evented profile
// per thread, a report its call tree as one sampled profile; which one the file is
// is told by its content.
#include "speedscope_command.hpp"

#include <optional>

#include <fmt/format.h>

#include "command_output.hpp"
#include "conversion_arguments.hpp"
#include "input_file.hpp"
#include "report_reader.hpp"
#include "speedscope_document.hpp"
#include "trace_timeline.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kPrefix = "hotpath speedscope: ";

int fail(const std::string& message) {
  fmt::print(stderr, "{}{}\n", kPrefix, message);
  return 2;
}

}  // namespace

std::string speedscope_help() {
  return "Usage: hotpath speedscope TRACE.json|REPORT.json [-o PROFILE.json]\n"
         "\n"
         "Writes a saved trace (HOTPATH_TRACE) or JSON report (HOTPATH_OUTPUT_FORMAT=json)\n"
         "in speedscope's file format (https://www.speedscope.app): a trace as one evented\n"
         "profile per thread, each measured call a frame; a report as its call tree, one\n"
         "sampled profile whose stacks are the call paths, each weighing its self time.\n"
         "HOTPATH_SPEEDSCOPE=PROFILE.json writes the timeline (and, with hotpath-cpu, the\n"
         "CPU samples) when the program's report is made.\n"
         "\n"
         "Options:\n"
         "  -o, --output FILE  where to write the profile (default: stdout)\n"
         "  -h, --help         this help\n";
}

int run_speedscope_command(const std::vector<std::string>& arguments) {
  const ConversionArguments parsed =
      parse_conversion_arguments(arguments, "hotpath speedscope", "file");
  if (parsed.help) {
    fmt::print("{}", speedscope_help());
    return 0;
  }
  if (!parsed.error.empty()) return fail(parsed.error);
  const std::string& input = parsed.input;
  const std::string& output = parsed.output;
  if (input.empty()) return fail("no trace or report given (hotpath speedscope FILE.json)");

  std::string error;
  const std::optional<std::string> text = detail::read_input_file(input, error);
  if (!text) return fail(error);
  std::string document;
  if (looks_like_trace(*text)) {
    const std::optional<SpeedscopeInput> timeline = read_trace_timeline(*text, input, error);
    if (!timeline) return fail(error);
    document = speedscope_document(*timeline);
  } else {
    const std::optional<SavedReport> saved = read_report_file(input, error);
    if (!saved) return fail(error + " (nor is it a trace)");
    if (saved->report.call_tree.empty()) return fail(input + ": the report has no call tree");
    SpeedscopeInput tree;
    tree.name = input;
    tree.call_tree = &saved->report;
    document = speedscope_document(tree);
  }
  if (!write_command_output(output, document, error)) return fail(error);
  return 0;
}

}  // namespace hotpath::cli
