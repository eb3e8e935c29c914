// The script embedded in every flame graph: details on hover, zoom on click, search, and
// views opened from URL parameters.
#ifndef HOTPATH_FLAMEGRAPH_FLAMEGRAPH_SCRIPT_HPP
#define HOTPATH_FLAMEGRAPH_FLAMEGRAPH_SCRIPT_HPP

#include <string_view>

namespace hotpath::flamegraph {

/// The JavaScript of the interactive SVG. It contains no "]]>", so it can be embedded in a
/// CDATA section, and reads everything it needs from the attributes render_svg() writes.
std::string_view flamegraph_script() noexcept;

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_FLAMEGRAPH_SCRIPT_HPP
