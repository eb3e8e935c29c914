// The JSON report, schema version 1 (docs/json-schema.md): the session's settings
// and one object per visible row under "functions_timing".
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "hotpath/report.hpp"
#include "units.hpp"

namespace hotpath {

namespace {

using Json = nlohmann::ordered_json;

constexpr int kSchemaVersion = 1;

// Integral values become integers so the output reads `95`, not `95.0`. The upper
// bound keeps the conversion defined for absurd values; NaN fails the comparison.
Json percentile_value(double p) {
  if (p >= 0 && p <= 1e15 && std::floor(p) == p) return static_cast<std::uint64_t>(p);
  return p;
}

double round_to_hundredths(double value) { return std::round(value * 100.0) / 100.0; }

Json row_json(const Report& report, const FunctionRow& row) {
  Json entry;
  entry["name"] = row.name;
  entry["calls"] = row.calls;
  entry["avg_ns"] = row.avg_ns;
  for (std::size_t i = 0; i < report.percentiles.size() && i < row.percentile_ns.size(); ++i) {
    entry[detail::percentile_json_key(report.percentiles[i])] = row.percentile_ns[i];
  }
  entry["total_ns"] = row.total_ns;
  entry["percent_total"] = round_to_hundredths(row.percent_total);
  entry["location"] = Json{{"file", row.file}, {"line", row.line}};
  return entry;
}

}  // namespace

void JsonReporter::write(const Report& report, std::ostream& out) {
  Json percentiles = Json::array();
  for (double p : report.percentiles) percentiles.push_back(percentile_value(p));

  Json data = Json::array();
  const std::size_t visible = report.visible_row_count();
  for (std::size_t i = 0; i < visible; ++i) data.push_back(row_json(report, report.rows[i]));

  Json timing;
  timing["caller_name"] = report.session_name;
  timing["time_mode"] = report.time_mode == TimeMode::Exclusive ? "exclusive" : "inclusive";
  timing["total_elapsed_ns"] = report.wall_ns;
  timing["percentiles"] = std::move(percentiles);
  timing["limit"] = report.limit;
  timing["total_functions"] = report.rows.size();
  timing["data"] = std::move(data);

  Json document;
  document["schema_version"] = kSchemaVersion;
  document["functions_timing"] = std::move(timing);

  // Names and file names come from source files and may hold any bytes: replace
  // invalid UTF-8 with U+FFFD instead of throwing from a report written at exit.
  const std::string text =
      document.dump(pretty_ ? 2 : -1, ' ', false, Json::error_handler_t::replace);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.put('\n');
}

}  // namespace hotpath
