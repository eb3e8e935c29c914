// A frame's look beyond its place in the graph: its fill and its tooltip. The renderer
// colors frames from a palette by default; a style replaces that for graphs whose colors
// carry data of their own, such as the differential flame graph (differential.hpp).
#ifndef HOTPATH_FLAMEGRAPH_FRAME_STYLE_HPP
#define HOTPATH_FLAMEGRAPH_FRAME_STYLE_HPP

#include <cstdint>
#include <string>

#include "folded_stacks.hpp"
#include "frame_layout.hpp"
#include "palette.hpp"

namespace hotpath::flamegraph {

/// Chooses each frame's fill and tooltip. `through` is the stack the frame was laid out
/// from: its first `frame.depth` frames are the frame's path from the root.
class FrameStyle {
 public:
  virtual ~FrameStyle() = default;
  /// The fill of `frame`.
  virtual Rgb fill(const LaidOutFrame& frame, const Stack& through) const = 0;
  /// The tooltip of `frame`, plain text (the renderer escapes it); `total` is the root's
  /// count. Shown on hover and in the details line.
  virtual std::string tooltip(const LaidOutFrame& frame, const Stack& through,
                              std::uint64_t total) const = 0;
};

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_FRAME_STYLE_HPP
