// The numbers the report commands take as option values: a row or call count, and
// a percentage.
#ifndef HOTPATH_CLI_NUMBER_ARGUMENTS_HPP
#define HOTPATH_CLI_NUMBER_ARGUMENTS_HPP

#include <cstdint>
#include <optional>
#include <string_view>

namespace hotpath::cli {

/// A whole number of decimal digits only ("0", "15"); nullopt for anything else,
/// a sign, or a value above 10^18.
std::optional<std::uint64_t> parse_count(std::string_view text);

/// A percentage, 0 or more, with or without a percent sign: "10%", "2.5", "0%".
std::optional<double> parse_percentage(std::string_view text);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_NUMBER_ARGUMENTS_HPP
