// The terminal output of `hotpath diff`. Every function is one row, sorted as
// ReportDiff sorts them, so regressions come first; the status column marks them
// with an arrow (UTF-8 bytes, as units.cpp spells the micro sign).
#include <string>

#include <fmt/format.h>

#include "diff_output.hpp"
#include "name_abbreviation.hpp"
#include "table_drawing.hpp"

namespace hotpath {
namespace {

std::string status_cell(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::Regression:
      return "\xE2\x96\xB2 regression";
    case ChangeKind::Improvement:
      return "\xE2\x96\xBC improvement";
    case ChangeKind::Unchanged:
      return "";
    default:
      return change_kind_name(kind);
  }
}

}  // namespace

std::string render_diff_table(const ReportDiff& diff) {
  std::string text = fmt::format("hotpath diff: {}, threshold {}\nbase: {}\nhead: {}\n",
                                 diff_metric_description(diff.settings.metric),
                                 format_threshold(diff.settings.threshold_percent), diff.base.label,
                                 diff.head.label);
  const std::string others = diff_other_counts(diff);
  text += diff_summary(diff) + (others.empty() ? "" : ", " + others) + "\n";

  if (diff.functions.empty()) {
    text += "(no functions to compare)\n";
  } else {
    using detail::ColumnAlign;
    detail::TableCells table;
    table.header = {"Function", detail::calls_title(diff.settings.metric), "Base", "Head", "Change",
                    "Status"};
    table.align = {ColumnAlign::Left,  ColumnAlign::Right, ColumnAlign::Right,
                   ColumnAlign::Right, ColumnAlign::Right, ColumnAlign::Left};
    for (const FunctionChange& change : diff.functions) {
      const detail::FunctionChangeCells cells =
          detail::function_change_cells(diff.settings.metric, change);
      table.rows.push_back({detail::printable_name(change.name), cells.calls, cells.base,
                            cells.head, cells.change, status_cell(change.kind)});
    }
    text += detail::draw_text_table(table);
  }
  for (const std::string& note : diff.notes) text += "note: " + note + "\n";
  return text;
}

}  // namespace hotpath
