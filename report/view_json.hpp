// A view of a saved report as JSON: what JsonReporter writes for the view's rows,
// but with each section's total_functions counting the functions the saved report
// never held too. JsonReporter counts the rows it is given, which would turn a report
// cut by its row limit into one that looks complete, and `hotpath diff` would then
// take a function missing from it for a removed one.
#ifndef HOTPATH_REPORT_VIEW_JSON_HPP
#define HOTPATH_REPORT_VIEW_JSON_HPP

#include <string>

#include "report_view.hpp"

namespace hotpath {

/// The JSON report of `view` (compact, one line), total_functions taken from the
/// view's counts. A view of a whole saved report, unsorted and unfocused, gives the
/// JSON JsonReporter wrote for it.
std::string view_json(const ReportView& view);

}  // namespace hotpath

#endif  // HOTPATH_REPORT_VIEW_JSON_HPP
