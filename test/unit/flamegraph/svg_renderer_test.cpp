// The SVG as written: geometry read back from the document (widths, positions, omitted
// frames, orientation), labels and tooltips, escaping, colors, and the empty graph.
#include "svg_renderer.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "svg_frames.hpp"
#include "xml_well_formedness.hpp"

namespace hotpath::flamegraph {
namespace {

using testing::frame_named;
using testing::frames_named;
using testing::svg_attribute;
using testing::svg_frames;
using testing::SvgFrame;
using testing::xml_error;

constexpr double kFrameAreaWidth = 1180;  // the default image width minus the side padding

FoldedStacks heavy_and_light(std::uint64_t heavy, std::uint64_t light) {
  FoldedStacks stacks;
  stacks.add({"main", "light_work"}, light);
  stacks.add({"main", "heavy_work"}, heavy);
  return stacks;
}

Options deterministic() {
  Options options;
  options.deterministic = true;
  return options;
}

TEST(SvgRenderer, WidthsAreProportionalToCounts) {
  const std::string svg = render_svg(heavy_and_light(75, 25), deterministic());
  EXPECT_EQ(xml_error(svg), "");
  const std::vector<SvgFrame> frames = svg_frames(svg);
  ASSERT_EQ(frames.size(), 4U);
  const SvgFrame all = frame_named(frames, "all");
  const SvgFrame heavy = frame_named(frames, "heavy_work");
  const SvgFrame light = frame_named(frames, "light_work");
  EXPECT_NEAR(all.width, kFrameAreaWidth, 0.005);
  EXPECT_NEAR(heavy.width, 0.75 * all.width, 0.5);
  EXPECT_NEAR(light.width, 0.25 * all.width, 0.5);
  EXPECT_DOUBLE_EQ(all.x, 10);
  EXPECT_DOUBLE_EQ(heavy.x, 10);
  EXPECT_NEAR(light.x, heavy.x + heavy.width, 0.005);
  EXPECT_EQ(heavy.count, 75U);
  EXPECT_EQ(all.count, 100U);
}

TEST(SvgRenderer, WidthsFollowTheImageWidth) {
  Options options = deterministic();
  options.image_width = 820;
  const std::vector<SvgFrame> frames = svg_frames(render_svg(heavy_and_light(3, 1), options));
  EXPECT_NEAR(frame_named(frames, "all").width, 800, 0.005);
  EXPECT_NEAR(frame_named(frames, "heavy_work").width, 600, 0.005);
  EXPECT_NEAR(frame_named(frames, "light_work").x, 610, 0.005);
}

TEST(SvgRenderer, TooltipsGiveCountAndShare) {
  FoldedStacks stacks = heavy_and_light(1234566, 1);
  Options options = deterministic();
  std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, options));
  EXPECT_EQ(frame_named(frames, "all").tooltip, "all (1,234,567 samples, 100.00%)");
  EXPECT_EQ(frame_named(frames, "heavy_work").tooltip, "heavy_work (1,234,566 samples, 100.00%)");
  options.count_name = "bytes";
  options.min_width = 0;
  frames = svg_frames(render_svg(heavy_and_light(2, 1), options));
  EXPECT_EQ(frame_named(frames, "light_work").tooltip, "light_work (1 bytes, 33.33%)");
  EXPECT_EQ(frame_named(frames, "heavy_work").tooltip, "heavy_work (2 bytes, 66.67%)");
}

TEST(SvgRenderer, SiblingsAreSortedByNameAndIdenticalStacksMerged) {
  FoldedStacks stacks;
  stacks.add({"main", "zeta"}, 1);
  stacks.add({"main", "alpha"}, 1);
  stacks.add({"main", "mu"}, 1);
  stacks.add({"main", "zeta"}, 1);
  const std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, deterministic()));
  ASSERT_EQ(frames.size(), 5U);
  const SvgFrame alpha = frame_named(frames, "alpha");
  const SvgFrame mu = frame_named(frames, "mu");
  const SvgFrame zeta = frame_named(frames, "zeta");
  EXPECT_LT(alpha.x, mu.x);
  EXPECT_LT(mu.x, zeta.x);
  EXPECT_EQ(zeta.count, 2U);
  EXPECT_NEAR(zeta.width, kFrameAreaWidth / 2, 0.005);
}

TEST(SvgRenderer, ChildrenStartAtTheParentsLeftEdge) {
  FoldedStacks stacks;
  stacks.add({"main"}, 6);
  stacks.add({"main", "callee"}, 4);
  const std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, deterministic()));
  EXPECT_DOUBLE_EQ(frame_named(frames, "callee").x, frame_named(frames, "main").x);
  EXPECT_NEAR(frame_named(frames, "callee").width, 472, 0.005);
}

TEST(SvgRenderer, OmitsFramesNarrowerThanMinWidth) {
  FoldedStacks stacks;
  stacks.add({"main", "big"}, 9999);
  stacks.add({"main", "tiny", "tinier"}, 1);  // 1180 / 10000 = 0.118 px
  Options options = deterministic();
  std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, options));
  EXPECT_NEAR(frame_named(frames, "tiny").width, 0.12, 0.005);
  EXPECT_EQ(frames_named(frames, "tinier").size(), 1U);

  options.min_width = 0.2;
  const std::string svg = render_svg(stacks, options);
  frames = svg_frames(svg);
  EXPECT_TRUE(frames_named(frames, "tiny").empty());
  EXPECT_TRUE(frames_named(frames, "tinier").empty());
  EXPECT_EQ(frame_named(frames, "main").count, 10000U);
  EXPECT_NEAR(frame_named(frames, "main").width, kFrameAreaWidth, 0.005);
  // Only three levels are left: all, main, big.
  const double three_levels = std::stod(svg_attribute(svg, "height"));
  options.min_width = 0;
  const double four_levels = std::stod(svg_attribute(render_svg(stacks, options), "height"));
  EXPECT_DOUBLE_EQ(four_levels - three_levels, 16);
}

TEST(SvgRenderer, RootIsAtTheBottomByDefault) {
  FoldedStacks stacks;
  stacks.add({"main", "work", "leaf"}, 1);
  const std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, deterministic()));
  // Title area: 2 * 12 + 12 px; four levels of 16 px, root lowest.
  EXPECT_DOUBLE_EQ(frame_named(frames, "leaf").y, 36);
  EXPECT_DOUBLE_EQ(frame_named(frames, "work").y, 52);
  EXPECT_DOUBLE_EQ(frame_named(frames, "main").y, 68);
  EXPECT_DOUBLE_EQ(frame_named(frames, "all").y, 84);
  EXPECT_DOUBLE_EQ(frame_named(frames, "all").height, 15);
}

TEST(SvgRenderer, InvertedPutsTheRootAtTheTop) {
  FoldedStacks stacks;
  stacks.add({"main", "work", "leaf"}, 1);
  Options options = deterministic();
  options.inverted = true;
  const std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, options));
  EXPECT_DOUBLE_EQ(frame_named(frames, "all").y, 36);
  EXPECT_DOUBLE_EQ(frame_named(frames, "main").y, 52);
  EXPECT_DOUBLE_EQ(frame_named(frames, "work").y, 68);
  EXPECT_DOUBLE_EQ(frame_named(frames, "leaf").y, 84);
}

TEST(SvgRenderer, FrameSizesFollowTheOptions) {
  FoldedStacks stacks;
  stacks.add({"main", "work"}, 1);
  Options options = deterministic();
  options.frame_height = 20;
  options.font_size = 10;
  options.subtitle = "a subtitle";
  const std::string svg = render_svg(stacks, options);
  const std::vector<SvgFrame> frames = svg_frames(svg);
  // Title 20, subtitle 35, then 10 px: frames from 45 px down.
  EXPECT_DOUBLE_EQ(frame_named(frames, "work").y, 45);
  EXPECT_DOUBLE_EQ(frame_named(frames, "main").y, 65);
  EXPECT_DOUBLE_EQ(frame_named(frames, "all").y, 85);
  EXPECT_DOUBLE_EQ(frame_named(frames, "all").height, 19);
  EXPECT_EQ(svg_attribute(svg, "height"), "130");
  EXPECT_NE(svg.find("font-size: 10px;"), std::string::npos);
}

TEST(SvgRenderer, FlameChartKeepsOrderAndMergesOnlyAdjacentFrames) {
  FoldedStacks stacks;
  stacks.add({"main", "b"}, 1);
  stacks.add({"main", "b"}, 1);
  stacks.add({"main", "a"}, 1);
  stacks.add({"main", "b"}, 1);
  Options options = deterministic();
  options.flamechart = true;
  std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, options));
  const std::vector<SvgFrame> b = frames_named(frames, "b");
  ASSERT_EQ(b.size(), 2U);
  EXPECT_EQ(b[0].count, 2U);
  EXPECT_DOUBLE_EQ(b[0].x, 10);
  EXPECT_DOUBLE_EQ(b[0].width, 590);
  EXPECT_DOUBLE_EQ(frame_named(frames, "a").x, 600);
  EXPECT_EQ(b[1].count, 1U);
  EXPECT_DOUBLE_EQ(b[1].x, 895);
  EXPECT_EQ(frames_named(frames, "main").size(), 1U);

  options.flamechart = false;
  frames = svg_frames(render_svg(stacks, options));
  EXPECT_DOUBLE_EQ(frame_named(frames, "a").x, 10);
  EXPECT_EQ(frame_named(frames, "b").count, 3U);
}

TEST(SvgRenderer, LabelsAreCutToFit) {
  FoldedStacks stacks;
  stacks.add({"a_long_function_name"}, 10);  // 118 px: (118 - 6) / 7.2 -> 15 characters
  stacks.add({"b"}, 89);
  stacks.add({"c"}, 1);  // 11.8 px: no room for three characters
  const std::vector<SvgFrame> frames = svg_frames(render_svg(stacks, deterministic()));
  EXPECT_EQ(frame_named(frames, "a_long_function_name").label, "a_long_functi..");
  EXPECT_EQ(frame_named(frames, "b").label, "b");
  EXPECT_EQ(frame_named(frames, "c").label, std::nullopt);
}

TEST(SvgRenderer, EscapesNamesAndStaysWellFormed) {
  FoldedStacks stacks;
  stacks.add({"main", "bool operator<(A const&, B const&)"}, 1);
  stacks.add({"main", "std::vector<int>::push_back(int&&)"}, 1);
  stacks.add({"main", "say \"it's\" > 3 ]]> <!-- x -->"}, 1);
  stacks.add({"main", "bad\xff utf8 \x01"}, 1);
  Options options = deterministic();
  options.title = "<Title> & co";
  options.subtitle = "\"sub\" 'title'";
  options.notes = "notes <b>&</b>";
  options.count_name = "<samples>";
  options.name_type = "Name&:";
  const std::string svg = render_svg(stacks, options);
  EXPECT_EQ(xml_error(svg), "");
  EXPECT_NE(svg.find("data-name=\"bool operator&lt;(A const&amp;, B const&amp;)\""),
            std::string::npos);
  EXPECT_NE(svg.find("data-name=\"std::vector&lt;int&gt;::push_back(int&amp;&amp;)\""),
            std::string::npos);
  EXPECT_NE(svg.find("&lt;Title&gt; &amp; co</text>"), std::string::npos);
  EXPECT_NE(svg.find("&quot;sub&quot; &apos;title&apos;</text>"), std::string::npos);
  EXPECT_NE(svg.find("<desc id=\"notes\">notes &lt;b&gt;&amp;&lt;/b&gt;</desc>"),
            std::string::npos);
  EXPECT_NE(svg.find("data-name-type=\"Name&amp;:\""), std::string::npos);
  const std::vector<SvgFrame> frames = svg_frames(svg);
  EXPECT_EQ(frame_named(frames, "say \"it's\" > 3 ]]> <!-- x -->").tooltip,
            "say \"it's\" > 3 ]]> <!-- x --> (1 <samples>, 25.00%)");
  EXPECT_EQ(frames_named(frames, "bad\xEF\xBF\xBD utf8 \xEF\xBF\xBD").size(), 1U);
}

TEST(SvgRenderer, NotesAndSubtitleAreLeftOutWhenEmpty) {
  const std::string svg = render_svg(heavy_and_light(1, 1), deterministic());
  EXPECT_EQ(svg.find("<desc"), std::string::npos);
  EXPECT_EQ(svg.find("id=\"subtitle\""), std::string::npos);
  EXPECT_NE(svg.find("<text id=\"title\" x=\"600\" y=\"24\">Flame Graph</text>"),
            std::string::npos);
}

TEST(SvgRenderer, HasTheControlsAndTheScript) {
  const std::string svg = render_svg(heavy_and_light(1, 1), deterministic());
  EXPECT_NE(svg.find(">Reset Zoom</text>"), std::string::npos);
  EXPECT_NE(svg.find(">Search</text>"), std::string::npos);
  EXPECT_NE(svg.find("<text id=\"details\""), std::string::npos);
  EXPECT_NE(svg.find("<script type=\"text/ecmascript\"><![CDATA["), std::string::npos);
  EXPECT_EQ(svg_attribute(svg, "data-search-color"), "rgb(230,0,230)");
  EXPECT_EQ(svg_attribute(svg, "data-total"), "2");
  // Self-contained: no links, and url() only for the document's own gradient.
  EXPECT_EQ(svg.find("href"), std::string::npos);
  for (std::size_t url = svg.find("url("); url != std::string::npos;
       url = svg.find("url(", url + 1))
    EXPECT_EQ(svg.compare(url, 5, "url(#"), 0);
}

TEST(SvgRenderer, DeterministicColorsAreTheSameInEveryRender) {
  FoldedStacks stacks = heavy_and_light(3, 1);
  stacks.add({"other", "heavy_work"}, 1);
  const std::string first = render_svg(stacks, deterministic());
  EXPECT_EQ(render_svg(stacks, deterministic()), first);
  const std::vector<SvgFrame> heavy = frames_named(svg_frames(first), "heavy_work");
  ASSERT_EQ(heavy.size(), 2U);
  EXPECT_EQ(heavy[0].red, heavy[1].red);
  EXPECT_EQ(heavy[0].green, heavy[1].green);
  EXPECT_EQ(heavy[0].blue, heavy[1].blue);
}

TEST(SvgRenderer, RandomColorsStillGiveOneColorPerName) {
  FoldedStacks stacks = heavy_and_light(3, 1);
  stacks.add({"other", "heavy_work"}, 1);
  const std::vector<SvgFrame> heavy =
      frames_named(svg_frames(render_svg(stacks, {})), "heavy_work");
  ASSERT_EQ(heavy.size(), 2U);
  EXPECT_EQ(heavy[0].red, heavy[1].red);
  EXPECT_EQ(heavy[0].green, heavy[1].green);
  EXPECT_EQ(heavy[0].blue, heavy[1].blue);
  EXPECT_GE(heavy[0].red, 205U);
}

TEST(SvgRenderer, PalettesGiveDifferentColors) {
  Options options = deterministic();
  const SvgFrame hot = frame_named(svg_frames(render_svg(heavy_and_light(1, 1), options)), "main");
  options.palette = Palette::Mem;
  const SvgFrame mem = frame_named(svg_frames(render_svg(heavy_and_light(1, 1), options)), "main");
  options.palette = Palette::Io;
  const SvgFrame io = frame_named(svg_frames(render_svg(heavy_and_light(1, 1), options)), "main");
  EXPECT_GE(hot.red, 205U);
  EXPECT_LE(hot.blue, 55U);
  EXPECT_GT(mem.green, mem.red);
  EXPECT_GT(io.blue, io.red);
  EXPECT_NE(hot.red, mem.red);
  EXPECT_NE(mem.blue, io.blue);
}

TEST(SvgRenderer, EmptyInputSaysNoSamples) {
  Options options;
  options.title = "CPU Flame Graph";
  const std::string svg = render_svg(FoldedStacks{}, options);
  EXPECT_EQ(xml_error(svg), "");
  EXPECT_TRUE(svg_frames(svg).empty());
  EXPECT_NE(svg.find(">CPU Flame Graph</text>"), std::string::npos);
  EXPECT_NE(svg.find(">No samples</text>"), std::string::npos);
  EXPECT_EQ(svg_attribute(svg, "width"), "1200");
}

TEST(SvgRenderer, SurvivesDegenerateOptions) {
  Options options;
  options.image_width = 0;
  options.frame_height = 0;
  options.font_size = 0;
  options.min_width = 1e9;
  const std::string svg = render_svg(heavy_and_light(1, 1), options);
  EXPECT_EQ(xml_error(svg), "");
  EXPECT_EQ(svg_frames(svg).size(), 1U);  // the root is always drawn
}

TEST(SvgRenderer, DeepAndWideInputStaysWellFormed) {
  FoldedStacks stacks;
  for (int i = 0; i < 300; ++i) {
    std::vector<std::string> frames;
    for (int depth = 0; depth < 1 + i % 40; ++depth)
      frames.push_back("f" + std::to_string((i * 7 + depth) % 23));
    stacks.add(std::move(frames), 1 + static_cast<std::uint64_t>(i % 5));
  }
  const std::string svg = render_svg(stacks, deterministic());
  EXPECT_EQ(xml_error(svg), "");
  const std::vector<SvgFrame> frames = svg_frames(svg);
  ASSERT_FALSE(frames.empty());
  // Children never stick out of their parents (same depth frames never overlap).
  for (const SvgFrame& frame : frames) {
    EXPECT_GE(frame.x, 10 - 0.005);
    EXPECT_LE(frame.x + frame.width, 1190 + 0.01);
  }
}

}  // namespace
}  // namespace hotpath::flamegraph
