// The default report: a box-drawn text table of the visible rows, one column per
// configured percentile, followed by a note when the row limit hid functions. When
// the program links hotpath-alloc, two more tables follow: the functions' allocations
// and each thread's allocated and freed bytes; with hotpath-cpu, the functions' CPU
// samples; with hotpath-wait, their time blocked by cause; once a measured coroutine
// ran, its instances' running and suspended time; once a gauge or counter was used,
// their values. HOTPATH_REPORT adds the call
// tree's hottest paths and the callers and callees of the top functions, or leaves
// sections out.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "coroutine_cells.hpp"
#include "gauge_cells.hpp"
#include "hotpath/report.hpp"
#include "hottest_call_paths.hpp"
#include "lock_cells.hpp"
#include "name_abbreviation.hpp"
#include "row_timing.hpp"
#include "thread_cells.hpp"
#include "units.hpp"
#include "wait_cells.hpp"

namespace hotpath {

namespace {

using Cells = std::vector<std::string>;

void append_separator(fmt::memory_buffer& buffer, const std::vector<std::size_t>& widths) {
  for (std::size_t width : widths) {
    buffer.push_back('+');
    for (std::size_t i = 0; i < width + 2; ++i) buffer.push_back('-');
  }
  buffer.push_back('+');
  buffer.push_back('\n');
}

void append_cells(fmt::memory_buffer& buffer, const Cells& cells,
                  const std::vector<std::size_t>& widths) {
  for (std::size_t column = 0; column < cells.size(); ++column) {
    const std::string& cell = cells[column];
    buffer.append(fmt::string_view("| "));
    buffer.append(cell.data(), cell.data() + cell.size());
    // Padded by hand: fmt's width counts East Asian characters as two columns,
    // which would disagree with the code-point widths of the columns.
    for (std::size_t i = detail::display_width(cell); i < widths[column] + 1; ++i)
      buffer.push_back(' ');
  }
  buffer.push_back('|');
  buffer.push_back('\n');
}

// Draws `table` (the header cells first, then one Cells per row, all the same
// length) with every column as wide as its widest cell.
void append_table(fmt::memory_buffer& buffer, const std::vector<Cells>& table) {
  std::vector<std::size_t> widths(table.front().size(), 0);
  for (const Cells& cells : table) {
    for (std::size_t column = 0; column < cells.size(); ++column) {
      const std::size_t width = detail::display_width(cells[column]);
      if (width > widths[column]) widths[column] = width;
    }
  }

  append_separator(buffer, widths);
  for (const Cells& cells : table) {
    append_cells(buffer, cells, widths);
    append_separator(buffer, widths);
  }
}

// A table is as wide as its cells plus 3 columns of border and padding per column
// and one more: names get what the other columns leave of 120, and at least 20.
constexpr std::size_t kTerminalColumns = 120;
constexpr std::size_t kNarrowestNames = 20;

std::size_t fitting_name_width(const std::vector<Cells>& table) {
  std::size_t others = 1 + 3;  // the last border, the name column's own padding
  for (std::size_t column = 1; column < table.front().size(); ++column) {
    std::size_t width = 0;
    for (const Cells& cells : table) width = std::max(width, detail::display_width(cells[column]));
    others += width + 3;
  }
  return others + kNarrowestNames >= kTerminalColumns ? kNarrowestNames : kTerminalColumns - others;
}

// Makes the names (first cells, after the header) one line each, and shortens
// those wider than `name_width`.
void shape_names(std::vector<Cells>& table, std::size_t name_width) {
  for (std::size_t row = 1; row < table.size(); ++row)
    table[row][0] = detail::printable_name(table[row][0]);
  if (name_width == 0) return;
  if (name_width == kNameWidthToFit) name_width = fitting_name_width(table);
  for (std::size_t row = 1; row < table.size(); ++row)
    table[row][0] = detail::abbreviate_name(table[row][0], name_width);
}

// The table of a function section: the first `visible` of `rows`, then a note
// counting the rows the limit hid.
template <typename Row, typename RowCells>
void append_function_table(fmt::memory_buffer& buffer, const Report& report, Cells header,
                           const std::vector<Row>& rows, std::size_t visible, RowCells row_cells,
                           std::string_view show_all, std::string_view rows_are = "functions") {
  auto sink = std::back_inserter(buffer);
  if (rows.empty()) {
    fmt::format_to(sink, "(no functions were measured)\n");
    return;
  }
  std::vector<Cells> table{std::move(header)};
  for (std::size_t i = 0; i < visible; ++i) table.push_back(row_cells(report, rows[i]));
  shape_names(table, report.name_width);
  append_table(buffer, table);
  if (visible < rows.size()) {
    fmt::format_to(sink, "... {} more {} not shown (limit {}; {} shows all)\n",
                   rows.size() - visible, rows_are, report.limit, show_all);
  }
}

// One cell per configured percentile, each value written by `format`.
void append_percentile_cells(Cells& cells, const Report& report,
                             const std::vector<std::uint64_t>& values,
                             std::string (*format)(std::uint64_t)) {
  for (std::size_t i = 0; i < report.percentiles.size(); ++i) {
    // A row built with fewer percentiles than the report gets a placeholder
    // rather than shifting the remaining columns.
    cells.push_back(i < values.size() ? format(values[i]) : "-");
  }
}

Cells timing_header_cells(const Report& report) {
  Cells cells{"Function", "Calls", "Avg"};
  for (double p : report.percentiles) cells.push_back(detail::percentile_label(p));
  cells.push_back("Total");
  cells.push_back("% Total");
  return cells;
}

Cells timing_row_cells(const Report& report, const FunctionRow& row) {
  Cells cells{row.name, fmt::format("{}", row.calls),
              detail::estimated_mark(row) + detail::format_duration(row.avg_ns)};
  append_percentile_cells(cells, report, row.percentile_ns, detail::format_duration);
  cells.push_back(detail::format_duration(row.total_ns));
  cells.push_back(detail::format_percent(row.percent_total));
  return cells;
}

Cells alloc_header_cells(const Report& report) {
  Cells cells{"Function", "Calls", "Avg bytes"};
  for (double p : report.percentiles) cells.push_back(detail::percentile_label(p) + " bytes");
  cells.push_back("Total bytes");
  cells.push_back("Allocs");
  cells.push_back("% Total");
  return cells;
}

Cells alloc_row_cells(const Report& report, const AllocRow& row) {
  Cells cells{row.name, fmt::format("{}", row.calls), detail::format_bytes(row.avg_bytes)};
  append_percentile_cells(cells, report, row.percentile_bytes, detail::format_bytes);
  cells.push_back(detail::format_bytes(row.alloc_bytes));
  cells.push_back(fmt::format("{}", row.alloc_count));
  cells.push_back(detail::format_percent(row.percent_total));
  return cells;
}

void append_timing_section(fmt::memory_buffer& buffer, const Report& report,
                           std::string_view show_all) {
  auto sink = std::back_inserter(buffer);
  fmt::format_to(sink, "[hotpath] timing - execution duration of functions ({}).\n",
                 report.time_mode == TimeMode::Exclusive ? "exclusive" : "inclusive");
  fmt::format_to(sink, "{}: {}\n", report.session_name, detail::format_duration(report.wall_ns));
  if (report.time_sampling_rate > 1) {
    fmt::format_to(sink,
                   "time sampling: 1 call in {} timed per function and thread; calls are exact, "
                   "times estimated from the timed calls\n",
                   report.time_sampling_rate);
  }
  if (report.compensation.enabled) {
    fmt::format_to(sink,
                   "guard overhead removed: {:.2f} ns per call, {:.2f} ns per nested measured call "
                   "(HOTPATH_COMPENSATE=0 keeps it)\n",
                   report.compensation.per_call_ns, report.compensation.per_nested_call_ns);
  }
  const std::size_t visible = report.visible_row_count();
  const bool adaptive_rows_shown = std::any_of(report.rows.begin(), report.rows.begin() + visible,
                                               [](const FunctionRow& row) { return row.adaptive; });
  if (adaptive_rows_shown) fmt::format_to(sink, "{}\n", detail::adaptive_timing_legend(report));
  append_function_table(buffer, report, timing_header_cells(report), report.rows, visible,
                        timing_row_cells, show_all);
}

// The second line gives the session's total, which % Total is measured against: it
// includes allocations made outside any measured function.
void append_alloc_section(fmt::memory_buffer& buffer, const Report& report,
                          std::string_view show_all) {
  auto sink = std::back_inserter(buffer);
  fmt::format_to(sink, "\n[hotpath] allocations - bytes allocated by functions ({}).\n",
                 report.alloc_mode == AllocMode::Cumulative ? "cumulative" : "exclusive");
  fmt::format_to(sink, "{}: {}\n", report.session_name,
                 detail::format_bytes(report.alloc_total_bytes));
  append_function_table(buffer, report, alloc_header_cells(report), report.alloc_rows,
                        report.visible_alloc_row_count(), alloc_row_cells, show_all);
}

Cells cpu_row_cells(const Report&, const CpuRow& row) {
  return {row.name, fmt::format("{}", row.samples), detail::format_percent(row.percent_total)};
}

// The second line says what the samples stand for: how many, at which rate, and
// the CPU time (user and system) the process used meanwhile, of which the samples
// see the user part.
void append_cpu_section(fmt::memory_buffer& buffer, const Report& report,
                        std::string_view show_all) {
  auto sink = std::back_inserter(buffer);
  const CpuSummary& cpu = report.cpu;
  fmt::format_to(sink, "\n[hotpath] cpu - CPU samples of functions ({}).\n",
                 report.cpu_mode == CpuMode::Inclusive ? "inclusive" : "self");
  fmt::format_to(sink, "{}: {} {} at {} Hz ({}); the process used {} of CPU\n", report.session_name,
                 cpu.samples, cpu.samples == 1 ? "sample" : "samples", cpu.frequency_hz, cpu.timer,
                 detail::format_duration(cpu.cpu_ns));
  if (cpu.stopped_early) {
    fmt::format_to(sink,
                   "(sampling stopped early: the program installed its own SIGPROF handler)\n");
  }
  if (cpu.lost_samples != 0)
    fmt::format_to(sink, "({} samples could not be recorded)\n", cpu.lost_samples);
  if (report.cpu_rows.empty()) {
    fmt::format_to(sink, "(no samples: the program used less CPU than one sampling period)\n");
    return;
  }
  append_function_table(buffer, report, {"Function", "Samples", "% Total"}, report.cpu_rows,
                        report.visible_cpu_row_count(), cpu_row_cells, show_all);
}

void append_wait_section(fmt::memory_buffer& buffer, const Report& report,
                         std::string_view show_all) {
  auto sink = std::back_inserter(buffer);
  fmt::format_to(sink,
                 "\n[hotpath] waits - time blocked in functions, by cause (inclusive; Self: "
                 "innermost).\n{}\n",
                 detail::wait_summary(report));
  if (report.wait_rows.empty()) {
    fmt::format_to(sink, "(no measured function waited)\n");
    return;
  }
  const std::size_t visible = report.visible_wait_row_count();
  const detail::WaitColumns columns = detail::wait_columns(report.wait_rows, visible);
  append_function_table(
      buffer, report, detail::wait_column_titles(columns), report.wait_rows, visible,
      [&columns](const Report&, const WaitRow& row) { return detail::wait_cells(columns, row); },
      show_all);
}

// Only when some lock was waited for: most programs' locks never are.
void append_lock_section(fmt::memory_buffer& buffer, const Report& report,
                         std::string_view show_all) {
  if (report.lock_rows.empty()) return;
  auto sink = std::back_inserter(buffer);
  fmt::format_to(sink, "\n{}\n", detail::lock_section_title());
  if (report.untracked_lock_waits != 0) {
    fmt::format_to(sink, "({} waits for further locks are in the waits section only)\n",
                   report.untracked_lock_waits);
  }
  append_function_table(
      buffer, report, detail::lock_column_titles(), report.lock_rows,
      report.visible_lock_row_count(),
      [](const Report&, const LockRow& row) { return detail::lock_cells(row); }, show_all, "locks");
}

// Only once a measured coroutine ran: most programs have none.
void append_coroutine_section(fmt::memory_buffer& buffer, const Report& report,
                              std::string_view show_all) {
  if (report.coroutine_rows.empty()) return;
  auto sink = std::back_inserter(buffer);
  fmt::format_to(sink, "\n{}\n{}\n", detail::coroutine_section_title(),
                 detail::coroutine_summary(report));
  const detail::CoroutineColumns columns = detail::coroutine_columns(report);
  append_function_table(
      buffer, report, detail::coroutine_column_titles(columns), report.coroutine_rows,
      report.visible_coroutine_row_count(),
      [&columns](const Report&, const CoroutineRow& row) {
        return detail::coroutine_cells(columns, row);
      },
      show_all, "coroutines");
}

void append_threads_section(fmt::memory_buffer& buffer, const Report& report) {
  auto sink = std::back_inserter(buffer);
  if (report.threads_monitored) {
    fmt::format_to(sink, "\n[hotpath] threads - CPU{} per thread, sampled every {} ms.\n",
                   report.alloc_tracked ? " and allocations" : "", report.threads_interval_ms);
  } else {
    fmt::format_to(sink, "\n[hotpath] threads - allocations per thread.\n");
  }
  if (report.threads.empty()) {
    fmt::format_to(sink, "(no threads were measured)\n");
    return;
  }
  std::vector<Cells> table{detail::thread_column_titles(report)};
  for (const ThreadAllocRow& row : report.threads)
    table.push_back(detail::thread_cells(report, row));
  append_table(buffer, table);
  if (report.threads_monitored && report.threads_unseen_cpu_ns != 0) {
    fmt::format_to(sink, "threads that ended between two samples used {} of CPU not listed above\n",
                   detail::format_duration(report.threads_unseen_cpu_ns));
  }
}

// --- call tree --------------------------------------------------------------

constexpr std::size_t kNoNode = CallTreeNode::kNoParent;
// Functions whose callers and callees are listed.
constexpr std::size_t kTopFunctions = 5;

std::string percent_of_wall(const Report& report, std::uint64_t ns) {
  if (report.wall_ns == 0) return "-";
  return detail::format_percent(100.0 * static_cast<double>(ns) /
                                static_cast<double>(report.wall_ns));
}

void append_hottest_paths(fmt::memory_buffer& buffer, const Report& report,
                          std::string_view show_all) {
  auto sink = std::back_inserter(buffer);
  const std::vector<CallTreeNode>& tree = report.call_tree;
  const std::vector<bool> shown = detail::hottest_call_paths(tree, report.limit);
  std::vector<std::size_t> depth(tree.size(), 0);
  std::vector<Cells> table{{"Call path", "Calls", "Total", "Self", "% Total"}};
  std::size_t shown_count = 0;
  for (std::size_t i = 0; i < tree.size(); ++i) {
    if (tree[i].parent != kNoNode) depth[i] = depth[tree[i].parent] + 1;
    if (!shown[i]) continue;
    ++shown_count;
    const CallTreeNode& node = tree[i];
    table.push_back({node.name, fmt::format("{}", node.calls),
                     detail::format_duration(node.total_ns), detail::format_duration(node.self_ns),
                     percent_of_wall(report, node.total_ns)});
  }
  shape_names(table, report.name_width);
  // Indented after shaping, so that the abbreviation never eats the indentation.
  std::size_t row = 1;
  for (std::size_t i = 0; i < tree.size(); ++i) {
    if (shown[i]) table[row++][0].insert(0, 2 * depth[i], ' ');
  }
  append_table(buffer, table);
  if (shown_count < tree.size()) {
    fmt::format_to(sink, "... {} more call paths not shown (limit {}; {} shows all)\n",
                   tree.size() - shown_count, report.limit, show_all);
  }
}

/// Calls and time of one function from or to its neighbours in the tree.
struct Neighbour {
  std::string name;
  std::uint64_t calls = 0;
  std::uint64_t total_ns = 0;
};

void add_to(std::vector<Neighbour>& neighbours, const CallTreeNode& node, const std::string& name) {
  auto found = std::find_if(neighbours.begin(), neighbours.end(),
                            [&](const Neighbour& n) { return n.name == name; });
  if (found == neighbours.end()) found = neighbours.insert(neighbours.end(), Neighbour{name});
  found->calls += node.calls;
  found->total_ns += node.total_ns;
}

void append_neighbours(fmt::memory_buffer& buffer, const char* arrow,
                       std::vector<Neighbour> neighbours) {
  std::sort(neighbours.begin(), neighbours.end(), [](const Neighbour& a, const Neighbour& b) {
    return std::tie(b.total_ns, a.name) < std::tie(a.total_ns, b.name);
  });
  for (const Neighbour& neighbour : neighbours) {
    fmt::format_to(std::back_inserter(buffer), "  {} {}  {} calls, {}\n", arrow,
                   detail::printable_name(neighbour.name), neighbour.calls,
                   detail::format_duration(neighbour.total_ns));
  }
}

// For each of the top functions by total time: who called it (`<-`, the time of
// those calls) and what it called (`->`, the time of the calls it made).
void append_callers_and_callees(fmt::memory_buffer& buffer, const Report& report) {
  auto sink = std::back_inserter(buffer);
  const std::vector<CallTreeNode>& tree = report.call_tree;
  const std::size_t top = std::min(kTopFunctions, report.visible_row_count());
  if (top == 1) {
    fmt::format_to(sink,
                   "\n[hotpath] callers and callees - of the function with the largest total.\n");
  } else {
    fmt::format_to(
        sink, "\n[hotpath] callers and callees - of the {} functions with the largest total.\n",
        top);
  }
  for (std::size_t r = 0; r < top; ++r) {
    const FunctionRow& row = report.rows[r];
    std::vector<Neighbour> callers;
    std::vector<Neighbour> callees;
    for (std::size_t i = 0; i < tree.size(); ++i) {
      const CallTreeNode& node = tree[i];
      if (node.name == row.name) {
        add_to(callers, node,
               node.parent == kNoNode ? "(no measured caller)" : tree[node.parent].name);
      } else if (node.parent != kNoNode && tree[node.parent].name == row.name) {
        add_to(callees, node, node.name);
      }
    }
    fmt::format_to(sink, "{}  {} calls, {}\n", detail::printable_name(row.name), row.calls,
                   detail::format_duration(row.total_ns));
    append_neighbours(buffer, "<-", std::move(callers));
    append_neighbours(buffer, "->", std::move(callees));
  }
}

// The logical tree of coroutines: each under the coroutine that created it, depth
// first, as many nodes as the report's limit.
void append_coroutine_tree(fmt::memory_buffer& buffer, const Report& report,
                           std::string_view show_all) {
  auto sink = std::back_inserter(buffer);
  const std::vector<CoroutineTreeNode>& tree = report.coroutine_tree;
  fmt::format_to(sink,
                 "\n[hotpath] coroutine tree - each coroutine under the coroutine that created "
                 "it (logical time).\n");
  const std::size_t shown = report.limit == 0 ? tree.size() : std::min(report.limit, tree.size());
  std::vector<std::size_t> depth(tree.size(), 0);
  std::vector<Cells> table{{"Coroutine path", "Instances", "Total", "Running", "% Total"}};
  for (std::size_t i = 0; i < shown; ++i) {
    if (tree[i].parent != kNoNode) depth[i] = depth[tree[i].parent] + 1;
    const CoroutineTreeNode& node = tree[i];
    table.push_back(
        {node.name, fmt::format("{}", node.instances), detail::format_duration(node.total_ns),
         detail::format_duration(node.running_ns), percent_of_wall(report, node.total_ns)});
  }
  shape_names(table, report.name_width);
  for (std::size_t i = 0; i < shown; ++i) table[i + 1][0].insert(0, 2 * depth[i], ' ');
  append_table(buffer, table);
  if (shown < tree.size()) {
    fmt::format_to(sink, "... {} more coroutine paths not shown (limit {}; {} shows all)\n",
                   tree.size() - shown, report.limit, show_all);
  }
  if (report.coroutine_tree_overflow != 0) {
    fmt::format_to(sink, "{} instances of paths beyond the table's are left out\n",
                   report.coroutine_tree_overflow);
  }
}

// Only once the program used a gauge or counter; every one of them, whatever the limit.
void append_gauge_section(fmt::memory_buffer& buffer, const Report& report,
                          std::string_view show_all) {
  if (report.gauge_rows.empty()) return;
  fmt::format_to(std::back_inserter(buffer), "\n{}\n", detail::gauge_section_title());
  append_function_table(
      buffer, report, detail::gauge_column_titles(), report.gauge_rows, report.gauge_rows.size(),
      [](const Report&, const GaugeRow& row) { return detail::gauge_cells(row); }, show_all,
      "gauges");
}

void append_call_tree_section(fmt::memory_buffer& buffer, const Report& report,
                              std::string_view show_all) {
  auto sink = std::back_inserter(buffer);
  fmt::format_to(sink, "\n[hotpath] call tree - hottest paths of measured calls (wall time).\n");
  if (report.call_tree.empty()) {
    fmt::format_to(sink, "(no calls were measured)\n");
    return;
  }
  append_hottest_paths(buffer, report, show_all);
  append_callers_and_callees(buffer, report);
  if (!report.coroutine_tree.empty()) append_coroutine_tree(buffer, report, show_all);
}

}  // namespace

void TableReporter::write(const Report& report, std::ostream& out) {
  fmt::memory_buffer buffer;
  if (report.show_timing) append_timing_section(buffer, report, show_all_);
  if (report.alloc_tracked && report.show_alloc) append_alloc_section(buffer, report, show_all_);
  if ((report.alloc_tracked || report.threads_monitored) && report.show_threads)
    append_threads_section(buffer, report);
  if (report.cpu_sampled && report.show_cpu) append_cpu_section(buffer, report, show_all_);
  if (report.waits_tracked && report.show_waits) append_wait_section(buffer, report, show_all_);
  if (report.waits_tracked && report.show_locks) append_lock_section(buffer, report, show_all_);
  if (report.show_coroutines) append_coroutine_section(buffer, report, show_all_);
  if (report.show_gauges) append_gauge_section(buffer, report, show_all_);
  if (report.show_call_tree) append_call_tree_section(buffer, report, show_all_);
  // Every section but timing starts with a blank line that sets it apart from the
  // one before; the first one printed has none before it.
  const std::size_t blank = buffer.size() != 0 && buffer.data()[0] == '\n' ? 1 : 0;
  out.write(buffer.data() + blank, static_cast<std::streamsize>(buffer.size() - blank));
}

}  // namespace hotpath
