// Text that goes into the SVG: frame names come from symbol tables and user files, so they
// are made valid UTF-8 without control characters, then escaped for XML.
#ifndef HOTPATH_FLAMEGRAPH_XML_TEXT_HPP
#define HOTPATH_FLAMEGRAPH_XML_TEXT_HPP

#include <cstddef>
#include <string>
#include <string_view>

namespace hotpath::flamegraph {

/// `text` with every byte that is not part of a valid UTF-8 sequence, and every control
/// character but tab and line feed, replaced by U+FFFD.
std::string sanitized_utf8(std::string_view text);

/// Appends `text` to `out` with &, <, >, " and ' escaped: valid in XML text and in
/// attribute values. `text` must be valid UTF-8 (see sanitized_utf8()).
void append_xml_escaped(std::string& out, std::string_view text);

/// The number of characters (code points) of valid UTF-8 `text`.
std::size_t character_count(std::string_view text) noexcept;

/// `text` shortened to fit in `room` characters: unchanged when it fits, else its first
/// room - 2 characters and "..", or "" when room is below 3. `text` must be valid UTF-8.
std::string fitted_label(std::string_view text, std::size_t room);

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_XML_TEXT_HPP
