// A most-significant-frame-first sort: each group of stacks that share their first d
// frames is sorted by frame d alone, then split into groups that share d + 1 frames. A
// group of one stack needs no further work, so distinct stacks cost one comparison level.
#include "stack_order.hpp"

#include <algorithm>
#include <numeric>

namespace hotpath::flamegraph {

std::vector<std::size_t> sorted_stack_order(const std::vector<Stack>& stacks,
                                            PrefixOrder prefix_order) {
  std::vector<std::size_t> order(stacks.size());
  std::iota(order.begin(), order.end(), std::size_t{0});

  struct Group {
    std::size_t begin;
    std::size_t end;
    std::size_t depth;  // the stacks of the group share frames [0, depth)
  };
  // Explicit, not recursive: stacks of deep recursions are thousands of frames deep.
  std::vector<Group> pending{{0, order.size(), 0}};
  while (!pending.empty()) {
    const Group group = pending.back();
    pending.pop_back();
    if (group.end - group.begin < 2) continue;
    const std::size_t depth = group.depth;
    const auto first = order.begin() + static_cast<std::ptrdiff_t>(group.begin);
    const auto last = order.begin() + static_cast<std::ptrdiff_t>(group.end);
    // The stacks that end at this depth are identical to each other and a prefix of
    // every other stack of the group.
    const auto continues = [&stacks, depth](std::size_t stack) {
      return stacks[stack].frames.size() > depth;
    };
    auto longer_first = first;
    auto longer_last = last;
    if (prefix_order == PrefixOrder::ShorterFirst)
      longer_first = std::partition(first, last,
                                    [&continues](std::size_t stack) { return !continues(stack); });
    else
      longer_last = std::partition(first, last, continues);

    const auto frame = [&stacks, depth](std::size_t stack) -> const std::string& {
      return stacks[stack].frames[depth];
    };
    std::sort(longer_first, longer_last,
              [&frame](std::size_t a, std::size_t b) { return frame(a) < frame(b); });
    for (auto run = longer_first; run != longer_last;) {
      const std::string& name = frame(*run);
      const auto run_end = std::find_if(run + 1, longer_last,
                                        [&](std::size_t stack) { return frame(stack) != name; });
      if (run_end - run > 1)
        pending.push_back({static_cast<std::size_t>(run - order.begin()),
                           static_cast<std::size_t>(run_end - order.begin()), depth + 1});
      run = run_end;
    }
  }
  return order;
}

}  // namespace hotpath::flamegraph
