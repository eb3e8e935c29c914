// The option table of `hotpath report` and what each value must be. The --focus
// pattern is compiled here, so that a pattern that is no regular expression is a
// command line error, reported before the report is read.
#include "report_options.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <regex>

#include "number_arguments.hpp"
#include "option_scanner.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kCommand = "hotpath report";
constexpr const char* kUsageLine = "hotpath report [options] REPORT.json";

const std::vector<CommandOption>& report_command_options() {
  static const std::vector<CommandOption> options = {
      {"format", 0, "one of table, markdown, csv, json"},
      {"limit", 0, "a number of rows (a whole number, 0 for all)"},
      {"sort", 0, "one of total, avg, calls or a percentile such as p95"},
      {"focus", 0, "a regular expression (ECMAScript)"},
      {"output", 'o', "a file name"},
      {"help", 'h', nullptr},
  };
  return options;
}

std::optional<ReportFormat> parse_format(const std::string& text) {
  if (text == "table") return ReportFormat::Table;
  if (text == "markdown") return ReportFormat::Markdown;
  if (text == "csv") return ReportFormat::Csv;
  if (text == "json") return ReportFormat::Json;
  return std::nullopt;
}

// Applies one option; an error message, or empty.
std::string apply(const GivenOption& given, ReportOptions& options) {
  const std::string_view name = given.option->name;
  const std::string& value = given.value;
  if (name == "format") {
    const std::optional<ReportFormat> format = parse_format(value);
    if (!format) return bad_value(given);
    options.format = *format;
  } else if (name == "limit") {
    const std::optional<std::uint64_t> limit = parse_count(value);
    if (!limit) return bad_value(given);
    options.view.limit = static_cast<std::size_t>(*limit);
  } else if (name == "sort") {
    const std::optional<RowOrder> order = parse_row_order(value);
    if (!order) return bad_value(given);
    options.view.order = *order;
  } else if (name == "focus") {
    try {
      options.view.focus.emplace(value, std::regex::ECMAScript);
    } catch (const std::regex_error& error) {
      return bad_value(given) + ": " + error.what();
    }
    options.view.focus_pattern = value;
  } else if (name == "output") {
    if (value.empty()) return bad_value(given);
    options.output = value;
  }
  return "";
}

}  // namespace

ParsedReportCommand parse_report_command(const std::vector<std::string>& arguments) {
  ParsedReportCommand parsed;
  const ScannedArguments scanned = scan_arguments(arguments, report_command_options(), kCommand);
  const AppliedOptions applied = apply_options(
      scanned, [&](const GivenOption& given) { return apply(given, parsed.options); });
  parsed.help = applied.help;
  parsed.error = applied.error;
  if (parsed.help || !parsed.error.empty()) return parsed;
  if (scanned.operands.empty()) {
    parsed.error = std::string("no report to read (usage: ") + kUsageLine + ")";
  } else if (scanned.operands.size() > 1) {
    parsed.error = "one report at a time: got " + quoted(scanned.operands[0]) + " and " +
                   quoted(scanned.operands[1]) + " (hotpath diff compares two)";
  } else {
    parsed.options.input = scanned.operands.front();
  }
  return parsed;
}

std::string report_help() {
  return std::string(
             "Shows a saved JSON report again: as a table, Markdown, CSV or JSON, sorted,\n"
             "limited, or focused on some functions.\n"
             "\n"
             "Usage: ") +
         kUsageLine +
         "\n"
         "\n"
         "The report is what a measured program writes with HOTPATH_OUTPUT_FORMAT=json\n"
         "(and HOTPATH_OUTPUT_PATH=FILE). It holds the rows shown when it was written:\n"
         "record with HOTPATH_LIMIT=0 to keep them all.\n"
         "\n"
         "Options:\n"
         "      --format FORMAT  table (default), markdown (GitHub tables), csv (the timing\n"
         "                       rows) or json (the report's own format)\n"
         "      --limit N        rows per section and hottest call-tree paths, 0 for all\n"
         "                       (default: the saved report's)\n"
         "      --sort KEY       order of the timing rows, largest first: total (default),\n"
         "                       avg, calls, or one of the report's percentiles (p95, p99.9)\n"
         "      --focus REGEX    only the functions whose name REGEX matches (ECMAScript,\n"
         "                       anywhere in the name); in the call tree also their callers\n"
         "                       and callees\n"
         "  -o, --output FILE    write to FILE (replaced whole) instead of stdout\n"
         "  -h, --help           this help\n"
         "\n"
         "Exit status: 0; 2 when the command line or the report is wrong, or the output\n"
         "cannot be written (one line on stderr says why, and no file is written).\n";
}

}  // namespace hotpath::cli
