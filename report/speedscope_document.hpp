// speedscope's file format (www.speedscope.app, file-format-schema.json), from
// what hotpath records: a timeline of calls per thread (evented profiles), CPU
// samples with native stacks (sampled profiles), or a call tree (one sampled
// profile whose stacks are its paths). The process writes it at exit
// (HOTPATH_SPEEDSCOPE); `hotpath speedscope` writes it from a saved trace or report.
#ifndef HOTPATH_REPORT_SPEEDSCOPE_DOCUMENT_HPP
#define HOTPATH_REPORT_SPEEDSCOPE_DOCUMENT_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "hotpath/report.hpp"
#include "native_samples.hpp"

namespace hotpath {

/// One call of a timeline: its function, as an index into SpeedscopeTimeline::names,
/// and when it ran, in nanoseconds from the same origin for every thread.
struct TimelineCall {
  std::size_t name = 0;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
};

/// One thread's calls, in any order.
struct TimelineThread {
  std::uint64_t tid = 0;
  std::string name;  ///< empty when the thread has none
  std::vector<TimelineCall> calls;
};

/// What a speedscope document is made of; any part may be empty.
struct SpeedscopeInput {
  std::string name;                ///< the document's, e.g. "app [1234]"
  std::vector<std::string> names;  ///< the functions TimelineCall::name indexes
  std::vector<TimelineThread> threads;
  const pprof::NativeSamples* cpu = nullptr;  ///< CPU samples, one sampled profile per thread
  const Report* call_tree = nullptr;          ///< a report whose call tree is one sampled profile
};

/// The speedscope document of `input`: an evented profile per timeline thread, in
/// order, whose frames open and close strictly nested (a call that outlasts its
/// caller is closed with it); then a sampled profile per thread of the CPU samples,
/// named "<thread> CPU samples", each native function one frame whatever line of it
/// a sample is at; then the call tree's, named "call tree (wall time)", each path
/// weighing its self time. speedscope opens the timeline thread whose calls span
/// the longest time, or else the first profile.
std::string speedscope_document(const SpeedscopeInput& input);

}  // namespace hotpath

#endif  // HOTPATH_REPORT_SPEEDSCOPE_DOCUMENT_HPP
