// The timing rows as CSV, for spreadsheets and scripts: one header line, then one
// line per shown row, values in base units (nanoseconds) as JsonReporter writes
// them. A CSV file is one table, so the allocation, thread, CPU and call tree
// sections are not in it: the JSON and Markdown outputs have them.
#ifndef HOTPATH_REPORT_CSV_REPORTER_HPP
#define HOTPATH_REPORT_CSV_REPORTER_HPP

#include <ostream>
#include <string>
#include <string_view>

#include "hotpath/report.hpp"

namespace hotpath {

/// Writes the first `limit` timing rows of a Report as CSV: columns name, signature,
/// file, line, calls, avg_ns, one p<N>_ns per percentile, total_ns, percent_total.
/// Fields are quoted as RFC 4180 says (only when they hold a comma, a quote or a line
/// break; quotes doubled); lines end in "\n".
class CsvReporter : public Reporter {
 public:
  void write(const Report& report, std::ostream& out) override;
};

namespace detail {

/// `field` as one CSV field: as is, or quoted with its quotes doubled when it holds
/// a comma, a double quote, a carriage return or a line feed.
std::string csv_field(std::string_view field);

}  // namespace detail

}  // namespace hotpath

#endif  // HOTPATH_REPORT_CSV_REPORTER_HPP
