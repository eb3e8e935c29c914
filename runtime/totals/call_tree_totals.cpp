// Merging call trees path by path.
#include "totals/call_tree_totals.hpp"

#include "totals/histogram_snapshot.hpp"

namespace hotpath::detail {
namespace {

std::uint64_t key_of(std::uint32_t parent, std::uint32_t site) noexcept {
  return std::uint64_t{parent} << 32 | site;
}

}  // namespace

CallTreeTotals::CallTreeTotals() : nodes_(1) {}

std::uint32_t CallTreeTotals::find_child(std::uint32_t parent, std::uint32_t site) const noexcept {
  const auto found = children_.find(key_of(parent, site));
  return found != children_.end() ? found->second : kNoChild;
}

std::uint32_t CallTreeTotals::child(std::uint32_t parent, std::uint32_t site) {
  const auto [entry, created] =
      children_.try_emplace(key_of(parent, site), static_cast<std::uint32_t>(nodes_.size()));
  if (created) {
    Node node;
    node.site = site;
    node.parent = parent;
    nodes_.push_back(node);
  }
  return entry->second;
}

std::uint32_t CallTreeTotals::add(std::uint32_t parent, std::uint32_t site, std::uint64_t calls,
                                  std::uint64_t total_ticks, std::uint64_t self_ticks) {
  const std::uint32_t index = child(parent, site);
  Node& node = nodes_[index];
  node.calls += calls;
  node.total_ticks += total_ticks;
  node.self_ticks += self_ticks;
  return index;
}

void CallTreeTotals::merge(const CallTreeTotals& other) {
  std::vector<std::uint32_t> merged_index{0};
  merged_index.reserve(other.nodes_.size());
  for (std::size_t i = 1; i < other.nodes_.size(); ++i) {
    const Node& node = other.nodes_[i];
    const std::uint32_t index = child(merged_index[node.parent], node.site);
    merged_index.push_back(index);
    nodes_[index].calls += node.calls;
    nodes_[index].total_ticks += node.total_ticks;
    nodes_[index].self_ticks += node.self_ticks;
  }
}

void CallTreeTotals::subtract(const CallTreeTotals& earlier) noexcept {
  // Index in `earlier` of each node of this tree, kNoChild for paths it lacks.
  std::vector<std::uint32_t> earlier_index(nodes_.size(), kNoChild);
  earlier_index[0] = 0;
  for (std::size_t i = 1; i < nodes_.size(); ++i) {
    Node& node = nodes_[i];
    const std::uint32_t parent = earlier_index[node.parent];
    if (parent == kNoChild) continue;
    const std::uint32_t index = earlier.find_child(parent, node.site);
    earlier_index[i] = index;
    if (index == kNoChild) continue;
    const Node& before = earlier.nodes_[index];
    node.calls = since(node.calls, before.calls);
    node.total_ticks = since(node.total_ticks, before.total_ticks);
    node.self_ticks = since(node.self_ticks, before.self_ticks);
  }
}

void CallTreeTotals::scale_to_all_calls(const std::vector<SiteScale>& scale_of_site) noexcept {
  for (Node& node : nodes_) {
    // The root and "(other)" have no function; their counts are not used.
    if (node.site == 0 || node.site > scale_of_site.size()) continue;
    const SiteScale& scale = scale_of_site[node.site - 1];
    node.calls = scale.calls(node.calls);
    node.total_ticks = scale.total_ticks(node.total_ticks);
    node.self_ticks = scale.self_ticks(node.self_ticks);
  }
}

}  // namespace hotpath::detail
