// The CPU sampler of hotpath-cpu: one timer per thread on the thread's CPU clock,
// a signal handler that attributes each sample to the measured calls on the
// interrupted thread's shadow stack and, when a flame graph is wanted, appends the
// thread's native stack to the sample log. Sampling runs from the library's load
// until the first report (or exit); the report then reads its totals.
//
// The signal: perf events send a real-time signal that nobody handles when sampling
// starts (the highest free one, or HOTPATH_CPU_SIGNAL), so that programs that handle
// SIGPROF themselves are sampled too; the POSIX timers of the fallback send SIGPROF.
#ifndef HOTPATH_RUNTIME_CPU_SAMPLER_HPP
#define HOTPATH_RUNTIME_CPU_SAMPLER_HPP

#include <signal.h>

#include "cpu/cpu_recording.hpp"

namespace hotpath::cpu {

/// The signal the POSIX CPU timers of the fallback send.
constexpr int kTimerSignal = SIGPROF;

/// The signal sampling uses now (0 before it starts).
int sampling_signal() noexcept;

/// Reads the HOTPATH_CPU* settings and starts sampling every thread of the
/// process; explains on stderr why when it cannot.
void start_sampling() noexcept;

/// Starts the calling thread's timer: a thread the program just created.
void sample_this_thread() noexcept;

/// Ends sampling, writes the flame graph and folded stacks that were asked for,
/// and returns the totals. Later calls return the same totals.
detail::CpuSamplingTotals stop_sampling() noexcept;
/// The totals of sampling so far; sampling goes on.
detail::CpuSamplingTotals sampling_totals() noexcept;

/// A session asks for a flame graph and/or folded stacks (empty: not asked): native
/// stacks are kept from now on. The environment's paths take precedence.
void request_outputs(const char* flamegraph_path, const char* folded_path) noexcept;

/// True while samples are being taken.
bool sampling_running() noexcept;

/// The program sets the disposition of the sampling signal (`signal`): perf events
/// move to another free real-time signal, with a note on stderr; where none is free,
/// or with the POSIX timers, sampling stops with a warning and the samples taken so
/// far are kept.
void yield_sampling_signal(int signal) noexcept;

/// The handler hotpath-cpu installs, so that a program re-installing it (after
/// saving it with sigaction) is not mistaken for a takeover.
void sampling_signal_handler(int signal, siginfo_t* info, void* context) noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_SAMPLER_HPP
