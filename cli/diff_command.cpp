// Every report is read and compared before anything is written, so a mistake in
// the second report leaves no output behind. --flamegraph hands over to
// flamegraph_diff.
#include "diff_command.hpp"

#include <optional>
#include <string>

#include <fmt/format.h>

#include "command_output.hpp"
#include "diff_options.hpp"
#include "diff_output.hpp"
#include "flamegraph_diff.hpp"
#include "report_reader.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kPrefix = "hotpath diff: ";

int fail(const std::string& message) {
  fmt::print(stderr, "{}{}\n", kPrefix, message);
  return 2;
}

std::string render(const ReportDiff& diff, DiffFormat format) {
  switch (format) {
    case DiffFormat::Table:
      return render_diff_table(diff);
    case DiffFormat::Markdown:
      return render_diff_markdown(diff);
    case DiffFormat::Json:
      return render_diff_json(diff);
  }
  return "";
}

}  // namespace

int run_diff_command(const std::vector<std::string>& arguments) {
  ParsedDiffCommand parsed = parse_diff_command(arguments);
  if (parsed.help) {
    fmt::print("{}", diff_help());
    return 0;
  }
  if (!parsed.error.empty()) return fail(parsed.error);
  const DiffOptions& options = parsed.options;
  if (options.flamegraph) return run_flamegraph_diff(options);

  std::string error;
  const std::optional<SavedReport> base = read_report_file(options.base, error);
  if (!base) return fail(error);
  const std::optional<SavedReport> head = read_report_file(options.head, error);
  if (!head) return fail(error);
  ReportDiff diff;
  if (!diff_reports(*base, options.base, *head, options.head, options.settings, diff, error))
    return fail(error);

  if (!write_command_output(options.output, render(diff, options.format), error))
    return fail(error);
  // On stderr, after the comparison, so that it is the last thing a reader sees.
  if (diff.unrelated)
    fmt::print(stderr,
               "{}note: {} and {} have no function in common (main aside): they seem to come "
               "from different programs, so every function is new, removed or unknown\n",
               kPrefix, options.base, options.head);
  const bool regressed = diff.count(ChangeKind::Regression) != 0;
  return options.fail_on_regression && regressed ? 1 : 0;
}

}  // namespace hotpath::cli
