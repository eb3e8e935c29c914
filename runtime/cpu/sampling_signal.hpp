// The sampler's signal: which one perf events send (a real-time signal nobody
// handles, HOTPATH_CPU_SIGNAL when it is free), and the sampler's handler on it.
#ifndef HOTPATH_RUNTIME_CPU_SAMPLING_SIGNAL_HPP
#define HOTPATH_RUNTIME_CPU_SAMPLING_SIGNAL_HPP

#include <string>

namespace hotpath::cpu {

/// The signal's name as messages give it ("SIGRTMIN+3", "SIGPROF").
std::string signal_name(int signal);

/// The free real-time signal below `above` that is highest (programs that use
/// real-time signals mostly take the lowest ones), or 0 when none is. Free: nothing
/// handles, ignores or blocks it, or the handler is the sampler's own (a forked
/// child inherits it).
int free_signal_below(int above) noexcept;

/// The signal perf events are to send: HOTPATH_CPU_SIGNAL when it is free, else the
/// highest free real-time signal; 0 when none is free.
int choose_perf_signal() noexcept;

/// Installs the sampler's handler for `signal`, unless the program handles it
/// (then says so on stderr).
bool install_handler(int signal) noexcept;

/// Gives `signal` back its default action (the sampler's handler was on it).
void uninstall_handler(int signal) noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_SAMPLING_SIGNAL_HPP
