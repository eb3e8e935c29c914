// Call trees merged for reading: the paths of every thread's tree, each path once,
// with its counts summed. Paths are sequences of site ids, so trees of different
// threads (and of threads that exited) merge by walking them side by side.
#ifndef HOTPATH_RUNTIME_CALL_TREE_TOTALS_HPP
#define HOTPATH_RUNTIME_CALL_TREE_TOTALS_HPP

#include <cstdint>
#include <vector>

#include <tsl/robin_map.h>

#include "hotpath/detail/recording.hpp"
#include "totals/mixed_hash.hpp"
#include "totals/untimed_scale.hpp"

namespace hotpath::detail {

/// A merged call tree. Node 0 is the root (site 0); every other node comes after
/// its parent. Values in ticks.
class CallTreeTotals {
 public:
  struct Node {
    std::uint32_t site = 0;  ///< site id, or kOtherCallSite
    std::uint32_t parent = 0;
    std::uint64_t calls = 0;
    std::uint64_t total_ticks = 0;
    std::uint64_t self_ticks = 0;
  };

  CallTreeTotals();

  /// Adds `calls`, `total_ticks` and `self_ticks` to the child `site` of node
  /// `parent`, created empty when missing, and returns its index.
  std::uint32_t add(std::uint32_t parent, std::uint32_t site, std::uint64_t calls,
                    std::uint64_t total_ticks, std::uint64_t self_ticks);
  void merge(const CallTreeTotals& other);
  /// Keeps the calls recorded since `earlier`, a snapshot of the same trees.
  void subtract(const CallTreeTotals& earlier) noexcept;
  /// Time sampling: a tree records only timed calls; scales each node's to all
  /// calls of its function, with `scale_of_site[site - 1]`.
  void scale_to_all_calls(const std::vector<SiteScale>& scale_of_site) noexcept;

  const std::vector<Node>& nodes() const noexcept { return nodes_; }

 private:
  /// The index of the child `site` of node `parent`, created empty when missing.
  std::uint32_t child(std::uint32_t parent, std::uint32_t site);
  /// The same, or kNoChild.
  std::uint32_t find_child(std::uint32_t parent, std::uint32_t site) const noexcept;
  static constexpr std::uint32_t kNoChild = ~std::uint32_t{0};

  std::vector<Node> nodes_;
  tsl::robin_map<std::uint64_t, std::uint32_t, MixedHash>
      children_;  ///< (parent << 32 | site) -> index
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CALL_TREE_TOTALS_HPP
