// Folded stacks -> the rectangles of a flame graph, in count units: which frame sits at
// which depth and covers which part of the x axis. Pixels, colors and text are the SVG
// renderer's business; this is the part that must stay linear in the number of frames.
#ifndef HOTPATH_FLAMEGRAPH_FRAME_LAYOUT_HPP
#define HOTPATH_FLAMEGRAPH_FRAME_LAYOUT_HPP

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "folded_stacks.hpp"

namespace hotpath::flamegraph {

/// One rectangle: it covers [start, start + count) of the x axis, whose length is the total
/// count.
struct LaidOutFrame {
  std::string_view name;    ///< points into the FoldedStacks laid out, or is "all"
  std::uint64_t start = 0;  ///< the summed counts of the stacks drawn left of it
  std::uint64_t count = 0;  ///< the summed counts of the stacks through it
  std::size_t depth = 0;    ///< 0 for the root "all", 1 for the stacks' first frames
  /// Index in FoldedStacks::stacks() of a stack through this frame: its first `depth`
  /// frames are the frame's path from the root (none for the root).
  std::size_t stack = 0;
};

/// Every frame of a graph, parents before children: sorted by depth, then by start.
struct FrameLayout {
  std::vector<LaidOutFrame> frames;  ///< empty when there are no samples
  std::uint64_t total = 0;           ///< count of the root
  std::size_t max_depth = 0;         ///< depth of the deepest frame kept
};

/// Lays out `stacks` under a root frame named "all". A flame graph (`flamechart` false)
/// merges identical stacks and sorts siblings by name; a flame chart keeps the stacks in
/// order and merges a frame only with the same frame of the stack just before. Frames whose
/// share of the total count is below `min_share` are left out (their counts stay in their
/// parents). The names point into `stacks`, which must outlive the result.
FrameLayout lay_out_frames(const FoldedStacks& stacks, bool flamechart, double min_share);

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_FRAME_LAYOUT_HPP
