// Every knob of the flame graph renderer, in one struct, and the color palettes.
#ifndef HOTPATH_FLAMEGRAPH_OPTIONS_HPP
#define HOTPATH_FLAMEGRAPH_OPTIONS_HPP

#include <optional>
#include <string>
#include <string_view>

namespace hotpath::flamegraph {

/// The color scheme of the frames: warm hues for CPU time (hot), greens for memory (mem),
/// blues for I/O (io), or variations of one hue.
enum class Palette { Hot, Mem, Io, Red, Green, Blue, Aqua, Yellow, Purple, Orange };

/// Parses "hot", "mem", "io", "red", "green", "blue", "aqua", "yellow", "purple",
/// "orange"; std::nullopt when unknown.
std::optional<Palette> parse_palette(std::string_view name);

/// How render_svg() draws the stacks.
struct Options {
  /// First line, centered at the top.
  std::string title = "Flame Graph";
  /// Second line under the title, omitted when empty.
  std::string subtitle;
  /// A line under the subtitle explaining the colors, omitted when empty.
  std::string legend;
  /// Embedded in the SVG (escaped), shown nowhere by default.
  std::string notes;
  /// Width of the whole image, px.
  unsigned image_width = 1200;
  /// Height of one frame, px.
  unsigned frame_height = 16;
  /// Size of the labels, px.
  unsigned font_size = 12;
  /// px; narrower frames are omitted (their samples still count in the parent).
  double min_width = 0.1;
  /// Colors of the frames.
  Palette palette = Palette::Hot;
  /// Icicle graph: root at the top, frames grow downwards.
  bool inverted = false;
  /// x axis is time: stacks in input order, only adjacent identical frames merged.
  bool flamechart = false;
  /// A function's color depends only on its name (same across runs); otherwise colors
  /// change from one render to the next (one color per name within a graph).
  bool deterministic = false;
  /// Unit of the counts in tooltips: "samples", "bytes", "calls".
  std::string count_name = "samples";
  /// Label before a frame's name in the details line.
  std::string name_type = "Function:";
};

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_OPTIONS_HPP
