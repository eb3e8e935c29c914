// A report as a pprof profile: the measured call tree (each path's calls and its
// self time in wall-clock nanoseconds, measured functions as frames) and, when
// recorded, each function's allocations and the process's CPU samples.
#ifndef HOTPATH_PPROF_REPORT_PROFILE_HPP
#define HOTPATH_PPROF_REPORT_PROFILE_HPP

#include <string>

#include "hotpath/report.hpp"
#include "native_samples.hpp"

namespace hotpath::pprof {

/// The profile of `report`, gzipped, as `go tool pprof` reads it. Its sample types:
/// `calls/count` and `wall/nanoseconds` (the default), one sample per node of the
/// call tree, whose stack is the node's path; and with allocations,
/// `alloc_objects/count` and `alloc_space/bytes`, one sample per function that
/// allocated, its stack the function alone; and with `cpu` (the process's own CPU
/// samples), `samples/count` and `cpu/nanoseconds` (the period's type, one
/// sample standing for `cpu->period_ns`), one sample per run of samples, its stack
/// the native one with inlined frames, labelled with its thread's name, and the
/// mappings of the process's modules with their build ids.
std::string report_profile(const Report& report, const NativeSamples* cpu = nullptr);

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_REPORT_PROFILE_HPP
