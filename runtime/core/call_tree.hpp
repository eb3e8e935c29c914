// A thread's call tree: the nodes its measured calls form, each a function under
// one path of measured callers. The hot path follows cached edges
// (detail/recording.hpp); this is its slow path, which finds or creates the node
// of a call the cache does not know, and the list readers walk.
#ifndef HOTPATH_RUNTIME_CALL_TREE_HPP
#define HOTPATH_RUNTIME_CALL_TREE_HPP

#include <cstddef>
#include <cstdint>

#include <tsl/robin_map.h>

#include "hotpath/detail/recording.hpp"
#include "totals/call_tree_totals.hpp"
#include "totals/mixed_hash.hpp"

namespace hotpath::detail {

/// The site id of the "(other)" node, under which a thread that reached its node
/// limit records the calls whose path would need a new node: one node per function.
constexpr std::uint32_t kOtherCallSite = kNoCallSite - 1;

/// The node of the function whose slot on this thread is `slot` on the path from
/// the root to `node`, included: the function is already active when the path is
/// (recursion); or null.
const CallNode* active_node(const CallNode& node, const FunctionSlot& slot) noexcept;

/// Nodes a thread creates at most unless HOTPATH_CALL_TREE_NODES says otherwise
/// (192 bytes each: 6 MiB).
constexpr std::uint32_t kDefaultCallTreeNodeLimit = 32768;

/// The node limit of the threads that register from now on.
void set_call_tree_node_limit(std::uint32_t limit) noexcept;
std::uint32_t call_tree_node_limit() noexcept;

/// One thread's tree. Nodes come from the thread's arena and live as long as it.
class CallTree {
 public:
  /// Creates the tree of `thread` (registered, with the registry's lock held) and
  /// sets its call_root.
  static void create(ThreadState& thread);
  /// Destroys the tree of `thread`, whose arena is released next.
  static void destroy(ThreadState& thread) noexcept;
  /// The tree of a registered thread.
  static CallTree& of(const ThreadState& thread) noexcept {
    return *static_cast<CallTree*>(thread.call_tree);
  }

  /// The edge from `caller` to a call of the site `site` (registered, its slot
  /// `slot` on this thread); creates the callee's node when needed. Owner only.
  CallEdge edge(ThreadState& thread, CallNode& caller, std::uint32_t site, FunctionSlot* slot);

  /// The root: every node is published after it, in creation order (`next`).
  const CallNode& root() const noexcept { return root_; }
  /// Zeroes every counter: a forked child starts afresh, paths and edges kept.
  void clear_counts() noexcept;
  /// Adds what the thread recorded so far in this tree (which it may still be
  /// writing) to `totals`, path by path.
  void add_to(CallTreeTotals& totals) const;

 private:
  explicit CallTree(std::uint32_t limit) noexcept;
  CallNode* new_node(ThreadState& thread, CallNode& parent, std::uint32_t site, FunctionSlot* slot);
  /// The node of `site` under "(other)", created on first use.
  CallNode* other_node(ThreadState& thread, std::uint32_t site, FunctionSlot* slot);

  CallNode root_{};
  CallNode* other_ = nullptr;  ///< "(other)", created when the limit is reached
  CallNode* last_ = &root_;
  std::uint32_t count_ = 1;
  std::uint32_t limit_;
  /// Every edge taken, by (caller's index << 32 | callee's site): the cache of a
  /// node holds a few of its edges, this all of them.
  tsl::robin_map<std::uint64_t, CallEdge, MixedHash> edges_;
  /// The nodes under "(other)", by site.
  tsl::robin_map<std::uint32_t, CallNode*> other_nodes_;
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CALL_TREE_HPP
