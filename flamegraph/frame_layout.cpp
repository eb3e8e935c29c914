// Layout in one pass over the stacks: with the stacks in drawing order (sorted for a flame
// graph, as given for a flame chart), a frame stays open while the following stacks share
// the path to it, so each frame is created once and closed once.
#include "frame_layout.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "stack_order.hpp"

namespace hotpath::flamegraph {

FrameLayout lay_out_frames(const FoldedStacks& stacks, bool flamechart, double min_share) {
  FrameLayout layout;
  layout.total = stacks.total();
  if (stacks.empty()) return layout;

  const std::vector<Stack>& all = stacks.stacks();
  std::vector<std::size_t> order;
  if (flamechart) {
    order.resize(all.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
  } else {
    order = sorted_stack_order(all, PrefixOrder::LongerFirst);
  }

  struct OpenFrame {
    std::string_view name;
    std::uint64_t start;
    std::size_t stack;
  };
  // open[i] is the frame at depth i + 1 on the path of the current stack.
  std::vector<OpenFrame> open;
  std::uint64_t offset = 0;
  const double min_count = min_share * static_cast<double>(layout.total);
  const auto close_down_to = [&](std::size_t depth) {
    while (open.size() > depth) {
      const OpenFrame& frame = open.back();
      const std::uint64_t count = offset - frame.start;
      if (static_cast<double>(count) >= min_count)
        layout.frames.push_back({frame.name, frame.start, count, open.size(), frame.stack});
      open.pop_back();
    }
  };
  for (const std::size_t index : order) {
    const Stack& stack = all[index];
    std::size_t shared = 0;
    while (shared < open.size() && shared < stack.frames.size() &&
           open[shared].name == stack.frames[shared])
      ++shared;
    close_down_to(shared);
    for (std::size_t depth = shared; depth < stack.frames.size(); ++depth)
      open.push_back({stack.frames[depth], offset, index});
    offset += stack.count;
  }
  close_down_to(0);
  layout.frames.push_back({"all", 0, layout.total, 0, 0});

  std::sort(layout.frames.begin(), layout.frames.end(),
            [](const LaidOutFrame& a, const LaidOutFrame& b) {
              return std::tie(a.depth, a.start) < std::tie(b.depth, b.start);
            });
  layout.max_depth = layout.frames.back().depth;
  return layout;
}

}  // namespace hotpath::flamegraph
