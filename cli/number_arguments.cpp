// Digits are checked by hand: strtoull and strtod accept signs, spaces, hex and
// "inf", none of which a count or a percentage is.
#include "number_arguments.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace hotpath::cli {

std::optional<std::uint64_t> parse_count(std::string_view text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return value;
}

std::optional<double> parse_percentage(std::string_view text) {
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  if (text.empty() || text.front() == '.' ||
      text.find_first_not_of("0123456789.") != std::string_view::npos)
    return std::nullopt;
  const std::string number(text);
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(number.c_str(), &end);
  if (errno != 0 || end != number.c_str() + number.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

}  // namespace hotpath::cli
