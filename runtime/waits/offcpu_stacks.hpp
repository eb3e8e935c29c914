// Off-CPU stacks: with HOTPATH_FLAMEGRAPH_OFFCPU or HOTPATH_FOLDED_OFFCPU (or the
// `hotpath flamegraph --off-cpu` command's log), every wait of at least
// HOTPATH_OFFCPU_MIN_US leaves the native stack of the call that waited, weighted
// by the time it waited, in a log of its own; when the program ends, the stacks
// become an off-CPU flame graph. Waits outside measured calls count too: the graph
// is of the whole program, measured or not.
#ifndef HOTPATH_RUNTIME_WAITS_OFFCPU_STACKS_HPP
#define HOTPATH_RUNTIME_WAITS_OFFCPU_STACKS_HPP

#include <cstdint>

#include "hotpath/detail/platform.hpp"

namespace hotpath::waits {

/// True while waits leave their stacks. Read by every wait's end.
extern bool g_offcpu_stacks;

/// Keeps the stack of the wait that just ended after `ticks`, when it is long
/// enough. Called by the interposer that waited, directly: the interposer is the
/// stack's innermost frame, named after the C library's function it stands for.
HOTPATH_NOINLINE void keep_offcpu_stack(std::uint64_t ticks) noexcept;

/// Starts keeping stacks when the environment asks for them (at load); the
/// outputs are written at exit.
void start_offcpu_stacks() noexcept;

}  // namespace hotpath::waits

#endif  // HOTPATH_RUNTIME_WAITS_OFFCPU_STACKS_HPP
