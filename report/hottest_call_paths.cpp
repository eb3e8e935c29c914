// Sorting the nodes by total time and keeping the first `limit`, then walking up to
// the roots from each.
#include "hottest_call_paths.hpp"

#include <algorithm>
#include <tuple>

namespace hotpath::detail {

std::vector<bool> hottest_call_paths(const std::vector<CallTreeNode>& tree, std::size_t limit) {
  std::vector<std::size_t> by_total(tree.size());
  for (std::size_t i = 0; i < tree.size(); ++i) by_total[i] = i;
  // Ties keep the tree's order.
  std::sort(by_total.begin(), by_total.end(), [&](std::size_t a, std::size_t b) {
    return std::tie(tree[b].total_ns, a) < std::tie(tree[a].total_ns, b);
  });
  if (limit != 0 && by_total.size() > limit) by_total.resize(limit);
  std::vector<bool> shown(tree.size(), false);
  for (std::size_t node : by_total) {
    for (std::size_t at = node; at != CallTreeNode::kNoParent && !shown[at]; at = tree[at].parent)
      shown[at] = true;
  }
  return shown;
}

}  // namespace hotpath::detail
