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
                        const FilterSelection& selection) {
  const FilterRule& rule = options.rule;
  std::string text = "# Written by hotpath filter from";
  for (const std::string& input : options.inputs) text += " " + input;
  const std::string ratio =
      rule.min_ratio > 0 ? fmt::format(" and at least {}x their own time", rule.min_ratio) : "";
  text += fmt::format(
      "\n# Rule: of the functions of at least {} calls whose guards cost at least {}% of a\n"
      "# run's wall time{},\n"
      "# the largest guard costs, while the guards left in a run that calls them cost\n"
      "# more than {}% of its wall time.\n",
      rule.min_calls, rule.min_share_percent, ratio, rule.budget_percent);
  for (std::size_t run = 0; run < runs.runs.size(); ++run) {
    const std::uint64_t wall = runs.runs[run].wall_ns;
    text += fmt::format("# {}; run {}, guards {} of it, {} left\n", guard_costs[run],
                        detail::format_duration(wall), share_of_run(runs.runs[run].guard_ns, wall),
                        share_of_run(selection.guard_ns_left[run], wall));
  }
  text +=
      fmt::format("# {} of {} functions listed.\n", selection.listed.size(), runs.functions.size());
  for (const FilterCandidate& function : selection.listed)
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
    const GuardCosts costs = cli::guard_costs(saved->report, options.rule);
    guard_costs.push_back(
        fmt::format("{}: guard cost {:.2f} ns a call ({})", input, costs.timed_ns, costs.source));
    if (saved->timing_truncated())
      notes.push_back(fmt::format(
          "{} holds {} of its {} functions (written with a row limit): the others are not "
          "considered; record with HOTPATH_LIMIT=0",
          input, saved->report.rows.size(), saved->timing_functions));
  }
  const FilterSelection selection = select_filtered(runs, options.rule);
  // A run left over its budget: what is left is in functions the rule may not
  // list, which the person can let in.
  for (std::size_t run = 0; run < runs.runs.size(); ++run) {
    if (!selection.over_budget(run)) continue;
    // Two decimals: a share just over the budget must not read as the budget.
    const double left_percent =
        100 * selection.guard_ns_left[run] / static_cast<double>(runs.runs[run].wall_ns);
    notes.push_back(fmt::format(
        "{}: the guards left cost {:.2f}% of its run, over the {}% budget: the rest is in "
        "functions that --min-calls ({}), --min-share ({}%) or --min-ratio ({}) keep off the list",
        options.inputs[run], left_percent, options.rule.budget_percent, options.rule.min_calls,
        options.rule.min_share_percent, options.rule.min_ratio));
  }
  std::string error;
  if (!write_command_output(options.output, filter_text(options, runs, guard_costs, selection),
                            error))
    return fail(error);
  for (const std::string& note : notes) fmt::print(stderr, "{}note: {}\n", kPrefix, note);
  return 0;
}

}  // namespace hotpath::cli
