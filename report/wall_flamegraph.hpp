// The wall-clock flame graph of a report: its call tree drawn as an SVG, each
// frame as wide as the measured nanoseconds of its path. Written at exit
// (HOTPATH_FLAMEGRAPH_WALL) and served by the live server.
#ifndef HOTPATH_REPORT_WALL_FLAMEGRAPH_HPP
#define HOTPATH_REPORT_WALL_FLAMEGRAPH_HPP

#include <string>

#include "folded_stacks.hpp"
#include "hotpath/report.hpp"

namespace hotpath {

/// The report's call tree as folded stacks (`main;parse;lex 1200`, nanoseconds of
/// self time), merged by path.
flamegraph::FoldedStacks wall_stacks(const Report& report);

/// The SVG of `stacks` (wall_stacks(report)), titled for the program `pid`.
std::string render_wall_flamegraph(const Report& report, const flamegraph::FoldedStacks& stacks,
                                   long pid);

/// The report's logical tree of coroutines as folded stacks (`app::client;
/// app::request 4600`, nanoseconds of logical time not in a child's instances).
flamegraph::FoldedStacks coroutine_stacks(const Report& report);

/// The SVG of `stacks` (coroutine_stacks(report)), titled for the program `pid`.
std::string render_coroutine_flamegraph(const Report& report,
                                        const flamegraph::FoldedStacks& stacks, long pid);

}  // namespace hotpath

#endif  // HOTPATH_REPORT_WALL_FLAMEGRAPH_HPP
