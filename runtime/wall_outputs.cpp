// Writing the wall-clock flame graph and folded stacks of a report.
#include "wall_outputs.hpp"

#include <unistd.h>

#include <cstdio>
#include <exception>

#include <fmt/format.h>

#include "call_tree_folding.hpp"
#include "output_file.hpp"
#include "svg_renderer.hpp"
#include "units.hpp"

namespace hotpath::detail {
void write_wall_outputs(const Report& report, const WallOutputPaths& paths) noexcept {
  try {
    const flamegraph::FoldedStacks stacks = fold_call_tree(report.call_tree).merged();
    if (!paths.folded.empty())
      write_output_file_at(paths.folded, ::getpid(), flamegraph::to_folded(stacks),
                           "wall-clock folded stacks");
    if (!paths.flamegraph.empty()) {
      flamegraph::Options options;
      options.title = "Wall-Clock Flame Graph";
      options.subtitle =
          fmt::format("{} (pid {}): {} measured in {} call paths, {} wall time",
                      report.session_name, ::getpid(), format_duration(stacks.total()),
                      report.call_tree.size(), format_duration(report.wall_ns));
      options.count_name = "ns";
      options.palette = flamegraph::Palette::Aqua;
      options.deterministic = true;
      write_output_file_at(paths.flamegraph, ::getpid(), flamegraph::render_svg(stacks, options),
                           "wall-clock flame graph");
    }
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no wall-clock flame graph: %s\n", failure.what());
  }
}

}  // namespace hotpath::detail
