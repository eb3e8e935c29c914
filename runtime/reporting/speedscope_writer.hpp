// The timeline in speedscope's file format (www.speedscope.app, file-format-schema
// .json): one evented profile per thread, each measured call a frame opened at its
// start and closed at its end, in nanoseconds from the runtime's start. A
// coroutine's segments are frames on the threads that ran them.
#ifndef HOTPATH_RUNTIME_SPEEDSCOPE_WRITER_HPP
#define HOTPATH_RUNTIME_SPEEDSCOPE_WRITER_HPP

#include <string>
#include <vector>

#include "core/clock_calibration.hpp"
#include "core/trace_ring.hpp"
#include "reporting/trace_writer.hpp"

namespace hotpath::detail {

/// The speedscope document of `threads`' calls. `site_names[id - 1]` names the
/// calls of site `id` ("site <id>" when it has no name). A call that outlasts its
/// caller (clocks of two cores a few ticks apart) is closed with it: speedscope
/// wants every thread's frames strictly nested. It opens on the thread whose calls
/// span the longest time.
std::string speedscope_json(const std::vector<ThreadTrace>& threads,
                            const std::vector<std::string>& site_names, const TickConverter& ticks,
                            const TraceFacts& facts);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_SPEEDSCOPE_WRITER_HPP
