// The header spells percentile columns as the JSON keys do (p99.9_ns), so that a
// script reads the same names from either format.
#include "csv_reporter.hpp"

#include <cstddef>
#include <vector>

#include <fmt/format.h>

#include "units.hpp"

namespace hotpath {
namespace {

std::string csv_line(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) line += ',';
    line += detail::csv_field(fields[i]);
  }
  return line + "\n";
}

}  // namespace

namespace detail {

std::string csv_field(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string quoted = "\"";
  for (char c : field) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

}  // namespace detail

void CsvReporter::write(const Report& report, std::ostream& out) {
  std::vector<std::string> header{"name", "signature", "file", "line", "calls", "avg_ns"};
  for (double p : report.percentiles) header.push_back(detail::percentile_json_key(p));
  header.push_back("total_ns");
  header.push_back("percent_total");
  std::string text = csv_line(header);

  for (std::size_t i = 0; i < report.visible_row_count(); ++i) {
    const FunctionRow& row = report.rows[i];
    std::vector<std::string> fields{row.name,
                                    row.signature,
                                    row.file,
                                    std::to_string(row.line),
                                    std::to_string(row.calls),
                                    std::to_string(row.avg_ns)};
    // A row built with fewer values than the report has percentiles: empty fields.
    for (std::size_t p = 0; p < report.percentiles.size(); ++p)
      fields.push_back(p < row.percentile_ns.size() ? std::to_string(row.percentile_ns[p]) : "");
    fields.push_back(std::to_string(row.total_ns));
    fields.push_back(fmt::format("{:.2f}", row.percent_total));
    text += csv_line(fields);
  }
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace hotpath
