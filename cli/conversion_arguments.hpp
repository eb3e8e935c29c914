// The command line of the commands that convert one saved file into another format
// (`hotpath pprof`, `hotpath speedscope`): one input file, -o for the output, -h.
#ifndef HOTPATH_CLI_CONVERSION_ARGUMENTS_HPP
#define HOTPATH_CLI_CONVERSION_ARGUMENTS_HPP

#include <string>
#include <string_view>
#include <vector>

namespace hotpath::cli {

/// What a conversion's command line asks.
struct ConversionArguments {
  bool help = false;
  std::string input;
  std::string output;  ///< empty when -o is not given
  std::string error;   ///< the first mistake, without the command's prefix; empty when none
};

/// Parses `arguments` of `command` ("hotpath pprof"); `input_name` ("report") names
/// the input in errors.
ConversionArguments parse_conversion_arguments(const std::vector<std::string>& arguments,
                                               std::string_view command,
                                               std::string_view input_name);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_CONVERSION_ARGUMENTS_HPP
