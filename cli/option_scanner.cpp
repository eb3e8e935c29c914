// A lone "-" is an operand (it is no option), as is everything after "--".
#include "option_scanner.hpp"

#include <cstddef>

namespace hotpath::cli {
namespace {

/// The scan of one command line.
class Scanner {
 public:
  Scanner(const std::vector<std::string>& arguments, const std::vector<CommandOption>& options,
          std::string_view command)
      : arguments_(arguments), options_(options), command_(command) {}

  ScannedArguments scan();

 private:
  bool long_option(std::size_t& index);
  bool short_options(std::size_t& index);
  bool fail(std::string message) {
    result_.error = std::move(message);
    return false;
  }
  bool unknown(std::string_view spelled) {
    return fail("unknown option " + quoted(spelled) + " (see " + std::string(command_) +
                " --help)");
  }
  // Records an option; false when it ends the scan.
  bool given(const CommandOption& option, std::string spelled, std::string value) {
    result_.options.push_back({&option, std::move(spelled), std::move(value)});
    return option.name != "help";
  }

  const std::vector<std::string>& arguments_;
  const std::vector<CommandOption>& options_;
  std::string_view command_;
  ScannedArguments result_;
};

bool Scanner::long_option(std::size_t& index) {
  const std::string& argument = arguments_[index];
  const std::size_t equals = argument.find('=');
  const std::string spelled = argument.substr(0, equals);
  const std::string_view name = std::string_view(spelled).substr(2);
  for (const CommandOption& option : options_) {
    if (option.name != name) continue;
    if (option.expects == nullptr) {
      if (equals != std::string::npos)
        return fail(spelled + " takes no value, got " + quoted(argument));
      return given(option, spelled, "");
    }
    if (equals != std::string::npos) return given(option, spelled, argument.substr(equals + 1));
    if (index + 1 >= arguments_.size()) return fail(spelled + " expects " + option.expects);
    return given(option, spelled, arguments_[++index]);
  }
  return unknown(spelled);
}

bool Scanner::short_options(std::size_t& index) {
  const std::string& argument = arguments_[index];
  for (std::size_t at = 1; at < argument.size(); ++at) {
    const std::string spelled = std::string("-") + argument[at];
    const CommandOption* found = nullptr;
    for (const CommandOption& option : options_)
      if (option.short_name != 0 && option.short_name == argument[at]) found = &option;
    if (found == nullptr) return unknown(at == 1 ? argument : spelled);
    if (found->expects == nullptr) {
      if (!given(*found, spelled, "")) return false;
      continue;
    }
    // The rest of the argument, or else the next argument, is the value.
    if (at + 1 < argument.size()) return given(*found, spelled, argument.substr(at + 1));
    if (index + 1 >= arguments_.size()) return fail(spelled + " expects " + found->expects);
    return given(*found, spelled, arguments_[++index]);
  }
  return true;
}

ScannedArguments Scanner::scan() {
  for (std::size_t index = 0; index < arguments_.size(); ++index) {
    const std::string& argument = arguments_[index];
    if (argument == "--") {
      result_.operands.insert(result_.operands.end(),
                              arguments_.begin() + static_cast<std::ptrdiff_t>(index) + 1,
                              arguments_.end());
      break;
    }
    const bool is_long = argument.size() > 2 && argument.compare(0, 2, "--") == 0;
    const bool is_short = !is_long && argument.size() > 1 && argument[0] == '-';
    if (!is_long && !is_short) {
      result_.operands.push_back(argument);
      continue;
    }
    if (!(is_long ? long_option(index) : short_options(index))) break;
  }
  return result_;
}

}  // namespace

ScannedArguments scan_arguments(const std::vector<std::string>& arguments,
                                const std::vector<CommandOption>& options,
                                std::string_view command) {
  return Scanner(arguments, options, command).scan();
}

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

std::string bad_value(const GivenOption& given) {
  return given.spelled + " expects " + given.option->expects + ", got " + quoted(given.value);
}

}  // namespace hotpath::cli
