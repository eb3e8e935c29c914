// JSON text with positions, for messages that point into a file: parsing that
// reports where the text stops being JSON (line and column), and the line where a
// value of a parsed document starts, found from its path.
#ifndef HOTPATH_REPORT_JSON_TEXT_HPP
#define HOTPATH_REPORT_JSON_TEXT_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace hotpath::detail {

/// Where a syntax error is, and what it is.
struct JsonSyntaxError {
  std::size_t line = 0;    ///< 1-based
  std::size_t column = 0;  ///< 1-based, in bytes
  std::string message;  ///< e.g. "syntax error while parsing array - unexpected end of input; ..."
};

/// A 1-based line and byte column.
struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 1;
};

/// The position of the byte at `offset` (0-based) in `text`; an offset at or past the
/// end is the position just after the last byte.
TextPosition position_of_offset(std::string_view text, std::size_t offset);

/// Parses `text` as one JSON value. On failure, nullopt and `error` says where: a
/// syntax error, or a number too large for a double.
std::optional<nlohmann::json> parse_json_text(std::string_view text, JsonSyntaxError& error);

/// The line (1-based) where the value at `path` (object keys and array indices, as
/// in a JSON pointer) starts in `text`, which must be valid JSON. When `path` names
/// nothing, the line of the deepest value on it that exists: an object that lacks
/// a member gives the line of the object.
std::size_t line_of_json_value(std::string_view text, const std::vector<std::string>& path);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_JSON_TEXT_HPP
