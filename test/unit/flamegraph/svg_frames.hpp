// Reads the frames back out of a rendered flame graph, with the numbers as written in the
// SVG, so that tests check what a browser gets.
#ifndef HOTPATH_TEST_UNIT_FLAMEGRAPH_SVG_FRAMES_HPP
#define HOTPATH_TEST_UNIT_FLAMEGRAPH_SVG_FRAMES_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotpath::flamegraph::testing {

/// One <g class="frame"> of the SVG; names and labels unescaped.
struct SvgFrame {
  std::string classes;  ///< the class attribute, "frame" unless the script changed it
  std::string name;     ///< data-name
  std::uint64_t count = 0;
  std::uint64_t start = 0;
  unsigned depth = 0;
  std::string tooltip;  ///< the <title> text
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;
  unsigned red = 0;
  unsigned green = 0;
  unsigned blue = 0;
  std::optional<std::string> label;  ///< the <text>, when the frame has one
};

/// Every frame, in document order.
std::vector<SvgFrame> svg_frames(const std::string& svg);

/// The frames named `name`, in document order.
std::vector<SvgFrame> frames_named(const std::vector<SvgFrame>& frames, const std::string& name);

/// The only frame named `name`; fails the current test (and returns a blank frame) when
/// there is not exactly one.
SvgFrame frame_named(const std::vector<SvgFrame>& frames, const std::string& name);

/// The value of attribute `attribute` of the <svg> element, or "" when absent.
std::string svg_attribute(const std::string& svg, const std::string& attribute);

/// XML text with the five predefined entities replaced by their characters.
std::string unescaped(const std::string& text);

}  // namespace hotpath::flamegraph::testing

#endif  // HOTPATH_TEST_UNIT_FLAMEGRAPH_SVG_FRAMES_HPP
