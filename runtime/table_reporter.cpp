// The default report: a box-drawn text table of the visible rows, one column per
// configured percentile, followed by a note when the row limit hid functions.
#include <cstddef>
#include <iterator>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "hotpath/report.hpp"
#include "units.hpp"

namespace hotpath {

namespace {

using Cells = std::vector<std::string>;

// Columns are counted in UTF-8 code points. Counting every byte except 10xxxxxx
// continuation bytes also gives a sane width for invalid UTF-8.
std::size_t display_width(const std::string& text) {
  std::size_t width = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0u) != 0x80u) ++width;
  }
  return width;
}

Cells header_cells(const Report& report) {
  Cells cells{"Function", "Calls", "Avg"};
  for (double p : report.percentiles) cells.push_back(detail::percentile_label(p));
  cells.push_back("Total");
  cells.push_back("% Total");
  return cells;
}

Cells row_cells(const Report& report, const FunctionRow& row) {
  Cells cells{row.name, fmt::format("{}", row.calls), detail::format_duration(row.avg_ns)};
  for (std::size_t i = 0; i < report.percentiles.size(); ++i) {
    // A row built with fewer percentiles than the report gets a placeholder
    // rather than shifting the remaining columns.
    cells.push_back(i < row.percentile_ns.size() ? detail::format_duration(row.percentile_ns[i])
                                                 : "-");
  }
  cells.push_back(detail::format_duration(row.total_ns));
  cells.push_back(detail::format_percent(row.percent_total));
  return cells;
}

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
    for (std::size_t i = display_width(cell); i < widths[column] + 1; ++i) buffer.push_back(' ');
  }
  buffer.push_back('|');
  buffer.push_back('\n');
}

}  // namespace

void TableReporter::write(const Report& report, std::ostream& out) {
  fmt::memory_buffer buffer;
  auto sink = std::back_inserter(buffer);
  fmt::format_to(sink, "[hotpath] timing - execution duration of functions ({}).\n",
                 report.time_mode == TimeMode::Exclusive ? "exclusive" : "inclusive");
  fmt::format_to(sink, "{}: {}\n", report.session_name, detail::format_duration(report.wall_ns));

  if (report.rows.empty()) {
    fmt::format_to(sink, "(no functions were measured)\n");
  } else {
    const std::size_t visible = report.visible_row_count();
    std::vector<Cells> table;
    table.reserve(visible + 1);
    table.push_back(header_cells(report));
    for (std::size_t i = 0; i < visible; ++i) table.push_back(row_cells(report, report.rows[i]));

    std::vector<std::size_t> widths(table.front().size(), 0);
    for (const Cells& cells : table) {
      for (std::size_t column = 0; column < cells.size(); ++column) {
        const std::size_t width = display_width(cells[column]);
        if (width > widths[column]) widths[column] = width;
      }
    }

    append_separator(buffer, widths);
    for (const Cells& cells : table) {
      append_cells(buffer, cells, widths);
      append_separator(buffer, widths);
    }

    if (visible < report.rows.size()) {
      fmt::format_to(sink,
                     "... {} more functions not shown (limit {}; HOTPATH_LIMIT=0 shows all)\n",
                     report.rows.size() - visible, report.limit);
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

}  // namespace hotpath
