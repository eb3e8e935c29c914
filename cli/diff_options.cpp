// The option table of `hotpath diff` and what each value must be.
#include "diff_options.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "number_arguments.hpp"
#include "option_scanner.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kCommand = "hotpath diff";
constexpr const char* kUsageLine = "hotpath diff [options] BASE.json HEAD.json";
constexpr const char* kFlamegraphUsageLine =
    "hotpath diff --flamegraph [options] BASE HEAD -o diff.svg";

// The options of the table only, and of the flame graph only: given with the other
// kind, they would be silently ignored.
constexpr std::string_view kTableOnly[] = {"threshold", "min-calls", "metric", "format",
                                           "fail-on-regression"};
constexpr std::string_view kFlamegraphOnly[] = {"sample-type", "no-normalize", "negate", "title"};

const std::vector<CommandOption>& diff_command_options() {
  static const std::vector<CommandOption> options = {
      {"threshold", 0, "a percentage such as 10%"},
      {"min-calls", 0, "a number of calls (a whole number)"},
      {"metric", 0,
       "one of avg, total, alloc, wait, resumes, running, suspended or a percentile such as "
       "p95"},
      {"format", 0, "one of table, markdown, json"},
      {"fail-on-regression", 0, nullptr},
      {"flamegraph", 0, nullptr},
      {"sample-type", 0, "a sample type's name, such as wall, calls or cpu"},
      {"no-normalize", 0, nullptr},
      {"negate", 0, nullptr},
      {"title", 0, "a text"},
      {"output", 'o', "a file name"},
      {"help", 'h', nullptr},
  };
  return options;
}

std::optional<DiffFormat> parse_format(const std::string& text) {
  if (text == "table") return DiffFormat::Table;
  if (text == "markdown") return DiffFormat::Markdown;
  if (text == "json") return DiffFormat::Json;
  return std::nullopt;
}

// Applies one option; an error message, or empty.
std::string apply(const GivenOption& given, DiffOptions& options) {
  const std::string_view name = given.option->name;
  const std::string& value = given.value;
  if (name == "fail-on-regression") {
    options.fail_on_regression = true;
    return "";
  }
  if (name == "flamegraph") {
    options.flamegraph = true;
    return "";
  }
  if (name == "no-normalize") {
    options.normalize = false;
    return "";
  }
  if (name == "negate") {
    options.negate = true;
    return "";
  }
  if (name == "sample-type") {
    if (value.empty()) return bad_value(given);
    options.sample_type = value;
  } else if (name == "title") {
    options.title = value;
  } else if (name == "threshold") {
    const std::optional<double> threshold = parse_percentage(value);
    if (!threshold) return bad_value(given);
    options.settings.threshold_percent = *threshold;
  } else if (name == "min-calls") {
    const std::optional<std::uint64_t> calls = parse_count(value);
    if (!calls) return bad_value(given);
    options.settings.min_calls = *calls;
  } else if (name == "metric") {
    const std::optional<DiffMetric> metric = parse_diff_metric(value);
    if (!metric) return bad_value(given);
    options.settings.metric = *metric;
  } else if (name == "format") {
    const std::optional<DiffFormat> format = parse_format(value);
    if (!format) return bad_value(given);
    options.format = *format;
  } else if (name == "output") {
    if (value.empty()) return bad_value(given);
    options.output = value;
  }
  return "";
}

bool is_one_of(std::string_view name, const std::string_view* begin, const std::string_view* end) {
  return std::find(begin, end, name) != end;
}

// An option given that does not go with the output asked for; empty when none.
std::string misplaced_option(const ScannedArguments& scanned, bool flamegraph) {
  for (const GivenOption& given : scanned.options) {
    const std::string_view name = given.option->name;
    if (flamegraph && is_one_of(name, std::begin(kTableOnly), std::end(kTableOnly)))
      return given.spelled + " compares the table of functions, not --flamegraph";
    if (!flamegraph && is_one_of(name, std::begin(kFlamegraphOnly), std::end(kFlamegraphOnly)))
      return given.spelled + " needs --flamegraph (a differential flame graph)";
  }
  return "";
}

}  // namespace

ParsedDiffCommand parse_diff_command(const std::vector<std::string>& arguments) {
  ParsedDiffCommand parsed;
  const ScannedArguments scanned = scan_arguments(arguments, diff_command_options(), kCommand);
  const AppliedOptions applied = apply_options(
      scanned, [&](const GivenOption& given) { return apply(given, parsed.options); });
  parsed.help = applied.help;
  parsed.error = applied.error;
  if (parsed.help || !parsed.error.empty()) return parsed;
  const bool flamegraph = parsed.options.flamegraph;
  parsed.error = misplaced_option(scanned, flamegraph);
  if (!parsed.error.empty()) return parsed;
  if (scanned.operands.size() != 2) {
    parsed.error = std::string(flamegraph ? "expects two profiles" : "expects two reports") +
                   ", base and head, got " + std::to_string(scanned.operands.size()) +
                   " (usage: " + (flamegraph ? kFlamegraphUsageLine : kUsageLine) + ")";
    return parsed;
  }
  parsed.options.base = scanned.operands[0];
  parsed.options.head = scanned.operands[1];
  return parsed;
}

std::string diff_help() {
  return std::string(
             "Compares two saved JSON reports function by function: what got slower, what\n"
             "got faster, what is new and what is gone; or, with --flamegraph, draws two\n"
             "profiles as a differential flame graph.\n"
             "\n"
             "Usage: ") +
         kUsageLine + "\n       " + kFlamegraphUsageLine +
         "\n"
         "\n"
         "Functions are matched by name. A function whose value grew by more than the\n"
         "threshold is a regression, one whose value shrank by more is an improvement. A\n"
         "report written with a row limit holds only its first rows: a function missing\n"
         "from it is unknown rather than new or removed (record with HOTPATH_LIMIT=0).\n"
         "Reports with no function in common but main seem to come from different\n"
         "programs: a note on stderr says so.\n"
         "\n"
         "Options:\n"
         "      --metric METRIC       what to compare: avg (time per call, the default), total\n"
         "                            (time of all calls), one of both reports' percentiles\n"
         "                            (p95, p99.9), alloc (bytes allocated per call; needs\n"
         "                            reports of programs linked with hotpath-alloc), wait\n"
         "                            (time blocked per call; needs hotpath-wait), or\n"
         "                            resumes, running or suspended (a coroutine's resumes,\n"
         "                            running or suspended time, over all its instances)\n"
         "      --threshold PERCENT   smallest change that counts (default: 10%)\n"
         "      --min-calls N         ignore functions with fewer than N calls in either report\n"
         "      --format FORMAT       table (default), markdown (a pull request comment) or json\n"
         "      --fail-on-regression  exit with status 1 when there is a regression\n"
         "  -o, --output FILE         write to FILE (replaced whole) instead of stdout\n"
         "  -h, --help                this help\n"
         "\n"
         "Differential flame graph (--flamegraph):\n"
         "  BASE and HEAD are each folded stacks (`a;b;c 42` lines, as flamegraph.pl,\n"
         "  inferno and perf collapse write them), a pprof profile, gzipped or not (from\n"
         "  hotpath pprof, HOTPATH_PPROF or Go), or a saved JSON report (its call tree),\n"
         "  told apart by their content. HEAD is drawn; each frame is red when its self\n"
         "  value grew from BASE, blue when it shrank, white when unchanged, deeper the\n"
         "  larger the change; pure red frames are new. Frames only in BASE are not drawn\n"
         "  (the legend says how many). Tooltips give both values and the change in %.\n"
         "      --sample-type TYPE    what to compare: a sample type both inputs have, such\n"
         "                            as wall, calls or coroutines (JSON reports), wall,\n"
         "                            calls, cpu or samples (hotpath pprof), cpu or samples\n"
         "                            (Go); default: cpu, samples, then the profiles'\n"
         "                            default (wall for reports)\n"
         "      --no-normalize        compare raw values; by default BASE is scaled to\n"
         "                            HEAD's total first, so that red means a larger share\n"
         "      --negate              draw BASE instead (frames only in HEAD not drawn,\n"
         "                            frames gone from HEAD pure blue)\n"
         "      --title TEXT          the graph's title (default: Differential Flame Graph)\n"
         "\n"
         "Exit status: 0; 1 with --fail-on-regression when a function regressed; 2 when\n"
         "the command line or a report is wrong, or the output cannot be written (one\n"
         "line on stderr says why, and no file is written).\n";
}

}  // namespace hotpath::cli
