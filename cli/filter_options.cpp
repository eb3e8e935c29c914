// The option table of `hotpath filter` and what each value must be.
#include "filter_options.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>

#include "number_arguments.hpp"
#include "option_scanner.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kCommand = "hotpath filter";
constexpr const char* kUsageLine = "hotpath filter [options] REPORT.json [MORE.json ...]";

const std::vector<CommandOption>& filter_command_options() {
  static const std::vector<CommandOption> options = {
      {"min-calls", 0, "a number of calls (a whole number)"},
      {"min-share", 0, "a percentage of the run's wall time, such as 1 or 0.5%"},
      {"min-ratio", 0, "a ratio of guard cost to the function's own time, such as 0.25"},
      {"budget", 0, "a percentage of the run's wall time, such as 2 or 0.5%"},
      {"guard-ns", 0, "a guard's cost per call in nanoseconds, such as 25"},
      {"output", 'o', "a file name"},
      {"help", 'h', nullptr},
  };
  return options;
}

/// A finite number, 0 or more ("0.25", "25").
std::optional<double> parse_non_negative(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, failure] = std::from_chars(text.data(), end, value);
  if (text.empty() || failure != std::errc() || stop != end || !std::isfinite(value) || value < 0)
    return std::nullopt;
  return value;
}

// Applies one option; an error message, or empty.
std::string apply(const GivenOption& given, FilterOptions& options) {
  const std::string_view name = given.option->name;
  const std::string& value = given.value;
  if (name == "min-calls") {
    const std::optional<std::uint64_t> calls = parse_count(value);
    if (!calls) return bad_value(given);
    options.rule.min_calls = *calls;
  } else if (name == "min-share") {
    const std::optional<double> share = parse_percentage(value);
    if (!share) return bad_value(given);
    options.rule.min_share_percent = *share;
  } else if (name == "min-ratio") {
    const std::optional<double> ratio = parse_non_negative(value);
    if (!ratio) return bad_value(given);
    options.rule.min_ratio = *ratio;
  } else if (name == "budget") {
    const std::optional<double> budget = parse_percentage(value);
    if (!budget) return bad_value(given);
    options.rule.budget_percent = *budget;
  } else if (name == "guard-ns") {
    const std::optional<double> cost = parse_non_negative(value);
    if (!cost || *cost == 0) return bad_value(given);
    options.rule.default_guard_ns = *cost;
    options.rule.guard_ns_given = true;
  } else if (name == "output") {
    if (value.empty()) return bad_value(given);
    options.output = value;
  }
  return "";
}

}  // namespace

ParsedFilterCommand parse_filter_command(const std::vector<std::string>& arguments) {
  ParsedFilterCommand parsed;
  const ScannedArguments scanned = scan_arguments(arguments, filter_command_options(), kCommand);
  const AppliedOptions applied = apply_options(
      scanned, [&](const GivenOption& given) { return apply(given, parsed.options); });
  parsed.help = applied.help;
  parsed.error = applied.error;
  if (parsed.help || !parsed.error.empty()) return parsed;
  if (scanned.operands.empty()) {
    parsed.error = std::string("no report to read (usage: ") + kUsageLine + ")";
  } else {
    parsed.options.inputs = scanned.operands;
  }
  return parsed;
}

std::string filter_help() {
  return std::string(
             "Lists the functions whose guards distort a run, as a filter file: built\n"
             "again with it, measure-all leaves them out (CMake: hotpath_instrument(...\n"
             "FILTER file); the plugin: -fplugin-arg-hotpath-filter=file;\n"
             "clang-hotpath-rewrite --filter-file=file).\n"
             "\n"
             "Usage: ") +
         kUsageLine +
         "\n"
         "\n"
         "The reports are what a measured program writes with HOTPATH_OUTPUT_FORMAT=json\n"
         "(record with HOTPATH_LIMIT=0 to keep every row); several are merged by\n"
         "signature. A function may be listed when all of these hold:\n"
         "  calls >= --min-calls\n"
         "  guard cost (what its calls' guards add to the calls around them) >=\n"
         "    --min-share of the wall time of a run (a report)\n"
         "  guard cost >= --min-ratio x the function's own time (its total)\n"
         "Of those, the largest guard costs are listed, each while the guards left in\n"
         "a run that calls it cost more than --budget of that run's wall time, until\n"
         "no run's do: each run keeps within the budget on its own. A timed call's\n"
         "guard costs the report's compensation.per_nested_call_ns, a call adaptive\n"
         "timing or time sampling left untimed its per_untimed_call_ns; every call\n"
         "25 ns in a report without compensation figures, or --guard-ns in every\n"
         "report.\n"
         "\n"
         "Options:\n"
         "      --min-calls N    default 10000\n"
         "      --min-share PCT  default 0.01 (percent of a run's wall time)\n"
         "      --min-ratio R    default 0 (any)\n"
         "      --budget PCT     default 2 (percent of each run's wall time)\n"
         "      --guard-ns NS    a guard's cost per call for every report (default: the\n"
         "                       report's compensation figure, 25 for reports without one)\n"
         "  -o, --output FILE    write to FILE (replaced whole) instead of stdout\n"
         "  -h, --help           this help\n"
         "\n"
         "Exit status: 0; 2 when the command line or a report is wrong, or the output\n"
         "cannot be written (one line on stderr says why, and no file is written).\n";
}

}  // namespace hotpath::cli
