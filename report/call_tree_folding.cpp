// Folding the call tree into stacks.
#include "call_tree_folding.hpp"

#include <string>
#include <utility>

namespace hotpath::detail {

flamegraph::FoldedStacks fold_call_tree(const std::vector<CallTreeNode>& tree) {
  flamegraph::FoldedStacks stacks;
  // A node comes after its caller: the path of each is its caller's plus itself.
  std::vector<std::vector<std::string>> paths;
  paths.reserve(tree.size());
  for (const CallTreeNode& node : tree) {
    std::vector<std::string> path;
    if (node.parent != CallTreeNode::kNoParent && node.parent < paths.size())
      path = paths[node.parent];
    path.push_back(node.name);
    stacks.add(path, node.self_ns);
    paths.push_back(std::move(path));
  }
  return stacks;
}

}  // namespace hotpath::detail
