// Drawing a report's call tree (see the header).
#include "wall_flamegraph.hpp"

#include <fmt/format.h>

#include "call_tree_folding.hpp"
#include "svg_renderer.hpp"
#include "units.hpp"

namespace hotpath {

flamegraph::FoldedStacks wall_stacks(const Report& report) {
  return detail::fold_call_tree(report.call_tree).merged();
}

std::string render_wall_flamegraph(const Report& report, const flamegraph::FoldedStacks& stacks,
                                   long pid) {
  flamegraph::Options options;
  options.title = "Wall-Clock Flame Graph";
  options.subtitle = fmt::format("{} (pid {}): {} measured in {} call paths, {} wall time",
                                 report.session_name, pid, detail::format_duration(stacks.total()),
                                 report.call_tree.size(), detail::format_duration(report.wall_ns));
  options.count_name = "ns";
  options.palette = flamegraph::Palette::Aqua;
  options.deterministic = true;
  return flamegraph::render_svg(stacks, options);
}

flamegraph::FoldedStacks coroutine_stacks(const Report& report) {
  return detail::fold_coroutine_tree(report.coroutine_tree).merged();
}

std::string render_coroutine_flamegraph(const Report& report,
                                        const flamegraph::FoldedStacks& stacks, long pid) {
  flamegraph::Options options;
  options.title = "Coroutines: Logical Flame Graph";
  options.subtitle = fmt::format(
      "{} (pid {}): each coroutine under the coroutine that created it, as wide as its "
      "instances' life ({} in {} paths)",
      report.session_name, pid, detail::format_duration(stacks.total()),
      report.coroutine_tree.size());
  options.count_name = "ns";
  options.palette = flamegraph::Palette::Aqua;
  options.deterministic = true;
  return flamegraph::render_svg(stacks, options);
}

}  // namespace hotpath
