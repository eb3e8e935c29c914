// The SVG document: header (title, controls, styles), one <g class="frame"> per laid-out
// frame, the details and search lines, and the embedded script. Coordinates are computed
// once here and written with fixed decimals; the script recomputes them from the same
// integers when zooming.
#include "svg_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include <fmt/format.h>

#include "flamegraph_script.hpp"
#include "frame_layout.hpp"
#include "palette.hpp"
#include "xml_text.hpp"

namespace hotpath::flamegraph {
namespace {

constexpr double kSidePadding = 10;
// Space between a frame's left edge and its label, and on the right of the label.
constexpr double kTextPadding = 3;
// Labels use a monospace font, whose advance is 0.6 em in the common ones (DejaVu Sans
// Mono, Liberation Mono): labels can then be cut to fit without measuring text.
constexpr double kCharWidthPerEm = 0.6;

// Two decimals are plenty for px, and the script reads back exactly what was written.
double rounded(double value) { return std::round(value * 100) / 100; }

// Where everything goes, in px, for a graph `levels` frames deep.
struct Geometry {
  double width = 0;
  double height = 0;
  double frame_width = 0;  // of the root frame: the width minus both side paddings
  double font_size = 0;
  double char_width = 0;
  double frame_height = 0;
  double rect_height = 0;
  double text_baseline = 0;  // of a label, below its frame's top
  double title_y = 0;
  double subtitle_y = 0;
  double legend_y = 0;
  double graph_top = 0;
  double details_y = 0;
  std::size_t levels = 0;
  bool inverted = false;

  double frame_top(std::size_t depth) const {
    const std::size_t row = inverted ? depth : levels - 1 - depth;
    return graph_top + static_cast<double>(row) * frame_height;
  }
};

Geometry geometry(const Options& options, std::size_t levels) {
  Geometry g;
  g.font_size = std::max(1U, options.font_size);
  g.char_width = rounded(g.font_size * kCharWidthPerEm);
  g.frame_height = std::max(1U, options.frame_height);
  g.rect_height = g.frame_height > 1 ? g.frame_height - 1 : g.frame_height;
  g.text_baseline = rounded(g.rect_height / 2 + g.font_size * 0.35);
  g.frame_width = std::max(1.0, static_cast<double>(options.image_width) - 2 * kSidePadding);
  g.width = g.frame_width + 2 * kSidePadding;
  g.title_y = 2 * g.font_size;
  g.subtitle_y = g.title_y + 1.5 * g.font_size;
  const double last_title_line = options.subtitle.empty() ? g.title_y : g.subtitle_y;
  g.legend_y = last_title_line + 1.5 * g.font_size;
  g.graph_top = (options.legend.empty() ? last_title_line : g.legend_y) + g.font_size;
  g.levels = levels;
  g.inverted = options.inverted;
  g.details_y = g.graph_top + static_cast<double>(levels) * g.frame_height + 1.5 * g.font_size;
  g.height = g.details_y + g.font_size;
  return g;
}

void append_text(std::string& out, std::string_view text) {
  append_xml_escaped(out, sanitized_utf8(text));
}

// 1234567 -> "1,234,567".
std::string grouped_digits(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string result;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) result += ',';
    result += digits[i];
  }
  return result;
}

void append_header(std::string& out, const Geometry& g) {
  fmt::format_to(std::back_inserter(out),
                 "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                 "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                 "height=\"{1}\" viewBox=\"0 0 {0} {1}\"",
                 g.width, g.height);
}

// Attributes the script reads, ending the <svg> start tag.
void append_script_attributes(std::string& out, const Options& options, const Geometry& g,
                              std::uint64_t total) {
  fmt::format_to(std::back_inserter(out),
                 " data-total=\"{}\" data-xpad=\"{}\" data-frame-width=\"{}\" "
                 "data-char-width=\"{}\" data-text-pad=\"{}\" data-text-baseline=\"{}\" "
                 "data-search-color=\"rgb({},{},{})\" data-name-type=\"",
                 total, kSidePadding, g.frame_width, g.char_width, kTextPadding, g.text_baseline,
                 kSearchColor.red, kSearchColor.green, kSearchColor.blue);
  append_text(out, options.name_type);
  out += '"';
}

void append_styles(std::string& out, const Geometry& g) {
  fmt::format_to(std::back_inserter(out),
                 "<defs><linearGradient id=\"background\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                 "<stop offset=\"5%\" stop-color=\"#f5f5f5\"/>"
                 "<stop offset=\"95%\" stop-color=\"#e8e8dc\"/></linearGradient></defs>\n"
                 "<style type=\"text/css\"><![CDATA[\n"
                 "text {{ font-family: monospace; font-size: {0}px; fill: rgb(0,0,0); }}\n"
                 "#title {{ text-anchor: middle; font-size: {1}px; }}\n"
                 "#subtitle, #empty {{ text-anchor: middle; fill: rgb(100,100,100); }}\n"
                 "#search, #matched {{ text-anchor: end; }}\n"
                 ".control {{ cursor: pointer; fill: rgb(40,40,160); }}\n"
                 ".control:hover {{ text-decoration: underline; }}\n"
                 ".frame {{ cursor: pointer; }}\n"
                 ".frame text {{ pointer-events: none; }}\n"
                 ".frame:hover rect {{ stroke: rgb(0,0,0); stroke-width: 0.5; }}\n"
                 ".ancestor {{ opacity: 0.6; }}\n"
                 ".hide {{ display: none; }}\n"
                 "]]></style>\n"
                 "<rect x=\"0\" y=\"0\" width=\"{2}\" height=\"{3}\" fill=\"url(#background)\"/>\n",
                 g.font_size, g.font_size + 5, g.width, g.height);
}

void append_titles(std::string& out, const Options& options, const Geometry& g) {
  if (!options.notes.empty()) {
    out += "<desc id=\"notes\">";
    append_text(out, options.notes);
    out += "</desc>\n";
  }
  fmt::format_to(std::back_inserter(out), "<text id=\"title\" x=\"{}\" y=\"{}\">", g.width / 2,
                 g.title_y);
  append_text(out, options.title);
  out += "</text>\n";
  if (!options.subtitle.empty()) {
    fmt::format_to(std::back_inserter(out), "<text id=\"subtitle\" x=\"{}\" y=\"{}\">", g.width / 2,
                   g.subtitle_y);
    append_text(out, options.subtitle);
    out += "</text>\n";
  }
  if (!options.legend.empty()) {
    fmt::format_to(std::back_inserter(out),
                   "<text id=\"legend\" x=\"{}\" y=\"{}\" style=\"text-anchor: middle; "
                   "fill: rgb(100,100,100);\">",
                   g.width / 2, g.legend_y);
    append_text(out, options.legend);
    out += "</text>\n";
  }
}

void append_controls(std::string& out, const Geometry& g) {
  fmt::format_to(
      std::back_inserter(out),
      "<text id=\"unzoom\" class=\"control hide\" x=\"{0}\" y=\"{1}\">Reset Zoom</text>\n"
      "<text id=\"search\" class=\"control\" x=\"{2}\" y=\"{1}\">Search</text>\n"
      "<text id=\"details\" x=\"{0}\" y=\"{3}\"> </text>\n"
      "<text id=\"matched\" class=\"hide\" x=\"{2}\" y=\"{3}\"> </text>\n",
      kSidePadding, g.title_y, g.width - kSidePadding, g.details_y);
}

// What append_frame() needs besides the frame: the palette's seed, or a style and the
// stacks the frames were laid out from.
struct FrameLook {
  std::uint64_t color_seed = 0;
  const FrameStyle* style = nullptr;
  const FoldedStacks* stacks = nullptr;
};

void append_frame(std::string& out, const LaidOutFrame& frame, const Options& options,
                  const Geometry& g, std::uint64_t total, const FrameLook& look) {
  const std::string name = sanitized_utf8(frame.name);
  const double scale = g.frame_width / static_cast<double>(total);
  const double x = kSidePadding + static_cast<double>(frame.start) * scale;
  const double width = static_cast<double>(frame.count) * scale;
  const double y = g.frame_top(frame.depth);
  const Stack* through = look.style ? &look.stacks->stacks().at(frame.stack) : nullptr;
  const Rgb color = through ? look.style->fill(frame, *through)
                            : frame_color(options.palette, frame.name, look.color_seed);

  out += "<g class=\"frame\" data-name=\"";
  append_xml_escaped(out, name);
  fmt::format_to(std::back_inserter(out),
                 "\" data-count=\"{}\" data-start=\"{}\" data-depth=\"{}\"><title>", frame.count,
                 frame.start, frame.depth);
  if (through) {
    append_text(out, look.style->tooltip(frame, *through, total));
    out += "</title>";
  } else {
    append_xml_escaped(out, name);
    fmt::format_to(std::back_inserter(out), " ({} ", grouped_digits(frame.count));
    append_text(out, options.count_name);
    fmt::format_to(std::back_inserter(out), ", {:.2f}%)</title>",
                   100.0 * static_cast<double>(frame.count) / static_cast<double>(total));
  }
  fmt::format_to(std::back_inserter(out),
                 "<rect x=\"{:.2f}\" y=\"{}\" width=\"{:.2f}\" height=\"{}\" "
                 "rx=\"2\" ry=\"2\" fill=\"rgb({},{},{})\"/>",
                 x, y, width, g.rect_height, color.red, color.green, color.blue);
  const double room = std::floor((width - 2 * kTextPadding) / g.char_width);
  const std::string label =
      room < 3 ? std::string() : fitted_label(name, static_cast<std::size_t>(room));
  if (!label.empty()) {
    fmt::format_to(std::back_inserter(out), "<text x=\"{:.2f}\" y=\"{:.2f}\">", x + kTextPadding,
                   y + g.text_baseline);
    append_xml_escaped(out, label);
    out += "</text>";
  }
  out += "</g>\n";
}

std::string render_empty(const Options& options) {
  Geometry g = geometry(options, 2);
  std::string out;
  append_header(out, g);
  out += ">\n";
  append_styles(out, g);
  append_titles(out, options, g);
  fmt::format_to(std::back_inserter(out),
                 "<text id=\"empty\" x=\"{}\" y=\"{}\">No samples</text>\n", g.width / 2,
                 g.graph_top + g.frame_height);
  out += "</svg>\n";
  return out;
}

std::string render(const FoldedStacks& stacks, const Options& options, const FrameStyle* style) {
  if (stacks.total() == 0) return render_empty(options);
  const double frame_width =
      std::max(1.0, static_cast<double>(options.image_width) - 2 * kSidePadding);
  const FrameLayout layout =
      lay_out_frames(stacks, options.flamechart, options.min_width / frame_width);
  const Geometry g = geometry(options, layout.max_depth + 1);
  FrameLook look;
  look.style = style;
  look.stacks = &stacks;
  // A style draws no palette: the seed is not drawn either, which keeps such graphs the
  // same from one render to the next.
  if (!style) look.color_seed = color_seed(options.deterministic);

  std::string out;
  // Most of the document is frames, each about 300 bytes.
  out.reserve(4096 + layout.frames.size() * 320);
  append_header(out, g);
  append_script_attributes(out, options, g, layout.total);
  out += ">\n";
  append_styles(out, g);
  append_titles(out, options, g);
  append_controls(out, g);
  out += "<g id=\"frames\">\n";
  for (const LaidOutFrame& frame : layout.frames)
    append_frame(out, frame, options, g, layout.total, look);
  out += "</g>\n<script type=\"text/ecmascript\"><![CDATA[";
  out += flamegraph_script();
  out += "]]></script>\n</svg>\n";
  return out;
}

}  // namespace

std::string render_svg(const FoldedStacks& stacks, const Options& options) {
  return render(stacks, options, nullptr);
}

std::string render_svg(const FoldedStacks& stacks, const Options& options,
                       const FrameStyle& style) {
  return render(stacks, options, &style);
}

}  // namespace hotpath::flamegraph
