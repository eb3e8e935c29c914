// Sorting stacks by their frames without comparing whole stacks: profiles share long
// prefixes (main, the event loop, ...), so the stacks are grouped one depth at a time and
// only the frames where they branch are ever compared.
#ifndef HOTPATH_FLAMEGRAPH_STACK_ORDER_HPP
#define HOTPATH_FLAMEGRAPH_STACK_ORDER_HPP

#include <cstddef>
#include <vector>

#include "folded_stacks.hpp"

namespace hotpath::flamegraph {

/// Where a stack goes relative to the longer stacks it is a prefix of.
enum class PrefixOrder {
  ShorterFirst,  ///< lexicographic: `main` before `main;work`
  LongerFirst,   ///< `main;work` before `main`: children at the parent's left edge
};

/// The indices of `stacks`, ordered by frames compared by name (byte-wise), depth by depth.
/// Identical stacks end up next to each other, in no particular order.
std::vector<std::size_t> sorted_stack_order(const std::vector<Stack>& stacks,
                                            PrefixOrder prefix_order);

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_STACK_ORDER_HPP
