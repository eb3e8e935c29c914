// The table and Markdown outputs get the view's notes at their end; CSV and JSON
// have no place for them, so there they go to stderr, after the output is written.
#include "report_command.hpp"

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "command_output.hpp"
#include "csv_reporter.hpp"
#include "markdown_reporter.hpp"
#include "report_options.hpp"
#include "report_reader.hpp"
#include "report_view.hpp"
#include "table_drawing.hpp"
#include "view_json.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kPrefix = "hotpath report: ";

int fail(const std::string& message) {
  fmt::print(stderr, "{}{}\n", kPrefix, message);
  return 2;
}

std::string rendered(Reporter& reporter, const Report& report) {
  std::ostringstream out;
  reporter.write(report, out);
  return out.str();
}

// The output, and the notes that belong on stderr rather than in it.
std::string render(const ReportView& view, ReportFormat format,
                   std::vector<std::string>& stderr_notes) {
  switch (format) {
    case ReportFormat::Table: {
      // Cut here so that the table's own note about hidden rows gives way to the
      // view's; the table's note about hidden call paths stays, naming --limit.
      TableReporter reporter("--limit 0");
      std::string text = rendered(reporter, shown_rows_only(view.report));
      for (const std::string& note : view.notes) text += "note: " + note + "\n";
      return text;
    }
    case ReportFormat::Markdown: {
      MarkdownReporter reporter;
      const std::string text = rendered(reporter, shown_rows_only(view.report));
      return view.notes.empty() ? text : text + "\n" + detail::markdown_quote(view.notes);
    }
    case ReportFormat::Csv: {
      CsvReporter reporter;
      stderr_notes = view.notes;
      const Report& report = view.report;
      if (report.alloc_tracked || report.cpu_sampled || !report.coroutine_rows.empty())
        stderr_notes.push_back(
            "the CSV holds the timing rows only; --format markdown or json shows the other "
            "sections");
      return rendered(reporter, report);
    }
    case ReportFormat::Json:
      stderr_notes = view.notes;
      return view_json(view);
  }
  return "";
}

}  // namespace

int run_report_command(const std::vector<std::string>& arguments) {
  ParsedReportCommand parsed = parse_report_command(arguments);
  if (parsed.help) {
    fmt::print("{}", report_help());
    return 0;
  }
  if (!parsed.error.empty()) return fail(parsed.error);
  const ReportOptions& options = parsed.options;

  std::string error;
  const std::optional<SavedReport> saved = read_report_file(options.input, error);
  if (!saved) return fail(error);
  ReportView view;
  if (!make_report_view(*saved, options.view, view, error))
    return fail(options.input + ": " + error);

  std::vector<std::string> stderr_notes;
  const std::string text = render(view, options.format, stderr_notes);
  if (!write_command_output(options.output, text, error)) return fail(error);
  for (const std::string& note : stderr_notes) fmt::print(stderr, "{}note: {}\n", kPrefix, note);
  return 0;
}

}  // namespace hotpath::cli
