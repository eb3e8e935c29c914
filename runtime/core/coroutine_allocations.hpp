// The allocations of a coroutine's segments and instances: what the coroutine
// recording needs of allocation tracking, which alloc/alloc_recording.cpp provides
// (it knows the mode and the function's AllocSlot).
#ifndef HOTPATH_RUNTIME_COROUTINE_ALLOCATIONS_HPP
#define HOTPATH_RUNTIME_COROUTINE_ALLOCATIONS_HPP

#include "hotpath/detail/coroutine_recording.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

/// A coroutine's segment ended: its allocations are kept for the instance, and in
/// cumulative mode handed to whatever resumed it, as a call's to its caller.
void keep_segment_allocations(CoroutineInstance& instance) noexcept;

/// A coroutine instance ended: its allocations are recorded as one call's of the
/// function of `slot`, on the calling thread.
void record_instance_allocations(ThreadState& state, FunctionSlot& slot,
                                 const CoroutineInstance& instance) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_COROUTINE_ALLOCATIONS_HPP
