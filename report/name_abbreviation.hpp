// Shortening function names that are too wide for a table. Template arguments go
// first, longest list first (`std::map<...>::find`), because a name's beginning and
// its last component say which function it is; what is still too wide loses its
// middle. The JSON report always has the full names.
#ifndef HOTPATH_RUNTIME_NAME_ABBREVIATION_HPP
#define HOTPATH_RUNTIME_NAME_ABBREVIATION_HPP

#include <cstddef>
#include <string>
#include <string_view>

namespace hotpath::detail {

/// Columns `text` takes on a terminal: its UTF-8 code points.
std::size_t display_width(const std::string& text);

/// `name` as one line of a table: control characters (a label's newline or tab)
/// written as escapes, `\n`, `\t`, `\x01`.
std::string printable_name(std::string_view name);

/// `name` in at most `width` columns (at least 8): unchanged when it fits;
/// otherwise with the contents of its longest template argument lists replaced by
/// "..." until it fits, and if that is not enough, its middle replaced by "...".
std::string abbreviate_name(const std::string& name, std::size_t width);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_NAME_ABBREVIATION_HPP
