// Percentiles are compared as the doubles both sides parse from decimal text: the
// JSON's 99.9 and the option's "p99.9" are the same double.
#include "percentile_names.hpp"

#include <cerrno>
#include <cstdlib>

#include "units.hpp"

namespace hotpath::detail {

std::optional<double> parse_percentile_name(std::string_view text) {
  if (text.size() < 2 || (text[0] != 'p' && text[0] != 'P')) return std::nullopt;
  const std::string number(text.substr(1));
  if (number.find_first_not_of("0123456789.") != std::string::npos || number.front() == '.')
    return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double percentile = std::strtod(number.c_str(), &end);
  if (errno != 0 || end != number.c_str() + number.size() || percentile > 100) return std::nullopt;
  return percentile;
}

std::string percentile_name(double percentile) {
  return "p" + percentile_label(percentile).substr(1);
}

std::optional<std::size_t> find_percentile(const Report& report, double percentile) {
  for (std::size_t i = 0; i < report.percentiles.size(); ++i)
    if (report.percentiles[i] == percentile) return i;
  return std::nullopt;
}

std::string missing_percentile_message(std::string_view option, double percentile,
                                       const Report& report) {
  std::string names;
  for (double p : report.percentiles) names += (names.empty() ? "" : ", ") + percentile_name(p);
  return std::string(option) + " " + percentile_name(percentile) +
         ": the report has no such percentile (" +
         (names.empty() ? "it has none" : "it has " + names) + ")";
}

}  // namespace hotpath::detail
