// The files a report writes from its call tree: the wall-clock flame graph
// (HOTPATH_FLAMEGRAPH_WALL) and its folded stacks (HOTPATH_FOLDED_WALL); and from
// its logical tree of coroutines, theirs (HOTPATH_FLAMEGRAPH_COROUTINES,
// HOTPATH_FOLDED_COROUTINES); and the report as a pprof profile (HOTPATH_PPROF).
#ifndef HOTPATH_RUNTIME_WALL_OUTPUTS_HPP
#define HOTPATH_RUNTIME_WALL_OUTPUTS_HPP

#include <string>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// Output paths as given (`%p` and `%t` not yet expanded); empty when not wanted.
struct WallOutputPaths {
  std::string flamegraph;
  std::string folded;
  std::string coroutine_flamegraph;
  std::string coroutine_folded;
  std::string pprof;  ///< the report as a pprof profile (HOTPATH_PPROF)
};

/// Writes the outputs of `report`'s call tree, each atomically (a file is whole or
/// untouched). Failures are explained on stderr.
void write_wall_outputs(const Report& report, const WallOutputPaths& paths) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_WALL_OUTPUTS_HPP
