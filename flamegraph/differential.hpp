// Differential flame graphs, as Brendan Gregg's difffolded.pl and flamegraph.pl draw
// them: one profile drawn (head, the one after the change, by default), each frame
// colored by how its self value changed from the other: red when it grew, blue when it
// shrank, white when unchanged, deeper in proportion to the change.
//
//   base, head (folded) -> DifferentialProfile (both per path, normalized)
//                       -> render_differential_svg (the SVG renderer with a FrameStyle)
#ifndef HOTPATH_FLAMEGRAPH_DIFFERENTIAL_HPP
#define HOTPATH_FLAMEGRAPH_DIFFERENTIAL_HPP

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "folded_stacks.hpp"
#include "options.hpp"

namespace hotpath::flamegraph {

/// How two profiles are compared.
struct DifferentialSettings {
  /// Scale the profile not drawn to the drawn one's total before comparing (as
  /// difffolded.pl -n): a frame is then red when its share of the profile grew. When
  /// false, raw values are compared: a longer run makes everything red.
  bool normalize = true;
  /// Draw base instead of head (flamegraph.pl --negate): frames only in head are then
  /// the ones left out. Red still means "grew from base to head".
  bool negate = false;
};

/// One frame (a path from the root) in both profiles, in their own units.
struct FrameValues {
  std::uint64_t base_total = 0;  ///< the stacks through the path, in base
  std::uint64_t base_self = 0;   ///< the stacks that end at the path, in base
  std::uint64_t head_total = 0;
  std::uint64_t head_self = 0;
  bool in_base = false;
  bool in_head = false;
};

/// Two profiles of the same program, compared path by path.
class DifferentialProfile {
 public:
  DifferentialProfile(const FoldedStacks& base, const FoldedStacks& head,
                      DifferentialSettings settings);

  /// The stacks drawn, merged: head's, or base's when negated.
  const FoldedStacks& drawn() const noexcept { return drawn_; }
  /// The settings it was compared with.
  const DifferentialSettings& settings() const noexcept { return settings_; }
  /// The sum of base's counts, unscaled.
  std::uint64_t base_total() const noexcept { return base_total_; }
  /// The sum of head's counts, unscaled.
  std::uint64_t head_total() const noexcept { return head_total_; }

  /// The values of the path made of the first `depth` frames of `frames`; nullptr for
  /// a path in neither profile. Depth 0 is the root: both totals.
  const FrameValues* find(const std::vector<std::string>& frames, std::size_t depth) const;

  /// How much a frame's self value changed from base to head, in the drawn profile's
  /// units: the other profile scaled to the drawn one's total when normalizing.
  double self_change(const FrameValues& values) const noexcept;
  /// The same as a percentage of base's (scaled) self value; infinite when that is 0
  /// and head's is not, NaN when both are 0.
  double self_change_percent(const FrameValues& values) const noexcept;
  /// The largest |self_change| of the paths in both profiles: the change drawn in full
  /// color.
  double full_change() const noexcept { return full_change_; }
  /// Paths only in the profile not drawn (removed ones, or new ones when negated):
  /// they have no frame in the graph.
  std::size_t frames_not_drawn() const noexcept { return frames_not_drawn_; }

 private:
  void add(const FoldedStacks& stacks, bool is_head);
  std::uint32_t intern(const std::string& name);
  double scaled_base(std::uint64_t value) const noexcept;
  double scaled_head(std::uint64_t value) const noexcept;

  DifferentialSettings settings_;
  FoldedStacks drawn_;
  // The tree of paths, flat: a node per path (nodes_[0] is the root), its children
  // found by (parent << 32 | name id). Far smaller than a map per node on profiles of a
  // million paths.
  std::vector<FrameValues> nodes_;
  std::deque<std::string> names_;
  std::unordered_map<std::string_view, std::uint32_t> name_ids_;  ///< views into names_
  std::unordered_map<std::uint64_t, std::uint32_t> children_;
  std::uint64_t base_total_ = 0;
  std::uint64_t head_total_ = 0;
  double full_change_ = 0;
  std::size_t frames_not_drawn_ = 0;
};

/// The legend line of a graph of `profile`: what red, blue and white mean, the change
/// drawn in full color (in `count_name`), and how many frames are not drawn.
std::string differential_legend(const DifferentialProfile& profile, const std::string& count_name);

/// The SVG of `profile`: drawn() laid out as a flame graph, frames filled with
/// change_color() (kNewFrameColor for paths only in head, kRemovedFrameColor for paths
/// only in base when negated), tooltips with both profiles' values and the self change
/// in percent. options.palette, flamechart and deterministic are not used.
std::string render_differential_svg(const DifferentialProfile& profile, const Options& options);

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_DIFFERENTIAL_HPP
