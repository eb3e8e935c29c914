// A function's cells as the table and the Markdown spell them: durations and byte
// counts in the units of the reports' own tables; the arrow spelled as UTF-8 bytes,
// whatever the execution character set.
#include <string>

#include "diff_output.hpp"

namespace hotpath::detail {

FunctionChangeCells function_change_cells(const DiffMetric& metric, const FunctionChange& change) {
  FunctionChangeCells cells;
  if (change.base && change.head) {
    cells.calls = change.base->calls == change.head->calls
                      ? std::to_string(change.head->calls)
                      : std::to_string(change.base->calls) + " \xE2\x86\x92 " +
                            std::to_string(change.head->calls);
    cells.change = format_change(change.change_percent);
  } else {
    cells.calls = std::to_string(change.head ? change.head->calls : change.base->calls);
  }
  cells.base = change.base ? format_metric_value(metric, change.base->value) : "-";
  cells.head = change.head ? format_metric_value(metric, change.head->value) : "-";
  return cells;
}

const char* calls_title(const DiffMetric& metric) {
  return is_coroutine_metric(metric) ? "Instances" : "Calls";
}

}  // namespace hotpath::detail
