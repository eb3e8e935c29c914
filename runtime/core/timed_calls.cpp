// The timed path of the guard, out of line: a measured function inlines only the
// guard's untimed path, so small functions stay small enough for their callers to
// inline them, as they would uninstrumented.
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

void start_timed_call(ThreadState& state, Frame& frame, Frame* parent, CallEdge edge) noexcept {
  push_frame(state, frame, parent, edge);
  frame.start_ticks = is_chosen_call(frame) ? fenced_ticks() : now_ticks();
}

void end_timed_call(ThreadState& state, Frame& frame) noexcept {
  if (HOTPATH_UNLIKELY(is_chosen_call(frame)))
    finish_chosen_call(state, frame, fenced_ticks());
  else
    finish_timed_frame(state, frame, now_ticks());
}

}  // namespace hotpath::detail
