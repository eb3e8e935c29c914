// Both profiles in one tree of paths (differential.hpp); the graph is the drawn profile
// through the SVG renderer, with a FrameStyle that looks each frame's path up in it.
#include "differential.hpp"

#include <cmath>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "frame_style.hpp"
#include "palette.hpp"
#include "svg_renderer.hpp"

namespace hotpath::flamegraph {
namespace {

// Untrusted counts may be near the maximum: sums stay there instead of wrapping.
std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  return a > max - b ? max : a + b;
}

// 1234567 -> "1,234,567".
std::string grouped(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

double percent_of(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

class DifferentialStyle final : public FrameStyle {
 public:
  DifferentialStyle(const DifferentialProfile& profile, const Options& options)
      : profile_(profile), options_(options) {}

  Rgb fill(const LaidOutFrame& frame, const Stack& through) const override {
    const FrameValues* values = profile_.find(through.frames, frame.depth);
    if (!values) return kUnchangedColor;
    if (!values->in_base) return kNewFrameColor;
    if (!values->in_head) return kRemovedFrameColor;
    return change_color(profile_.self_change(*values), profile_.full_change());
  }

  std::string tooltip(const LaidOutFrame& frame, const Stack& through,
                      std::uint64_t) const override {
    std::string text(frame.name);
    const FrameValues* values = profile_.find(through.frames, frame.depth);
    if (!values) return text;
    const bool negate = profile_.settings().negate;
    const std::string head = part("head", values->head_total, profile_.head_total());
    const std::string base = part("base", values->base_total, profile_.base_total());
    text += " (";
    text += negate ? base : head;
    if (!values->in_base) return text + "; new: not in base)";
    if (!values->in_head) return text + "; removed: not in head)";
    text += "; ";
    text += negate ? head : base;
    const double percent = profile_.self_change_percent(*values);
    if (std::isinf(percent))
      text += "; self was 0 in base";
    else if (!std::isnan(percent))
      text += fmt::format("; self {:+.1f}%", percent);
    return text + ")";
  }

 private:
  std::string part(const char* which, std::uint64_t value, std::uint64_t total) const {
    return fmt::format("{} {} {}, {:.2f}%", which, grouped(value), options_.count_name,
                       percent_of(value, total));
  }

  const DifferentialProfile& profile_;
  const Options& options_;
};

}  // namespace

DifferentialProfile::DifferentialProfile(const FoldedStacks& base, const FoldedStacks& head,
                                         DifferentialSettings settings)
    : settings_(settings), drawn_((settings.negate ? base : head).merged()), nodes_(1) {
  // At most one node per frame of either profile: reserved once, never rehashed.
  std::size_t frames = 0;
  for (const FoldedStacks* stacks : {&base, &head})
    for (const Stack& stack : stacks->stacks()) frames += stack.frames.size();
  nodes_.reserve(frames + 1);
  children_.reserve(frames);
  add(base, false);
  add(head, true);
  base_total_ = nodes_[0].base_total;
  head_total_ = nodes_[0].head_total;
  for (std::size_t index = 1; index < nodes_.size(); ++index) {
    const FrameValues& values = nodes_[index];
    if (values.in_base && values.in_head)
      full_change_ = std::max(full_change_, std::fabs(self_change(values)));
    else if (settings_.negate ? values.in_head : values.in_base)
      ++frames_not_drawn_;
  }
}

std::uint32_t DifferentialProfile::intern(const std::string& name) {
  const auto found = name_ids_.find(name);
  if (found != name_ids_.end()) return found->second;
  const auto id = static_cast<std::uint32_t>(names_.size());
  names_.push_back(name);
  name_ids_.emplace(names_.back(), id);
  return id;
}

void DifferentialProfile::add(const FoldedStacks& stacks, bool is_head) {
  const auto count_in = [is_head](FrameValues& values, std::uint64_t count, bool self) {
    std::uint64_t& total = is_head ? values.head_total : values.base_total;
    total = saturating_add(total, count);
    if (self) {
      std::uint64_t& own = is_head ? values.head_self : values.base_self;
      own = saturating_add(own, count);
    }
    (is_head ? values.in_head : values.in_base) = true;
  };
  for (const Stack& stack : stacks.stacks()) {
    std::uint32_t node = 0;
    count_in(nodes_[0], stack.count, false);
    for (std::size_t depth = 0; depth < stack.frames.size(); ++depth) {
      const std::uint64_t key = std::uint64_t{node} << 32 | intern(stack.frames[depth]);
      const auto [child, added] =
          children_.try_emplace(key, static_cast<std::uint32_t>(nodes_.size()));
      if (added) nodes_.emplace_back();
      node = child->second;
      count_in(nodes_[node], stack.count, depth + 1 == stack.frames.size());
    }
  }
}

const FrameValues* DifferentialProfile::find(const std::vector<std::string>& frames,
                                             std::size_t depth) const {
  std::uint32_t node = 0;
  for (std::size_t at = 0; at < depth && at < frames.size(); ++at) {
    const auto name = name_ids_.find(frames[at]);
    if (name == name_ids_.end()) return nullptr;
    const auto child = children_.find(std::uint64_t{node} << 32 | name->second);
    if (child == children_.end()) return nullptr;
    node = child->second;
  }
  return &nodes_[node];
}

double DifferentialProfile::scaled_base(std::uint64_t value) const noexcept {
  const double raw = static_cast<double>(value);
  if (!settings_.normalize || settings_.negate || base_total_ == 0) return raw;
  return raw * static_cast<double>(head_total_) / static_cast<double>(base_total_);
}

double DifferentialProfile::scaled_head(std::uint64_t value) const noexcept {
  const double raw = static_cast<double>(value);
  if (!settings_.normalize || !settings_.negate || head_total_ == 0) return raw;
  return raw * static_cast<double>(base_total_) / static_cast<double>(head_total_);
}

double DifferentialProfile::self_change(const FrameValues& values) const noexcept {
  return scaled_head(values.head_self) - scaled_base(values.base_self);
}

double DifferentialProfile::self_change_percent(const FrameValues& values) const noexcept {
  const double before = scaled_base(values.base_self);
  const double change = self_change(values);
  if (before == 0)
    return change == 0 ? std::numeric_limits<double>::quiet_NaN()
                       : std::numeric_limits<double>::infinity();
  return 100.0 * change / before;
}

std::string differential_legend(const DifferentialProfile& profile, const std::string& count_name) {
  const bool negate = profile.settings().negate;
  std::string legend = fmt::format(
      "red: self grew from base to head, blue: shrank, white: same; full color at \u00b1{} {}",
      grouped(static_cast<std::uint64_t>(std::llround(profile.full_change()))), count_name);
  legend += negate ? "; pure blue: not in head" : "; pure red: new in head";
  const std::size_t dropped = profile.frames_not_drawn();
  if (dropped != 0)
    legend += fmt::format("; {} {} only in {} not drawn", dropped,
                          dropped == 1 ? "frame" : "frames", negate ? "head" : "base");
  return legend;
}

std::string render_differential_svg(const DifferentialProfile& profile, const Options& options) {
  Options flame_graph = options;
  flame_graph.flamechart = false;
  return render_svg(profile.drawn(), flame_graph, DifferentialStyle(profile, flame_graph));
}

}  // namespace hotpath::flamegraph
