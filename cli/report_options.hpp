// The command line of `hotpath report`: the saved report to read, how to show it,
// and where to write it, with the one-line error for each mistake.
#ifndef HOTPATH_CLI_REPORT_OPTIONS_HPP
#define HOTPATH_CLI_REPORT_OPTIONS_HPP

#include <string>
#include <vector>

#include "report_view.hpp"

namespace hotpath::cli {

/// The outputs of `hotpath report`.
enum class ReportFormat { Table, Markdown, Csv, Json };

/// Everything `hotpath report` was asked to do.
struct ReportOptions {
  std::string input;                          ///< the saved JSON report
  ReportFormat format = ReportFormat::Table;  ///< --format
  ViewOptions view;                           ///< --limit, --sort, --focus
  std::string output;                         ///< --output; empty for stdout
};

/// The result of parsing: options to run with, a help request, or an error.
struct ParsedReportCommand {
  bool help = false;
  ReportOptions options;
  std::string error;  ///< a sentence naming the option or operand; empty when fine
};

/// Parses the arguments that follow `hotpath report`.
ParsedReportCommand parse_report_command(const std::vector<std::string>& arguments);

/// The text of `hotpath report --help`.
std::string report_help();

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_REPORT_OPTIONS_HPP
