// The filter file starts with the rule and the figures it was applied with, as `#`
// comments, then one entry per function with its own figures above it.
#include "filter_command.hpp"

#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "command_output.hpp"
#include "filter_options.hpp"
#include "filter_rule.hpp"
#include "report_reader.hpp"
#include "units.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kPrefix = "hotpath filter: ";

int fail(const std::string& message) {
  fmt::print(stderr, "{}{}\n", kPrefix, message);
  return 2;
}

std::string filter_text(const FilterOptions& options, const MergedRuns& runs,
                        const std::vector<std::string>& guard_costs,
                        const std::vector<FilterCandidate>& listed) {
  const FilterRule& rule = options.rule;
  std::string text = "# Written by hotpath filter from";
  for (const std::string& input : options.inputs) text += " " + input;
  text += fmt::format(
      "\n# Rule: at least {} calls, and guards costing at least {}% of the run's wall time\n"
      "# ({}) and at least {}x the function's own time.\n",
      rule.min_calls, rule.min_share_percent, detail::format_duration(runs.wall_ns),
      rule.min_ratio);
  for (const std::string& cost : guard_costs) text += "# " + cost + "\n";
  text += fmt::format("# {} of {} functions listed.\n", listed.size(), runs.functions.size());
  for (const FilterCandidate& function : listed)
    text += describe_candidate(function, runs.wall_ns) + "\n" + function.signature + "\n";
  return text;
}

}  // namespace

int run_filter_command(const std::vector<std::string>& arguments) {
  const ParsedFilterCommand parsed = parse_filter_command(arguments);
  if (parsed.help) {
    fmt::print("{}", filter_help());
    return 0;
  }
  if (!parsed.error.empty()) return fail(parsed.error);
  const FilterOptions& options = parsed.options;

  MergedRuns runs;
  std::vector<std::string> guard_costs;
  std::vector<std::string> notes;
  for (const std::string& input : options.inputs) {
    std::string error;
    const std::optional<SavedReport> saved = read_report_file(input, error);
    if (!saved) return fail(error);
    merge_report(saved->report, options.rule, runs);
    const bool measured = !options.rule.guard_ns_given && saved->report.compensation.enabled &&
                          saved->report.compensation.per_nested_call_ns > 0;
    guard_costs.push_back(fmt::format("{}: guard cost {:.2f} ns a call ({})", input,
                                      guard_cost_per_call(saved->report, options.rule),
                                      measured ? "the report's compensation.per_nested_call_ns"
                                      : options.rule.guard_ns_given
                                          ? "--guard-ns"
                                          : "no compensation figures: default"));
    if (saved->timing_truncated())
      notes.push_back(fmt::format(
          "{} holds {} of its {} functions (written with a row limit): the others are not "
          "considered; record with HOTPATH_LIMIT=0",
          input, saved->report.rows.size(), saved->timing_functions));
  }
  const std::vector<FilterCandidate> listed = select_filtered(runs, options.rule);
  std::string error;
  if (!write_command_output(options.output, filter_text(options, runs, guard_costs, listed), error))
    return fail(error);
  for (const std::string& note : notes) fmt::print(stderr, "{}note: {}\n", kPrefix, note);
  return 0;
}

}  // namespace hotpath::cli
