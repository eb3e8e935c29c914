// The command line of `hotpath filter`: the reports to read, the rule's thresholds
// and where to write the filter file, with the one-line error for each mistake.
#ifndef HOTPATH_CLI_FILTER_OPTIONS_HPP
#define HOTPATH_CLI_FILTER_OPTIONS_HPP

#include <string>
#include <vector>

#include "filter_rule.hpp"

namespace hotpath::cli {

/// Everything `hotpath filter` was asked to do.
struct FilterOptions {
  std::vector<std::string> inputs;  ///< the saved JSON reports, at least one
  FilterRule rule;                  ///< --min-calls, --min-share, --min-ratio, --budget, --guard-ns
  std::string output;               ///< --output; empty for stdout
};

/// The result of parsing: options to run with, a help request, or an error.
struct ParsedFilterCommand {
  bool help = false;
  FilterOptions options;
  std::string error;  ///< a sentence naming the option or operand; empty when fine
};

/// Parses the arguments that follow `hotpath filter`.
ParsedFilterCommand parse_filter_command(const std::vector<std::string>& arguments);

/// The text of `hotpath filter --help`.
std::string filter_help();

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FILTER_OPTIONS_HPP
