// Coroutines, the recording side: what a measured coroutine instance keeps in its
// frame, what each thread records for a coroutine function, and the out-of-line
// steps CoroutineGuard takes as the instance starts, suspends, resumes and ends.
//
// An instance runs as segments: from a resume to the next suspension. While a
// segment runs, its frame is on the shadow stack of the thread that resumed it,
// under whatever resumed it (an event loop, a pool's worker), so that CPU samples,
// allocations and measured callees during the segment go to the coroutine; when
// it suspends, the frame leaves that stack. Its row's calls and durations are the
// instance's logical life, first resume to end, suspended time included.
#ifndef HOTPATH_DETAIL_COROUTINE_RECORDING_HPP
#define HOTPATH_DETAIL_COROUTINE_RECORDING_HPP

#include <cstdint>

#include "hotpath/detail/platform.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/site.hpp"

namespace hotpath {
namespace detail {

/// One coroutine function's instances and segments on one thread; made at the
/// first segment of one of its instances there. Instance figures are written by
/// the thread where the instance ended.
struct CoroutineSlot {
  Counter started;    ///< instances whose first segment ran on this thread
  Counter completed;  ///< instances that reached the end of their body here (or threw)
  Counter destroyed;  ///< instances destroyed here while suspended, before completing
  Counter resumes;    ///< segments begun on this thread, each instance's first included
  // Of the instances that ended here: their running time (the sum of their
  // segments) and suspended time (logical duration minus running), with extremes
  // and histograms for percentiles.
  Counter running_ticks;
  Counter suspended_ticks;
  Counter min_running;
  Counter max_running;
  Counter min_suspended;
  Counter max_suspended;
  HistogramRows running_rows;
  HistogramRows suspended_rows;
};

/// What CoroutineGuard keeps in the coroutine frame for its instance.
struct CoroutineInstance {
  const Site* site;
  /// The thread whose shadow stack holds `segment` while it runs.
  ThreadState* state;
  /// The running segment's frame; on `state`'s shadow stack while `running`.
  Frame segment;
  std::uint64_t start_ticks;    ///< the first resume
  std::uint64_t running_ticks;  ///< the ended segments' time, guards' overhead removed
  std::uint64_t self_ticks;     ///< the same less their measured callees
  // Allocations of the ended segments (hotpath-alloc), recorded as the instance's.
  AllocTally allocated;
  AllocTally freed;
  /// The instance's id in the timeline (HOTPATH_TRACE); 0 when not tracing.
  std::uint32_t trace_id;
  /// Its logical path: its function under the path of the coroutine that created
  /// it (runtime/core/coroutine_paths.hpp); 0 when not known.
  std::uint32_t path;
  /// The instance whose segment ran innermost on this thread when this one's
  /// segment began: running again when it ends.
  CoroutineInstance* resumed_over;
  bool running;
  /// True when every suspension point of the coroutine reports to the guard
  /// (watch_await): only then are segments recorded.
  bool watched;
};

/// The logical path of the coroutine whose segment runs innermost on the calling
/// thread, plus one; 0 when none.
HOTPATH_ALWAYS_INLINE std::uint32_t running_coroutine_path() noexcept {
  const auto* running = static_cast<const CoroutineInstance*>(t_thread_state.running_coroutine);
  return running != nullptr ? running->path + 1 : 0;
}

/// Starts an instance of the coroutine of `site` on the calling thread, and, when
/// `watched`, its first segment.
HOTPATH_API HOTPATH_NOINLINE void begin_coroutine(CoroutineInstance& instance, const Site& site,
                                                  bool watched) noexcept;

/// Ends the instance: its running segment if any (it completed), else it was
/// destroyed while suspended. Records its logical duration as one call.
HOTPATH_API HOTPATH_NOINLINE void end_coroutine(CoroutineInstance& instance) noexcept;

/// Ends the running segment: the coroutine is about to suspend.
HOTPATH_API HOTPATH_NOINLINE void end_segment(CoroutineInstance& instance) noexcept;

/// Begins a segment on the calling thread: the coroutine was resumed, or (when not
/// `counted`) it did not suspend after all and goes on.
HOTPATH_API HOTPATH_NOINLINE void begin_segment(CoroutineInstance& instance, bool counted) noexcept;

}  // namespace detail
}  // namespace hotpath

#endif  // HOTPATH_DETAIL_COROUTINE_RECORDING_HPP
