// Every section is a level-3 heading, so the output fits under a heading of its
// own in a pull request comment. Numbers are spelled as in the table (units.hpp).
#include "markdown_reporter.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "coroutine_cells.hpp"
#include "gauge_cells.hpp"
#include "hottest_call_paths.hpp"
#include "lock_cells.hpp"
#include "row_timing.hpp"
#include "table_drawing.hpp"
#include "thread_cells.hpp"
#include "units.hpp"
#include "wait_cells.hpp"

namespace hotpath {
namespace {

using detail::ColumnAlign;
using detail::TableCells;
using Cells = std::vector<std::string>;

// A function section's table of its first `visible` rows, then a line counting the
// rows the limit hid.
template <typename Row, typename RowCells>
std::string function_table(const Report& report, TableCells table, const std::vector<Row>& rows,
                           std::size_t visible, RowCells row_cells) {
  if (rows.empty()) return "_No functions were measured._\n";
  for (std::size_t i = 0; i < visible; ++i) table.rows.push_back(row_cells(report, rows[i]));
  std::string text = detail::draw_markdown_table(table);
  if (visible < rows.size())
    text += fmt::format("\n_{} more {} not shown (limit {})._\n", rows.size() - visible,
                        rows.size() - visible == 1 ? "function" : "functions", report.limit);
  return text;
}

void append_percentile_cells(Cells& cells, const Report& report,
                             const std::vector<std::uint64_t>& values,
                             std::string (*format)(std::uint64_t)) {
  for (std::size_t i = 0; i < report.percentiles.size(); ++i)
    cells.push_back(i < values.size() ? format(values[i]) : "-");
}

// A header of a name column, `before` numbers, one per percentile, then `after`.
TableCells function_columns(const Report& report, Cells before,
                            const std::string& percentile_suffix, Cells after) {
  TableCells table;
  table.header = std::move(before);
  for (double p : report.percentiles)
    table.header.push_back(detail::percentile_label(p) + percentile_suffix);
  for (std::string& cell : after) table.header.push_back(std::move(cell));
  table.align.assign(table.header.size(), ColumnAlign::Right);
  table.align.front() = ColumnAlign::Left;
  return table;
}

Cells timing_row_cells(const Report& report, const FunctionRow& row) {
  // Escaped: a lone tilde may open a strikethrough.
  Cells cells{detail::markdown_code(row.name), std::to_string(row.calls),
              (row.adaptive ? "\\~" : "") + detail::format_duration(row.avg_ns)};
  append_percentile_cells(cells, report, row.percentile_ns, detail::format_duration);
  cells.push_back(detail::format_duration(row.total_ns));
  cells.push_back(detail::format_percent(row.percent_total));
  return cells;
}

Cells alloc_row_cells(const Report& report, const AllocRow& row) {
  Cells cells{detail::markdown_code(row.name), std::to_string(row.calls),
              detail::format_bytes(row.avg_bytes)};
  append_percentile_cells(cells, report, row.percentile_bytes, detail::format_bytes);
  cells.push_back(detail::format_bytes(row.alloc_bytes));
  cells.push_back(std::to_string(row.alloc_count));
  cells.push_back(detail::format_percent(row.percent_total));
  return cells;
}

Cells cpu_row_cells(const Report&, const CpuRow& row) {
  return {detail::markdown_code(row.name), std::to_string(row.samples),
          detail::format_percent(row.percent_total)};
}

std::string timing_section(const Report& report) {
  std::string text = fmt::format(
      "### hotpath timing ({})\n\n{}: {}\n\n",
      report.time_mode == TimeMode::Exclusive ? "exclusive" : "inclusive",
      detail::markdown_text(report.session_name), detail::format_duration(report.wall_ns));
  const std::size_t visible = report.visible_row_count();
  if (std::any_of(report.rows.begin(), report.rows.begin() + visible,
                  [](const FunctionRow& row) { return row.adaptive; }))
    text += detail::markdown_text(detail::adaptive_timing_legend(report)) + "\n\n";
  return text + function_table(report,
                               function_columns(report, {"Function", "Calls", "Avg"}, "",
                                                {"Total", "% Total"}),
                               report.rows, visible, timing_row_cells);
}

std::string alloc_section(const Report& report) {
  std::string text = fmt::format(
      "### hotpath allocations ({})\n\n{}: {}\n\n",
      report.alloc_mode == AllocMode::Cumulative ? "cumulative" : "exclusive",
      detail::markdown_text(report.session_name), detail::format_bytes(report.alloc_total_bytes));
  return text + function_table(report,
                               function_columns(report, {"Function", "Calls", "Avg bytes"},
                                                " bytes", {"Total bytes", "Allocs", "% Total"}),
                               report.alloc_rows, report.visible_alloc_row_count(),
                               alloc_row_cells);
}

std::string threads_section(const Report& report) {
  std::string text = "### hotpath threads\n\n";
  if (report.threads.empty()) return text + "_No threads were measured._\n";
  TableCells table;
  table.header = detail::thread_column_titles(report);
  table.align.assign(table.header.size(), ColumnAlign::Right);
  table.align.front() = ColumnAlign::Left;
  for (const ThreadAllocRow& row : report.threads) {
    std::vector<std::string> cells = detail::thread_cells(report, row);
    cells.front() = detail::markdown_code(row.name);
    table.rows.push_back(std::move(cells));
  }
  return text + detail::draw_markdown_table(table);
}

std::string cpu_section(const Report& report) {
  const CpuSummary& cpu = report.cpu;
  std::string text =
      fmt::format("### hotpath cpu ({})\n\n{}: {} {} at {} Hz ({}); the process used {} of CPU\n\n",
                  report.cpu_mode == CpuMode::Inclusive ? "inclusive" : "self",
                  detail::markdown_text(report.session_name), cpu.samples,
                  cpu.samples == 1 ? "sample" : "samples", cpu.frequency_hz,
                  detail::markdown_text(cpu.timer), detail::format_duration(cpu.cpu_ns));
  if (cpu.stopped_early)
    text += "_Sampling stopped early: the program installed its own SIGPROF handler._\n\n";
  if (cpu.lost_samples != 0)
    text += fmt::format("_{} samples could not be recorded._\n\n", cpu.lost_samples);
  if (report.cpu_rows.empty())
    return text + "_No samples: the program used less CPU than one sampling period._\n";
  TableCells table;
  table.header = {"Function", "Samples", "% Total"};
  table.align = {ColumnAlign::Left, ColumnAlign::Right, ColumnAlign::Right};
  return text + function_table(report, std::move(table), report.cpu_rows,
                               report.visible_cpu_row_count(), cpu_row_cells);
}

// A column per cause that a row shown has, as in the table (wait_cells.hpp).
std::string wait_section(const Report& report) {
  std::string text = "### hotpath waits (inclusive; Self: innermost)\n\n" +
                     detail::markdown_text(detail::wait_summary(report)) + "\n\n";
  if (report.wait_rows.empty()) return text + "_No measured function waited._\n";
  const std::size_t visible = report.visible_wait_row_count();
  const detail::WaitColumns columns = detail::wait_columns(report.wait_rows, visible);
  TableCells table;
  table.header = detail::wait_column_titles(columns);
  table.align.assign(table.header.size(), ColumnAlign::Right);
  table.align.front() = ColumnAlign::Left;
  return text + function_table(report, std::move(table), report.wait_rows, visible,
                               [&columns](const Report&, const WaitRow& row) {
                                 Cells cells = detail::wait_cells(columns, row);
                                 cells.front() = detail::markdown_code(row.name);
                                 return cells;
                               });
}

// As in the table (lock_cells.hpp); only when some lock was waited for.
std::string lock_section(const Report& report) {
  const std::size_t visible = report.visible_lock_row_count();
  TableCells table;
  table.header = detail::lock_column_titles();
  table.align.assign(table.header.size(), ColumnAlign::Right);
  table.align[0] = table.align[1] = table.align[5] = table.align[6] = ColumnAlign::Left;
  for (std::size_t i = 0; i < visible; ++i) {
    Cells cells = detail::lock_cells(report.lock_rows[i]);
    cells.front() = detail::markdown_code(cells.front());
    for (std::size_t column = 1; column < cells.size(); ++column)
      cells[column] = detail::markdown_text(cells[column]);
    table.rows.push_back(std::move(cells));
  }
  std::string text = "### hotpath locks (contended)\n\n" + detail::draw_markdown_table(table);
  if (visible < report.lock_rows.size())
    text += fmt::format("\n_{} more locks not shown (limit {})._\n",
                        report.lock_rows.size() - visible, report.limit);
  return text;
}

// As in the table (gauge_cells.hpp); only once a gauge or counter was used.
std::string gauge_section(const Report& report) {
  TableCells table;
  table.header = detail::gauge_column_titles();
  table.align.assign(table.header.size(), ColumnAlign::Right);
  table.align[0] = table.align[1] = ColumnAlign::Left;
  for (const GaugeRow& row : report.gauge_rows) {
    Cells cells = detail::gauge_cells(row);
    cells.front() = detail::markdown_code(cells.front());
    table.rows.push_back(std::move(cells));
  }
  return "### hotpath gauges\n\n" + detail::draw_markdown_table(table);
}

// As in the table (coroutine_cells.hpp); only once a measured coroutine ran.
std::string coroutine_section(const Report& report) {
  const detail::CoroutineColumns columns = detail::coroutine_columns(report);
  TableCells table;
  table.header = detail::coroutine_column_titles(columns);
  table.align.assign(table.header.size(), ColumnAlign::Right);
  table.align.front() = ColumnAlign::Left;
  std::string text = "### hotpath coroutines\n\n" +
                     detail::markdown_text(detail::coroutine_summary(report)) + "\n\n";
  return text + function_table(report, std::move(table), report.coroutine_rows,
                               report.visible_coroutine_row_count(),
                               [&columns](const Report&, const CoroutineRow& row) {
                                 Cells cells = detail::coroutine_cells(columns, row);
                                 cells.front() = detail::markdown_code(row.name);
                                 return cells;
                               });
}

// Depth shows as indentation: non-breaking spaces, which Markdown keeps. The limit
// keeps the hottest paths, as in the table.
std::string call_tree_section(const Report& report) {
  TableCells table;
  table.header = {"Function", "Calls", "Total", "Self"};
  table.align = {ColumnAlign::Left, ColumnAlign::Right, ColumnAlign::Right, ColumnAlign::Right};
  const std::vector<CallTreeNode>& tree = report.call_tree;
  const std::vector<bool> shown = detail::hottest_call_paths(tree, report.limit);
  std::vector<std::size_t> depth(tree.size(), 0);
  for (std::size_t i = 0; i < tree.size(); ++i) {
    const CallTreeNode& node = tree[i];
    if (node.parent != CallTreeNode::kNoParent) depth[i] = depth[node.parent] + 1;
    if (!shown[i]) continue;
    std::string indent;
    for (std::size_t level = 0; level < depth[i]; ++level) indent += "&nbsp;&nbsp;&nbsp;&nbsp;";
    table.rows.push_back({indent + detail::markdown_code(node.name), std::to_string(node.calls),
                          detail::format_duration(node.total_ns),
                          detail::format_duration(node.self_ns)});
  }
  std::string text = "### hotpath call tree\n\n" + detail::draw_markdown_table(table);
  const std::size_t hidden = tree.size() - table.rows.size();
  if (hidden != 0)
    text += fmt::format("\n_{} more call {} not shown (limit {})._\n", hidden,
                        hidden == 1 ? "path" : "paths", report.limit);
  return text;
}

}  // namespace

void MarkdownReporter::write(const Report& report, std::ostream& out) {
  std::string text = timing_section(report);
  if (report.alloc_tracked) text += "\n" + alloc_section(report);
  if (report.alloc_tracked || report.threads_monitored) text += "\n" + threads_section(report);
  if (report.cpu_sampled) text += "\n" + cpu_section(report);
  if (report.waits_tracked) text += "\n" + wait_section(report);
  if (report.waits_tracked && !report.lock_rows.empty()) text += "\n" + lock_section(report);
  if (report.show_coroutines && !report.coroutine_rows.empty())
    text += "\n" + coroutine_section(report);
  if (report.show_gauges && !report.gauge_rows.empty()) text += "\n" + gauge_section(report);
  if (report.show_call_tree && !report.call_tree.empty()) text += "\n" + call_tree_section(report);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace hotpath
