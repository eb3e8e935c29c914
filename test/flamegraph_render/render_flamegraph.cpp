// A test driver of the flame graph renderer: reads folded stacks from a file and writes
// the SVG, with deterministic colors unless told otherwise.
//
//     hotpath_flamegraph_render [--inverted] [--flamechart] [--random-colors]
//                               [--palette=NAME] [--title=TEXT] INPUT.folded OUTPUT.svg
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "folded_stacks.hpp"
#include "options.hpp"
#include "svg_renderer.hpp"

namespace {

namespace fg = hotpath::flamegraph;

int fail(const std::string& message) {
  std::fprintf(stderr, "hotpath_flamegraph_render: %s\n", message.c_str());
  return 2;
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  fg::Options options;
  options.deterministic = true;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--inverted") {
      options.inverted = true;
    } else if (arg == "--flamechart") {
      options.flamechart = true;
    } else if (arg == "--random-colors") {
      options.deterministic = false;
    } else if (arg.substr(0, 10) == "--palette=") {
      const std::optional<fg::Palette> palette = fg::parse_palette(arg.substr(10));
      if (!palette) return fail("unknown palette \"" + std::string(arg.substr(10)) + "\"");
      options.palette = *palette;
    } else if (arg.substr(0, 8) == "--title=") {
      options.title = std::string(arg.substr(8));
    } else if (arg.substr(0, 2) == "--") {
      return fail("unknown option " + std::string(arg));
    } else {
      paths.emplace_back(arg);
    }
  }
  if (paths.size() != 2) return fail("usage: [options] INPUT.folded OUTPUT.svg");

  const std::optional<std::string> text = read_file(paths[0]);
  if (!text) return fail("cannot read " + paths[0]);
  std::string error;
  const std::optional<fg::FoldedStacks> stacks = fg::parse_folded(*text, error);
  if (!stacks) return fail(paths[0] + ": " + error);

  std::ofstream out(paths[1], std::ios::binary);
  out << fg::render_svg(*stacks, options);
  out.close();
  if (!out) return fail("cannot write " + paths[1]);
  return 0;
}
