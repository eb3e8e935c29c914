// The gauges table, for the reporters that draw one (table, Markdown): each gauge's
// last, least and greatest value, each counter's total, and their updates.
#ifndef HOTPATH_REPORT_GAUGE_CELLS_HPP
#define HOTPATH_REPORT_GAUGE_CELLS_HPP

#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// The column titles: Name, Kind, Last/Total, Min, Max, Updates.
std::vector<std::string> gauge_column_titles();

/// One gauge's or counter's cells, in the order of the titles; the name as it is.
std::vector<std::string> gauge_cells(const GaugeRow& row);

/// The section's first line: "[hotpath] gauges - ...".
std::string gauge_section_title();

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_GAUGE_CELLS_HPP
