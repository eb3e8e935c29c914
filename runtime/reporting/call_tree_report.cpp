// Naming, pruning and ordering the merged call tree for a report.
#include "reporting/call_tree_report.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

#include <tsl/robin_map.h>

#include "core/call_tree.hpp"
#include "totals/mixed_hash.hpp"

namespace hotpath::detail {
namespace {

constexpr std::size_t kDropped = static_cast<std::size_t>(-1);

/// A node of the named tree before ordering; index 0 is the root.
struct NamedNode {
  const std::string* name = nullptr;
  std::size_t parent = 0;
  std::uint64_t calls = 0;
  std::uint64_t total_ticks = 0;
  std::uint64_t self_ticks = 0;
  std::uint64_t subtree_calls = 0;  ///< calls of the node and every node below it
  std::vector<std::size_t> children;
};

const std::string kOtherName = "(other)";

/// Child of a named node by name; row names are unique, so a name is known by
/// the address of its string.
struct ChildKey {
  std::size_t parent;
  const std::string* name;
  bool operator==(const ChildKey& other) const noexcept {
    return parent == other.parent && name == other.name;
  }
};
struct ChildKeyHash {
  std::size_t operator()(const ChildKey& key) const noexcept {
    const MixedHash mix;
    return mix(key.parent ^ mix(reinterpret_cast<std::uintptr_t>(key.name)));
  }
};

/// Merges the paths of sites into paths of names.
std::vector<NamedNode> name_paths(
    const CallTreeTotals& tree, const std::function<const std::string*(std::uint32_t)>& row_name) {
  std::vector<NamedNode> named(1);
  tsl::robin_map<ChildKey, std::size_t, ChildKeyHash> children;
  const auto& nodes = tree.nodes();
  std::vector<std::size_t> named_index(nodes.size(), kDropped);
  named_index[0] = 0;
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    const CallTreeTotals::Node& node = nodes[i];
    const std::size_t parent = named_index[node.parent];
    if (parent == kDropped) continue;
    const std::string* name = node.site == kOtherCallSite ? &kOtherName : row_name(node.site);
    if (name == nullptr) continue;
    const auto [entry, created] = children.try_emplace(ChildKey{parent, name}, named.size());
    if (created) {
      NamedNode child;
      child.name = name;
      child.parent = parent;
      named.push_back(std::move(child));
      named[parent].children.push_back(entry->second);
    }
    NamedNode& target = named[entry->second];
    target.calls += node.calls;
    target.total_ticks += node.total_ticks;
    target.self_ticks += node.self_ticks;
    named_index[i] = entry->second;
  }
  // Children come after their parents: one backward pass sums the subtrees. The
  // "(other)" node stands for the calls under it, which record no caller.
  for (std::size_t i = named.size(); i-- > 1;) {
    NamedNode& parent = named[named[i].parent];
    named[i].subtree_calls += named[i].calls;
    parent.subtree_calls += named[i].subtree_calls;
    if (parent.name == &kOtherName) {
      parent.calls += named[i].calls;
      parent.total_ticks += named[i].total_ticks;
    }
  }
  return named;
}

}  // namespace

std::vector<bool> sites_on_called_paths(const CallTreeTotals& tree, std::size_t site_count) {
  const auto& nodes = tree.nodes();
  std::vector<std::uint64_t> subtree_calls(nodes.size(), 0);
  std::vector<bool> on_path(site_count, false);
  for (std::size_t i = nodes.size(); i-- > 1;) {
    subtree_calls[i] += nodes[i].calls;
    subtree_calls[nodes[i].parent] += subtree_calls[i];
    const std::uint32_t site = nodes[i].site;
    if (subtree_calls[i] != 0 && site != kOtherCallSite && site - 1 < site_count)
      on_path[site - 1] = true;
  }
  return on_path;
}

std::vector<CallTreeNode> build_call_tree(
    const CallTreeTotals& tree, const std::function<const std::string*(std::uint32_t)>& row_name,
    const TickConverter& ticks) {
  std::vector<NamedNode> named = name_paths(tree, row_name);
  for (NamedNode& node : named) {
    std::sort(node.children.begin(), node.children.end(), [&](std::size_t a, std::size_t b) {
      return std::tie(named[b].total_ticks, *named[a].name) <
             std::tie(named[a].total_ticks, *named[b].name);
    });
  }
  std::vector<CallTreeNode> result;
  // Depth first: (named node, its index in `result` as a parent).
  std::vector<std::pair<std::size_t, std::size_t>> pending;
  for (auto child = named[0].children.rbegin(); child != named[0].children.rend(); ++child)
    pending.emplace_back(*child, CallTreeNode::kNoParent);
  while (!pending.empty()) {
    const auto [index, parent] = pending.back();
    pending.pop_back();
    const NamedNode& node = named[index];
    if (node.subtree_calls == 0) continue;
    CallTreeNode out;
    out.name = *node.name;
    out.parent = parent;
    out.calls = node.calls;
    out.total_ns = ticks.to_ns(node.total_ticks);
    out.self_ns = ticks.to_ns(node.self_ticks);
    result.push_back(std::move(out));
    const std::size_t position = result.size() - 1;
    for (auto child = node.children.rbegin(); child != node.children.rend(); ++child)
      pending.emplace_back(*child, position);
  }
  return result;
}

}  // namespace hotpath::detail
