// Folding the call tree into stacks.
#include "call_tree_folding.hpp"

#include <string>
#include <utility>

namespace hotpath::detail {

flamegraph::FoldedStacks fold_call_tree(const std::vector<CallTreeNode>& tree,
                                        std::uint64_t CallTreeNode::*weight) {
  flamegraph::FoldedStacks stacks;
  // A node comes after its caller: the path of each is its caller's plus itself.
  std::vector<std::vector<std::string>> paths;
  paths.reserve(tree.size());
  for (const CallTreeNode& node : tree) {
    std::vector<std::string> path;
    if (node.parent != CallTreeNode::kNoParent && node.parent < paths.size())
      path = paths[node.parent];
    path.push_back(node.name);
    stacks.add(path, node.*weight);
    paths.push_back(std::move(path));
  }
  return stacks;
}

flamegraph::FoldedStacks fold_coroutine_tree(const std::vector<CoroutineTreeNode>& tree) {
  std::vector<std::uint64_t> children_ns(tree.size(), 0);
  for (const CoroutineTreeNode& node : tree) {
    if (node.parent != CoroutineTreeNode::kNoParent && node.parent < tree.size())
      children_ns[node.parent] += node.total_ns;
  }
  flamegraph::FoldedStacks stacks;
  std::vector<std::vector<std::string>> paths;
  paths.reserve(tree.size());
  for (std::size_t index = 0; index < tree.size(); ++index) {
    const CoroutineTreeNode& node = tree[index];
    std::vector<std::string> path;
    if (node.parent != CoroutineTreeNode::kNoParent && node.parent < paths.size())
      path = paths[node.parent];
    path.push_back(node.name);
    const std::uint64_t own =
        node.total_ns > children_ns[index] ? node.total_ns - children_ns[index] : 0;
    stacks.add(path, own);
    paths.push_back(std::move(path));
  }
  return stacks;
}

}  // namespace hotpath::detail
