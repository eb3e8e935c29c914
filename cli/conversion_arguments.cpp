// Parsing a conversion's command line (conversion_arguments.hpp).
#include "conversion_arguments.hpp"

#include "option_scanner.hpp"

namespace hotpath::cli {

ConversionArguments parse_conversion_arguments(const std::vector<std::string>& arguments,
                                               std::string_view command,
                                               std::string_view input_name) {
  static const std::vector<CommandOption> kOptions = {
      {"output", 'o', "a file name"},
      {"help", 'h', nullptr},
  };
  ConversionArguments parsed;
  const ScannedArguments scanned = scan_arguments(arguments, kOptions, command);
  const AppliedOptions applied = apply_options(scanned, [&](const GivenOption& given) {
    parsed.output = given.value;
    return std::string();
  });
  parsed.help = applied.help;
  parsed.error = applied.error;
  if (parsed.help || !parsed.error.empty()) return parsed;
  if (scanned.operands.size() > 1) {
    parsed.error = "one " + std::string(input_name) + " at a time: " + scanned.operands[0] +
                   " and " + scanned.operands[1] + " given";
  } else if (!scanned.operands.empty()) {
    parsed.input = scanned.operands.front();
  }
  return parsed;
}

}  // namespace hotpath::cli
