// The slow path of the call tree: edges the node caches do not hold, node creation,
// folding of recursion, and the node limit.
#include "core/call_tree.hpp"

#include <atomic>
#include <new>
#include <vector>

#include "core/registry.hpp"

namespace hotpath::detail {
namespace {

std::atomic<std::uint32_t> g_node_limit{kDefaultCallTreeNodeLimit};

void reset_node(CallNode& node, CallNode* parent, std::uint32_t site, FunctionSlot* slot,
                std::uint32_t index) noexcept {
  for (std::uint32_t& edge_site : node.edge_sites) edge_site = kNoCallSite;
  for (CallEdge& edge : node.edges) edge = 0;
  node.edge_misses = 0;
  node.slot = slot;
  node.site = site;
  node.index = index;
  node.parent = parent;
  node.next.store(nullptr, std::memory_order_relaxed);
}

}  // namespace

const CallNode* active_node(const CallNode& node, const FunctionSlot& slot) noexcept {
  for (const CallNode* on_path = &node; on_path != nullptr; on_path = on_path->parent) {
    if (on_path->slot == &slot) return on_path;
  }
  return nullptr;
}

void set_call_tree_node_limit(std::uint32_t limit) noexcept {
  g_node_limit.store(limit, std::memory_order_relaxed);
}

std::uint32_t call_tree_node_limit() noexcept {
  return g_node_limit.load(std::memory_order_relaxed);
}

CallTree::CallTree(std::uint32_t limit) noexcept : limit_(limit) {
  reset_node(root_, nullptr, 0, nullptr, 0);
}

void CallTree::create(ThreadState& thread) {
  auto* tree = new CallTree(call_tree_node_limit());
  thread.call_tree = tree;
  thread.call_root = &tree->root_;
}

void CallTree::destroy(ThreadState& thread) noexcept {
  delete static_cast<CallTree*>(thread.call_tree);
  thread.call_tree = nullptr;
  thread.call_root = nullptr;
}

CallNode* CallTree::new_node(ThreadState& thread, CallNode& parent, std::uint32_t site,
                             FunctionSlot* slot) {
  auto* node = new (arena_allocate(thread, sizeof(CallNode))) CallNode();
  reset_node(*node, &parent, site, slot, count_++);
  // Release: a reader that reaches the node sees its structure written.
  last_->next.store(node, std::memory_order_release);
  last_ = node;
  return node;
}

CallNode* CallTree::other_node(ThreadState& thread, std::uint32_t site, FunctionSlot* slot) {
  if (other_ == nullptr) other_ = new_node(thread, root_, kOtherCallSite, nullptr);
  auto found = other_nodes_.find(site);
  if (found != other_nodes_.end()) return found->second;
  CallNode* node = new_node(thread, *other_, site, slot);
  other_nodes_.emplace(site, node);
  return node;
}

CallEdge CallTree::edge(ThreadState& thread, CallNode& caller, std::uint32_t site,
                        FunctionSlot* slot) {
  const std::uint64_t key = std::uint64_t{caller.index} << 32 | site;
  CallEdge edge;
  const auto found = edges_.find(key);
  const bool cached = found != edges_.end();
  if (cached) {
    edge = found->second;
  } else if (other_ != nullptr && caller.parent == other_) {
    // Past the limit every callee goes under "(other)", and its time is already in
    // the outermost call there.
    edge = reinterpret_cast<CallEdge>(other_node(thread, site, slot)) | kReenteringEdge;
  } else if (const CallNode* active = active_node(caller, *slot)) {
    edge = reinterpret_cast<CallEdge>(active) | kReenteringEdge;
  } else if (count_ < limit_) {
    edge = reinterpret_cast<CallEdge>(new_node(thread, caller, site, slot));
  } else {
    edge = reinterpret_cast<CallEdge>(other_node(thread, site, slot));
  }
  if (!cached) edges_.emplace(key, edge);
  // An empty way of the two, or else each in turn: two callees that share both
  // ways and alternate miss at most every other call.
  const unsigned first = first_edge_way(site);
  const unsigned second = second_edge_way(site);
  unsigned way = first;
  if (caller.edge_sites[first] != kNoCallSite &&
      (caller.edge_sites[second] == kNoCallSite || (caller.edge_misses++ & 1) != 0))
    way = second;
  caller.edge_sites[way] = site;
  caller.edges[way] = edge;
  return edge;
}

void CallTree::clear_counts() noexcept {
  for (CallNode* node = &root_; node != nullptr;
       node = node->next.load(std::memory_order_relaxed)) {
    node->calls.store(0, std::memory_order_relaxed);
    node->total_ticks.store(0, std::memory_order_relaxed);
    node->self_ticks.store(0, std::memory_order_relaxed);
  }
}

CallEdge attach_call_edge(ThreadState& state, CallNode* caller, const Site& site) noexcept {
  RuntimeScope runtime;
  // The registry (and its lock) only for the function's first call on this thread:
  // a caller that calls more functions than its edge cache holds comes here often.
  FunctionSlot* slot = slot_for(state, site);
  return CallTree::of(state).edge(state, caller != nullptr ? *caller : *state.call_root, site.id(),
                                  slot);
}

void CallTree::add_to(CallTreeTotals& totals) const {
  // Index in `totals` of each live node, by the live node's index: a node is
  // published after its parent, so the parent's is always known.
  std::vector<std::uint32_t> merged_index{0};
  for (const CallNode* node = root_.next.load(std::memory_order_acquire); node != nullptr;
       node = node->next.load(std::memory_order_acquire)) {
    merged_index.push_back(totals.add(merged_index[node->parent->index], node->site,
                                      node->calls.load(std::memory_order_relaxed),
                                      node->total_ticks.load(std::memory_order_relaxed),
                                      node->self_ticks.load(std::memory_order_relaxed)));
  }
}

}  // namespace hotpath::detail
