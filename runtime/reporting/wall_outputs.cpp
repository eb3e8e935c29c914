// Writing the wall-clock flame graph and folded stacks of a report.
#include "reporting/wall_outputs.hpp"

#include <unistd.h>

#include <cstdio>
#include <exception>

#include "cpu/cpu_recording.hpp"
#include "output_file.hpp"
#include "report_profile.hpp"
#include "wall_flamegraph.hpp"

namespace hotpath::detail {
void write_wall_outputs(const Report& report, const WallOutputPaths& paths) noexcept {
  try {
    const flamegraph::FoldedStacks stacks = wall_stacks(report);
    if (!paths.folded.empty())
      write_output_file_at(paths.folded, ::getpid(), flamegraph::to_folded(stacks),
                           "wall-clock folded stacks");
    if (!paths.flamegraph.empty()) {
      write_output_file_at(paths.flamegraph, ::getpid(),
                           render_wall_flamegraph(report, stacks, ::getpid()),
                           "wall-clock flame graph");
    }
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no wall-clock flame graph: %s\n", failure.what());
  }
  if (!paths.pprof.empty()) {
    try {
      write_output_file_at(paths.pprof, ::getpid(),
                           pprof::report_profile(report, cpu_native_samples()), "pprof profile");
    } catch (const std::exception& failure) {
      std::fprintf(stderr, "hotpath: no pprof profile: %s\n", failure.what());
    }
  }
  if (paths.coroutine_flamegraph.empty() && paths.coroutine_folded.empty()) return;
  try {
    const flamegraph::FoldedStacks stacks = coroutine_stacks(report);
    if (!paths.coroutine_folded.empty())
      write_output_file_at(paths.coroutine_folded, ::getpid(), flamegraph::to_folded(stacks),
                           "coroutines' folded stacks");
    if (!paths.coroutine_flamegraph.empty()) {
      write_output_file_at(paths.coroutine_flamegraph, ::getpid(),
                           render_coroutine_flamegraph(report, stacks, ::getpid()),
                           "coroutines' flame graph");
    }
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no coroutine flame graph: %s\n", failure.what());
  }
}

}  // namespace hotpath::detail
