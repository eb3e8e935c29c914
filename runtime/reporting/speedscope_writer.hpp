// The timeline in speedscope's file format (www.speedscope.app, file-format-schema
// .json): one evented profile per thread, each measured call a frame opened at its
// start and closed at its end, in nanoseconds from the runtime's start. A
// coroutine's segments are frames on the threads that ran them. With the CPU
// samples of hotpath-cpu, also one sampled profile per thread: the native stacks in
// the order the thread took them, each weighing its CPU time.
#ifndef HOTPATH_RUNTIME_SPEEDSCOPE_WRITER_HPP
#define HOTPATH_RUNTIME_SPEEDSCOPE_WRITER_HPP

#include <string>
#include <vector>

#include "core/clock_calibration.hpp"
#include "core/trace_ring.hpp"
#include "native_samples.hpp"
#include "reporting/trace_writer.hpp"

namespace hotpath::detail {

/// The speedscope document of `threads`' calls. `site_names[id - 1]` names the
/// calls of site `id` ("site <id>" when it has no name). A call that outlasts its
/// caller (clocks of two cores a few ticks apart) is closed with it: speedscope
/// wants every thread's frames strictly nested. It opens on the thread whose calls
/// span the longest time. `cpu`, when not null, adds a sampled profile per thread
/// named "<thread> CPU samples", after the evented ones; a native function is one
/// frame whatever line of it a sample is at.
std::string speedscope_json(const std::vector<ThreadTrace>& threads,
                            const std::vector<std::string>& site_names, const TickConverter& ticks,
                            const TraceFacts& facts, const pprof::NativeSamples* cpu = nullptr);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_SPEEDSCOPE_WRITER_HPP
