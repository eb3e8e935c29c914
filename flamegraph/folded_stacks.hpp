// Folded stacks, the interchange format of flame graphs: one line per stack,
// `root;caller;callee count`. The in-memory model, its text form in both directions,
// and the transforms applied before rendering (merging, reversing, cutting at a function).
#ifndef HOTPATH_FLAMEGRAPH_FOLDED_STACKS_HPP
#define HOTPATH_FLAMEGRAPH_FOLDED_STACKS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hotpath::flamegraph {

/// One stack and how many samples (or bytes, calls...) it stands for.
struct Stack {
  std::vector<std::string> frames;  ///< root first
  std::uint64_t count = 0;          ///< samples (or bytes, calls...) of this stack
};

/// Stacks in the order they were added; identical stacks may repeat (time order for flame
/// charts).
///
///     FoldedStacks stacks;
///     stacks.add({"main", "parse", "read"}, 12);
///     std::string text = to_folded(stacks.merged());  // "main;parse;read 12\n"
class FoldedStacks {
 public:
  /// Appends a stack. A zero count or an empty `frames` is ignored.
  void add(std::vector<std::string> frames, std::uint64_t count);
  /// Every stack, in the order added.
  const std::vector<Stack>& stacks() const noexcept { return stacks_; }
  /// The sum of the counts (saturating at the largest std::uint64_t).
  std::uint64_t total() const noexcept { return total_; }
  /// True when no stack was added.
  bool empty() const noexcept { return stacks_.empty(); }
  /// Identical stacks merged (counts summed), sorted by frames (lexicographic): the
  /// canonical folded output.
  FoldedStacks merged() const&;
  /// The same, moving the frames out of this temporary instead of copying them.
  FoldedStacks merged() &&;

 private:
  std::vector<Stack> stacks_;
  std::uint64_t total_ = 0;
};

/// Parses folded text: one stack per line, `frame;frame;frame count` (root first, count a
/// decimal integer after the last space). Blank lines are skipped. Returns std::nullopt and
/// sets `error` to "line N: <what is wrong>" on a malformed line (no count, count not a
/// number, empty stack).
std::optional<FoldedStacks> parse_folded(std::string_view text, std::string& error);

/// Writes `frame;frame count\n` per stack, in order.
std::string to_folded(const FoldedStacks& stacks);

/// Every stack with its frames reversed (leaf first): the "stack-reversed" flame graph.
FoldedStacks reversed(const FoldedStacks& stacks);

/// Cuts off the frames below the first frame (from the root) named one of `functions`:
/// that frame becomes the root, e.g. `a;main;work;leaf` with {"main"} becomes
/// `main;work;leaf`. Stacks without any of the functions are left unchanged.
FoldedStacks skip_after(const FoldedStacks& stacks, const std::vector<std::string>& functions);

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_FOLDED_STACKS_HPP
