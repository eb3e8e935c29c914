// Drawing a table of text cells, as a box-drawn table for a terminal or as a
// GitHub-flavoured Markdown table, for the renderers that are not TableReporter
// (whose drawing abbreviates names and is its own). Cells are drawn as given:
// markdown_code and markdown_text escape what Markdown would misread. Notes under a
// Markdown table are a quote.
#ifndef HOTPATH_REPORT_TABLE_DRAWING_HPP
#define HOTPATH_REPORT_TABLE_DRAWING_HPP

#include <string>
#include <string_view>
#include <vector>

namespace hotpath::detail {

/// Where a column's cells sit: names on the left, numbers on the right.
enum class ColumnAlign { Left, Right };

/// The cells of a table: a header, then rows as long as the header.
struct TableCells {
  std::vector<std::string> header;
  std::vector<ColumnAlign> align;  ///< one per column
  std::vector<std::vector<std::string>> rows;
};

/// The table drawn with `+---+` borders, every column as wide as its widest cell
/// (in code points), one line per row.
std::string draw_text_table(const TableCells& table);

/// The table in Markdown: a header line, the alignment line, one line per row.
std::string draw_markdown_table(const TableCells& table);

/// `text` as inline code that stays inside one table cell: control characters
/// written as escapes, `|` escaped, enough backticks around it.
std::string markdown_code(std::string_view text);

/// `text` as Markdown text that reads literally inside a line (not at its start):
/// the characters Markdown would take for markup there (`*`, `_`, `<`, `|`, `&`, ...)
/// escaped with a backslash.
std::string markdown_text(std::string_view text);

/// `paragraphs` as one Markdown quote, each paragraph one line of markdown_text,
/// separated by an empty quoted line; "" when there are none.
std::string markdown_quote(const std::vector<std::string>& paragraphs);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_TABLE_DRAWING_HPP
