// Folded stacks -> a self-contained interactive SVG flame graph (or flame chart, or icicle
// graph), with its script embedded: the file opens in any browser, offline.
#ifndef HOTPATH_FLAMEGRAPH_SVG_RENDERER_HPP
#define HOTPATH_FLAMEGRAPH_SVG_RENDERER_HPP

#include <string>

#include "folded_stacks.hpp"
#include "frame_style.hpp"
#include "options.hpp"

namespace hotpath::flamegraph {

/// Renders the stacks as a self-contained interactive SVG document (UTF-8 text). Unless
/// options.flamechart, identical stacks are merged and siblings sorted by name
/// (alphabetical), as flame graphs do. With no samples, the document says "No samples".
///
///     std::string error;
///     if (auto stacks = parse_folded(text, error)) write(render_svg(*stacks, Options{}));
std::string render_svg(const FoldedStacks& stacks, const Options& options);

/// The same, with `style` choosing each frame's fill and tooltip instead of
/// options.palette: search, zoom and details work as in every flame graph.
std::string render_svg(const FoldedStacks& stacks, const Options& options, const FrameStyle& style);

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_SVG_RENDERER_HPP
