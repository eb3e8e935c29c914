// Both drawings escape nothing themselves: the renderers know which cells are names
// and which are numbers.
#include "table_drawing.hpp"

#include <algorithm>
#include <cstddef>

#include "name_abbreviation.hpp"

namespace hotpath::detail {
namespace {

std::string border(const std::vector<std::size_t>& widths) {
  std::string line;
  for (std::size_t width : widths) line += "+" + std::string(width + 2, '-');
  return line + "+\n";
}

std::string text_line(const std::vector<std::string>& cells, const TableCells& table,
                      const std::vector<std::size_t>& widths) {
  std::string line;
  for (std::size_t column = 0; column < cells.size(); ++column) {
    const std::string padding(widths[column] - display_width(cells[column]), ' ');
    const bool right = table.align[column] == ColumnAlign::Right;
    line += "| " + (right ? padding + cells[column] : cells[column] + padding) + " ";
  }
  return line + "|\n";
}

std::string markdown_line(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const std::string& cell : cells) line += " " + cell + " |";
  return line + "\n";
}

}  // namespace

std::string draw_text_table(const TableCells& table) {
  std::vector<std::size_t> widths(table.header.size(), 0);
  auto measure = [&](const std::vector<std::string>& cells) {
    for (std::size_t column = 0; column < cells.size(); ++column)
      widths[column] = std::max(widths[column], display_width(cells[column]));
  };
  measure(table.header);
  for (const std::vector<std::string>& row : table.rows) measure(row);

  std::string text = border(widths) + text_line(table.header, table, widths) + border(widths);
  for (const std::vector<std::string>& row : table.rows) text += text_line(row, table, widths);
  if (!table.rows.empty()) text += border(widths);
  return text;
}

std::string draw_markdown_table(const TableCells& table) {
  std::string text = markdown_line(table.header) + "|";
  for (ColumnAlign align : table.align) text += align == ColumnAlign::Right ? " ---: |" : " :--- |";
  text += "\n";
  for (const std::vector<std::string>& row : table.rows) text += markdown_line(row);
  return text;
}

std::string markdown_code(std::string_view text) {
  std::string contents;
  for (char c : printable_name(text)) {
    // GitHub ends a cell at any unescaped pipe, inside code too.
    if (c == '|') contents += '\\';
    contents += c;
  }
  // A code span is delimited by a run of backticks longer than any inside it.
  std::size_t longest = 0;
  std::size_t run = 0;
  for (char c : contents) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  if (longest == 0) return fence + contents + fence;
  return fence + " " + contents + " " + fence;
}

std::string markdown_text(std::string_view text) {
  std::string escaped;
  for (char c : printable_name(text)) {
    if (std::string_view("\\`*_[]<>|~&").find(c) != std::string_view::npos) escaped += '\\';
    escaped += c;
  }
  return escaped;
}

std::string markdown_quote(const std::vector<std::string>& paragraphs) {
  std::string quote;
  for (const std::string& paragraph : paragraphs)
    quote += (quote.empty() ? "> " : ">\n> ") + markdown_text(paragraph) + "\n";
  return quote;
}

}  // namespace hotpath::detail
