// Building the logical tree of coroutines (coroutine_tree.hpp).
#include "reporting/coroutine_tree.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace hotpath::detail {
namespace {

/// A node while the tree is built: its totals in ticks and its children by name.
struct Building {
  std::string name;
  std::uint64_t instances = 0;
  std::uint64_t logical_ticks = 0;
  std::uint64_t running_ticks = 0;
  std::map<std::string, std::size_t> children;  ///< name -> index in the nodes
};

class TreeBuilder {
 public:
  TreeBuilder(const CoroutinePathsSnapshot& paths, const SiteNamer& name_of_site)
      : name_of_site_(name_of_site) {
    for (const CoroutinePathTotals& path : paths.paths) paths_.emplace(path.path, &path);
    nodes_.emplace_back();  // the root, above the coroutines no coroutine created
  }

  void add_all() {
    for (const auto& [id, path] : paths_) {
      if (path->instances == 0) continue;
      const std::size_t node = node_of(id, 0);
      if (node == 0) continue;
      nodes_[node].instances += path->instances;
      nodes_[node].logical_ticks += path->logical_ticks;
      nodes_[node].running_ticks += path->running_ticks;
    }
  }

  /// Depth first from the root's children, siblings by logical time descending.
  std::vector<CoroutineTreeNode> ordered(const TickConverter& ticks) const {
    std::vector<CoroutineTreeNode> result;
    append_children(0, CoroutineTreeNode::kNoParent, ticks, result);
    return result;
  }

 private:
  /// The node of path `id` (0 for the root, or for a path without a row);
  /// `depth` guards against a cycle in damaged data.
  std::size_t node_of(std::uint32_t id, unsigned depth) {
    if (id == 0 || depth > kCoroutinePaths) return 0;
    if (const auto known = node_of_path_.find(id); known != node_of_path_.end())
      return known->second;
    const auto path = paths_.find(id);
    if (path == paths_.end()) return 0;
    const std::string* name = name_of_site_(path->second->site);
    if (name == nullptr) return 0;
    const std::size_t parent = node_of(path->second->parent, depth + 1);
    auto [child, added] = nodes_[parent].children.try_emplace(*name, nodes_.size());
    if (added) {
      nodes_.emplace_back();
      nodes_.back().name = *name;
    }
    node_of_path_[id] = child->second;
    return child->second;
  }

  /// A node's total: its own instances' logical time (a parent whose instances
  /// are all still running has none yet, and comes after its ended siblings).
  std::uint64_t total_of(std::size_t node) const { return nodes_[node].logical_ticks; }

  bool has_instances(std::size_t node) const {
    if (nodes_[node].instances != 0) return true;
    for (const auto& [name, child] : nodes_[node].children) {
      if (has_instances(child)) return true;
    }
    return false;
  }

  void append_children(std::size_t node, std::size_t parent_index, const TickConverter& ticks,
                       std::vector<CoroutineTreeNode>& result) const {
    std::vector<std::size_t> children;
    for (const auto& [name, child] : nodes_[node].children) {
      if (has_instances(child)) children.push_back(child);
    }
    std::sort(children.begin(), children.end(), [this](std::size_t a, std::size_t b) {
      return std::make_tuple(total_of(b), nodes_[a].name) <
             std::make_tuple(total_of(a), nodes_[b].name);
    });
    for (std::size_t child : children) {
      const Building& built = nodes_[child];
      CoroutineTreeNode out;
      out.name = built.name;
      out.parent = parent_index;
      out.instances = built.instances;
      out.total_ns = ticks.to_ns(built.logical_ticks);
      out.running_ns = ticks.to_ns(built.running_ticks);
      result.push_back(std::move(out));
      append_children(child, result.size() - 1, ticks, result);
    }
  }

  const SiteNamer& name_of_site_;
  std::unordered_map<std::uint32_t, const CoroutinePathTotals*> paths_;
  std::unordered_map<std::uint32_t, std::size_t> node_of_path_;
  std::vector<Building> nodes_;
};

}  // namespace

std::vector<CoroutineTreeNode> build_coroutine_tree(const CoroutinePathsSnapshot& paths,
                                                    const SiteNamer& name_of_site,
                                                    const TickConverter& ticks) {
  TreeBuilder builder(paths, name_of_site);
  builder.add_all();
  return builder.ordered(ticks);
}

}  // namespace hotpath::detail
