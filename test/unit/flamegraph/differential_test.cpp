// Differential flame graphs: the colors for known changes, exactly; both profiles
// compared path by path, normalized or not, negated; and the SVG as written (fills,
// tooltips, legend) read back.
#include "differential.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "palette.hpp"
#include "svg_frames.hpp"
#include "xml_well_formedness.hpp"

namespace hotpath::flamegraph {
namespace {

using testing::frame_named;
using testing::svg_frames;
using testing::SvgFrame;

void expect_color(const Rgb& color, unsigned red, unsigned green, unsigned blue) {
  EXPECT_EQ(color.red, red);
  EXPECT_EQ(color.green, green);
  EXPECT_EQ(color.blue, blue);
}

void expect_fill(const SvgFrame& frame, unsigned red, unsigned green, unsigned blue) {
  EXPECT_EQ(frame.red, red) << frame.name;
  EXPECT_EQ(frame.green, green) << frame.name;
  EXPECT_EQ(frame.blue, blue) << frame.name;
}

TEST(ChangeColor, RedForGrowthBlueForShrinkingWhiteForNone) {
  expect_color(change_color(40, 40), 255, 45, 45);
  expect_color(change_color(20, 40), 255, 150, 150);
  expect_color(change_color(10, 40), 255, 203, 203);  // 255 - 210 / 4 = 202.5
  expect_color(change_color(-40, 40), 45, 45, 255);
  expect_color(change_color(-20, 40), 150, 150, 255);
  expect_color(change_color(0, 40), 255, 255, 255);
  expect_color(change_color(0.4, 40), 255, 253, 253);
  // Past the full change, the color stays at its deepest.
  expect_color(change_color(80, 40), 255, 45, 45);
  expect_color(change_color(-1e9, 40), 45, 45, 255);
  // Nothing changed anywhere: everything white.
  expect_color(change_color(5, 0), 255, 255, 255);
  expect_color(change_color(NAN, 40), 255, 255, 255);
  // New and removed frames are deeper than any change.
  expect_color(kNewFrameColor, 255, 0, 0);
  expect_color(kRemovedFrameColor, 0, 0, 255);
}

FoldedStacks folded(const std::string& text) {
  std::string error;
  std::optional<FoldedStacks> stacks = parse_folded(text, error);
  EXPECT_TRUE(stacks) << error;
  return stacks ? *stacks : FoldedStacks{};
}

// Base: 100 samples; head: 200, where app::b's share grew, app::a's shrank, app::c is
// new and app::gone is gone.
FoldedStacks base_stacks() { return folded("main;app::a 45\nmain;app::b 45\nmain;app::gone 10\n"); }
FoldedStacks head_stacks() { return folded("main;app::a 50\nmain;app::b 110\nmain;app::c 40\n"); }

const FrameValues& values_of(const DifferentialProfile& profile,
                             const std::vector<std::string>& path) {
  const FrameValues* values = profile.find(path, path.size());
  EXPECT_NE(values, nullptr);
  static const FrameValues none;
  return values ? *values : none;
}

TEST(DifferentialProfile, NormalizesBaseToHeadsTotal) {
  const DifferentialProfile profile(base_stacks(), head_stacks(), {});
  EXPECT_EQ(profile.base_total(), 100U);
  EXPECT_EQ(profile.head_total(), 200U);
  const FrameValues& a = values_of(profile, {"main", "app::a"});
  const FrameValues& b = values_of(profile, {"main", "app::b"});
  EXPECT_EQ(b.base_self, 45U);
  EXPECT_EQ(b.head_self, 110U);
  EXPECT_EQ(b.base_total, 45U);
  EXPECT_DOUBLE_EQ(profile.self_change(a), 50 - 90);
  EXPECT_DOUBLE_EQ(profile.self_change(b), 110 - 90);
  EXPECT_NEAR(profile.self_change_percent(b), 100.0 * 20 / 90, 1e-9);
  EXPECT_DOUBLE_EQ(profile.full_change(), 40);
  const FrameValues& main = values_of(profile, {"main"});
  EXPECT_EQ(main.head_total, 200U);
  EXPECT_EQ(main.base_total, 100U);
  EXPECT_DOUBLE_EQ(profile.self_change(main), 0);
  EXPECT_TRUE(std::isnan(profile.self_change_percent(main)));
  const FrameValues& added = values_of(profile, {"main", "app::c"});
  EXPECT_TRUE(added.in_head);
  EXPECT_FALSE(added.in_base);
  EXPECT_EQ(profile.find({"main", "nothing"}, 2), nullptr);
  EXPECT_EQ(profile.frames_not_drawn(), 1U);  // app::gone
  EXPECT_EQ(profile.drawn().total(), 200U);
}

TEST(DifferentialProfile, ComparesRawValuesWithoutNormalizing) {
  DifferentialSettings settings;
  settings.normalize = false;
  const DifferentialProfile profile(base_stacks(), head_stacks(), settings);
  EXPECT_DOUBLE_EQ(profile.self_change(values_of(profile, {"main", "app::a"})), 5);
  EXPECT_DOUBLE_EQ(profile.self_change(values_of(profile, {"main", "app::b"})), 65);
  EXPECT_DOUBLE_EQ(profile.full_change(), 65);
}

TEST(DifferentialProfile, NegatedDrawsBaseWithHeadScaledToIt) {
  DifferentialSettings settings;
  settings.negate = true;
  const DifferentialProfile profile(base_stacks(), head_stacks(), settings);
  EXPECT_EQ(profile.drawn().total(), 100U);
  EXPECT_DOUBLE_EQ(profile.self_change(values_of(profile, {"main", "app::a"})), 25 - 45);
  EXPECT_DOUBLE_EQ(profile.self_change(values_of(profile, {"main", "app::b"})), 55 - 45);
  EXPECT_DOUBLE_EQ(profile.full_change(), 20);
  EXPECT_EQ(profile.frames_not_drawn(), 1U);  // app::c
}

TEST(DifferentialSvg, FillsTooltipsAndLegend) {
  const DifferentialProfile profile(base_stacks(), head_stacks(), {});
  Options options;
  options.title = "Differential Flame Graph";
  options.legend = differential_legend(profile, "samples");
  const std::string svg = render_differential_svg(profile, options);
  EXPECT_EQ(testing::xml_error(svg), "");
  const std::vector<SvgFrame> frames = svg_frames(svg);
  ASSERT_EQ(frames.size(), 5U);  // all, main, app::a, app::b, app::c
  expect_fill(frame_named(frames, "app::a"), 45, 45, 255);
  expect_fill(frame_named(frames, "app::b"), 255, 150, 150);
  expect_fill(frame_named(frames, "app::c"), 255, 0, 0);
  expect_fill(frame_named(frames, "main"), 255, 255, 255);
  expect_fill(frame_named(frames, "all"), 255, 255, 255);
  EXPECT_EQ(frame_named(frames, "app::b").count, 110U);
  EXPECT_EQ(frame_named(frames, "app::b").tooltip,
            "app::b (head 110 samples, 55.00%; base 45 samples, 45.00%; self +22.2%)");
  EXPECT_EQ(frame_named(frames, "app::a").tooltip,
            "app::a (head 50 samples, 25.00%; base 45 samples, 45.00%; self -44.4%)");
  EXPECT_EQ(frame_named(frames, "app::c").tooltip,
            "app::c (head 40 samples, 20.00%; new: not in base)");
  EXPECT_EQ(frame_named(frames, "main").tooltip,
            "main (head 200 samples, 100.00%; base 100 samples, 100.00%)");
  EXPECT_EQ(options.legend,
            "red: self grew from base to head, blue: shrank, white: same; full color at \u00b140 "
            "samples; pure red: new in head; 1 frame only in base not drawn");
  EXPECT_NE(svg.find("<text id=\"legend\""), std::string::npos);
  EXPECT_NE(svg.find("1 frame only in base not drawn</text>"), std::string::npos);
  // The same script as every flame graph: search and zoom.
  EXPECT_NE(svg.find("function zoom(frame)"), std::string::npos);
  // No palette drawn: the same document every time.
  EXPECT_EQ(svg, render_differential_svg(profile, options));
}

TEST(DifferentialSvg, NegatedShowsRemovedFramesBlue) {
  DifferentialSettings settings;
  settings.negate = true;
  const DifferentialProfile profile(base_stacks(), head_stacks(), settings);
  const std::vector<SvgFrame> frames = svg_frames(render_differential_svg(profile, Options{}));
  ASSERT_EQ(frames.size(), 5U);  // all, main, app::a, app::b, app::gone
  expect_fill(frame_named(frames, "app::gone"), 0, 0, 255);
  expect_fill(frame_named(frames, "app::a"), 45, 45, 255);
  expect_fill(frame_named(frames, "app::b"), 255, 150, 150);
  EXPECT_EQ(frame_named(frames, "app::b").tooltip,
            "app::b (base 45 samples, 45.00%; head 110 samples, 55.00%; self +22.2%)");
  EXPECT_EQ(frame_named(frames, "app::gone").tooltip,
            "app::gone (base 10 samples, 10.00%; removed: not in head)");
  EXPECT_EQ(differential_legend(profile, "ns"),
            "red: self grew from base to head, blue: shrank, white: same; full color at \u00b120 "
            "ns; pure blue: not in head; 1 frame only in head not drawn");
}

TEST(DifferentialSvg, ASelfValueFromZeroSaysSo) {
  const DifferentialProfile profile(folded("main;work 10\n"), folded("main 5\nmain;work 10\n"), {});
  const std::vector<SvgFrame> frames = svg_frames(render_differential_svg(profile, Options{}));
  EXPECT_EQ(frame_named(frames, "main").tooltip,
            "main (head 15 samples, 100.00%; base 10 samples, 100.00%; self was 0 in base)");
}

}  // namespace
}  // namespace hotpath::flamegraph
