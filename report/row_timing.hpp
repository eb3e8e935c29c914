// How a row's calls were timed, in the words the JSON report and the table use.
#ifndef HOTPATH_REPORT_ROW_TIMING_HPP
#define HOTPATH_REPORT_ROW_TIMING_HPP

#include <string>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// "every call", "adaptive" (adaptive timing timed some of its calls) or "sampled"
/// (time sampling did): the JSON row's "timing".
const char* timing_name(const Report& report, const FunctionRow& row) noexcept;

/// The mark before a row's durations in the table: "~" when they are estimated
/// from the timed calls under adaptive timing, otherwise none.
const char* estimated_mark(const FunctionRow& row) noexcept;

/// The line under the table's heading that says what the mark means, for a report
/// with adaptive timing on; empty otherwise.
std::string adaptive_timing_legend(const Report& report);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_ROW_TIMING_HPP
