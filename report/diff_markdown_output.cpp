// The Markdown output of `hotpath diff`, made to be posted as it is as a pull
// request comment: what changed is in a table, what did not is folded in a
// <details> block so that a long list does not bury it. GitHub renders the
// :red_circle: and :green_circle: codes as coloured markers.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "diff_output.hpp"
#include "table_drawing.hpp"

namespace hotpath {
namespace {

using detail::ColumnAlign;

std::string status_cell(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::Regression:
      return ":red_circle: regression";
    case ChangeKind::Improvement:
      return ":green_circle: improvement";
    default:
      return change_kind_name(kind);
  }
}

// The table of `changes`; with a status column unless they are all unchanged.
std::string changes_table(const ReportDiff& diff, const std::vector<const FunctionChange*>& changes,
                          bool with_status) {
  detail::TableCells table;
  table.header = {"Function", detail::calls_title(diff.settings.metric), "Base", "Head", "Change"};
  table.align = {ColumnAlign::Left, ColumnAlign::Right, ColumnAlign::Right, ColumnAlign::Right,
                 ColumnAlign::Right};
  if (with_status) {
    table.header.push_back("Status");
    table.align.push_back(ColumnAlign::Left);
  }
  for (const FunctionChange* change : changes) {
    const detail::FunctionChangeCells cells =
        detail::function_change_cells(diff.settings.metric, *change);
    std::vector<std::string> row{detail::markdown_code(change->name), cells.calls, cells.base,
                                 cells.head, cells.change};
    if (with_status) row.push_back(status_cell(change->kind));
    table.rows.push_back(std::move(row));
  }
  return detail::draw_markdown_table(table);
}

}  // namespace

std::string render_diff_markdown(const ReportDiff& diff) {
  const std::string others = diff_other_counts(diff);
  std::string text = fmt::format("### hotpath diff: {}\n\n**{}**{}\n\n",
                                 diff_metric_description(diff.settings.metric), diff_summary(diff),
                                 others.empty() ? "" : ", " + others);

  std::vector<const FunctionChange*> changed;
  std::vector<const FunctionChange*> unchanged;
  for (const FunctionChange& change : diff.functions)
    (change.kind == ChangeKind::Unchanged ? unchanged : changed).push_back(&change);

  const std::string threshold = format_threshold(diff.settings.threshold_percent);
  const std::string between = "between " + detail::markdown_code(diff.base.label) + " (base) and " +
                              detail::markdown_code(diff.head.label) + " (head)";
  if (changed.empty()) {
    text += "No function changed by more than " + threshold + " " + between + ".\n";
  } else {
    text += "Changes by more than " + threshold + " " + between + ":\n\n";
    text += changes_table(diff, changed, true);
  }
  if (!unchanged.empty()) {
    text += fmt::format("\n<details>\n<summary>{} unchanged</summary>\n\n", unchanged.size());
    text += changes_table(diff, unchanged, false);
    text += "\n</details>\n";
  }
  if (!diff.notes.empty()) text += "\n" + detail::markdown_quote(diff.notes);
  return text;
}

}  // namespace hotpath
