// Regular expressions over the renderer's output: the frames' markup is regular (one
// <g> per line, attributes in a fixed order), which keeps this reader short.
#include "svg_frames.hpp"

#include <regex>

#include <gtest/gtest.h>

namespace hotpath::flamegraph::testing {

std::string unescaped(const std::string& text) {
  static const std::pair<const char*, char> kEntities[] = {
      {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}, {"&amp;", '&'}};
  std::string result;
  for (std::size_t i = 0; i < text.size();) {
    bool replaced = false;
    if (text[i] == '&') {
      for (const auto& [entity, character] : kEntities) {
        if (text.compare(i, std::char_traits<char>::length(entity), entity) == 0) {
          result += character;
          i += std::char_traits<char>::length(entity);
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) result += text[i++];
  }
  return result;
}

std::vector<SvgFrame> svg_frames(const std::string& svg) {
  static const std::regex kFrame(
      R"re(<g class="(frame[^"]*)" data-name="([^"]*)" data-count="(\d+)" data-start="(\d+)" )re"
      R"re(data-depth="(\d+)"><title>([^<]*)</title><rect x="([-\d.]+)" y="([-\d.]+)" )re"
      R"re(width="([\d.]+)" height="([\d.]+)" rx="2" ry="2" fill="rgb\((\d+),(\d+),(\d+)\)"/>)re"
      R"re((<text x="[-\d.]+" y="[-\d.]+">([^<]*)</text>)?</g>)re");
  std::vector<SvgFrame> frames;
  for (auto match = std::sregex_iterator(svg.begin(), svg.end(), kFrame);
       match != std::sregex_iterator(); ++match) {
    const std::smatch& m = *match;
    SvgFrame frame;
    frame.classes = m[1];
    frame.name = unescaped(m[2]);
    frame.count = std::stoull(m[3]);
    frame.start = std::stoull(m[4]);
    frame.depth = static_cast<unsigned>(std::stoul(m[5]));
    frame.tooltip = unescaped(m[6]);
    frame.x = std::stod(m[7]);
    frame.y = std::stod(m[8]);
    frame.width = std::stod(m[9]);
    frame.height = std::stod(m[10]);
    frame.red = static_cast<unsigned>(std::stoul(m[11]));
    frame.green = static_cast<unsigned>(std::stoul(m[12]));
    frame.blue = static_cast<unsigned>(std::stoul(m[13]));
    if (m[14].matched) frame.label = unescaped(m[15]);
    frames.push_back(std::move(frame));
  }
  return frames;
}

std::vector<SvgFrame> frames_named(const std::vector<SvgFrame>& frames, const std::string& name) {
  std::vector<SvgFrame> result;
  for (const SvgFrame& frame : frames)
    if (frame.name == name) result.push_back(frame);
  return result;
}

SvgFrame frame_named(const std::vector<SvgFrame>& frames, const std::string& name) {
  std::vector<SvgFrame> found = frames_named(frames, name);
  EXPECT_EQ(found.size(), 1U) << "frames named \"" << name << "\"";
  return found.size() == 1 ? found.front() : SvgFrame{};
}

std::string svg_attribute(const std::string& svg, const std::string& attribute) {
  const std::size_t svg_start = svg.find("<svg ");
  if (svg_start == std::string::npos) return {};
  const std::size_t svg_end = svg.find('>', svg_start);
  const std::string key = " " + attribute + "=\"";
  const std::size_t found = svg.find(key, svg_start);
  if (found == std::string::npos || found > svg_end) return {};
  const std::size_t value = found + key.size();
  return unescaped(svg.substr(value, svg.find('"', value) - value));
}

}  // namespace hotpath::flamegraph::testing
