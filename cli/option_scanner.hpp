// Splitting a subcommand's arguments into options and operands, for the commands
// that take files (`hotpath report`, `hotpath diff`); `hotpath flamegraph`, whose
// operands are a program's command line, has its own parser. Long options take
// their value as `--name value` or `--name=value`, short ones as `-o value` or
// `-ovalue`; options and operands may come in any order; `--` ends the options.
#ifndef HOTPATH_CLI_OPTION_SCANNER_HPP
#define HOTPATH_CLI_OPTION_SCANNER_HPP

#include <string>
#include <string_view>
#include <vector>

namespace hotpath::cli {

/// An option a command accepts.
struct CommandOption {
  std::string_view name;  ///< long name without the dashes
  char short_name;        ///< 0 when there is none
  const char* expects;    ///< what its value must be, for errors; nullptr for flags
};

/// An option as the command line gives it.
struct GivenOption {
  const CommandOption* option;
  std::string spelled;  ///< as the user wrote it, for errors: "-o", "--limit"
  std::string value;    ///< empty for flags
};

/// The arguments of one command line, sorted out.
struct ScannedArguments {
  std::vector<GivenOption> options;   ///< in the order given
  std::vector<std::string> operands;  ///< the arguments that are not options
  std::string error;                  ///< the first mistake; empty when there is none
};

/// Scans `arguments` against `options`. The option named "help" ends the scan, so
/// that help is shown whatever follows it. `command` ("hotpath report") names the
/// command in the error about an unknown option.
ScannedArguments scan_arguments(const std::vector<std::string>& arguments,
                                const std::vector<CommandOption>& options,
                                std::string_view command);

/// `text` in double quotes, as errors quote what the user wrote.
std::string quoted(std::string_view text);

/// The error about a value an option does not take: "--limit expects a number of
/// rows (...), got "x"".
std::string bad_value(const GivenOption& given);

/// What the options of a command line ask, before its operands are looked at.
struct AppliedOptions {
  bool help = false;
  std::string error;  ///< the first mistake; empty when there is none
};

/// Applies the scanned options in the order given with `apply` (GivenOption -> an
/// error, or "" when the option was taken); a request for help wins over any
/// mistake on the command line.
template <typename Apply>
AppliedOptions apply_options(const ScannedArguments& scanned, Apply apply) {
  AppliedOptions applied;
  for (const GivenOption& given : scanned.options) {
    if (given.option->name == "help") {
      applied.help = true;
      return applied;
    }
  }
  applied.error = scanned.error;
  for (auto given = scanned.options.begin();
       applied.error.empty() && given != scanned.options.end(); ++given)
    applied.error = apply(*given);
  return applied;
}

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_OPTION_SCANNER_HPP
