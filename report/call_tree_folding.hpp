// The call tree of a report as folded stacks: the input of the wall-clock flame
// graph, exact because its weights are measured nanoseconds, not samples.
#ifndef HOTPATH_REPORT_CALL_TREE_FOLDING_HPP
#define HOTPATH_REPORT_CALL_TREE_FOLDING_HPP

#include <vector>

#include "folded_stacks.hpp"
#include "hotpath/report.hpp"

namespace hotpath::detail {

/// One stack per node, root first, weighing the node's self time in nanoseconds:
/// a frame of the flame graph is then as wide as the node's inclusive time (the
/// time of its calls still running excepted). Nodes without self time are left out.
/// `weight` picks another figure of the node to weigh it with, e.g. its calls.
flamegraph::FoldedStacks fold_call_tree(
    const std::vector<CallTreeNode>& tree,
    std::uint64_t CallTreeNode::*weight = &CallTreeNode::self_ns);

/// One stack per node of a logical tree of coroutines, weighing the node's logical
/// time less its children's (clamped at 0: a child can outlive its creator).
flamegraph::FoldedStacks fold_coroutine_tree(const std::vector<CoroutineTreeNode>& tree);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_CALL_TREE_FOLDING_HPP
