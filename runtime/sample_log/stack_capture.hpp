// Native stacks, captured with libunwind: an interrupted thread's inside the CPU
// sampler's signal handler, and a thread's own where it waits (hotpath-wait). libunwind is loaded
// with dlopen(RTLD_LOCAL): linked normally, its _Unwind_* and backtrace symbols could take the
// place of the program's own exception unwinder and of glibc's backtrace().
#ifndef HOTPATH_RUNTIME_SAMPLE_LOG_STACK_CAPTURE_HPP
#define HOTPATH_RUNTIME_SAMPLE_LOG_STACK_CAPTURE_HPP

#include <ucontext.h>

#include <cstdint>
#include <string>

namespace hotpath::cpu {

/// Loads libunwind; false with `error` set when it cannot be used.
bool load_unwinder(std::string& error) noexcept;

/// Prepares the calling thread's unwind cache. Call on each thread before its
/// first sample, outside any signal handler (the cache is allocated on first use).
void prepare_thread_unwinding() noexcept;

/// The interrupted thread's stack, innermost first: the address where `context`
/// was interrupted, then the return addresses of its callers. At most `capacity`
/// addresses, the innermost ones. Async-signal-safe; 0 without libunwind.
unsigned capture_stack(const ucontext_t& context, std::uint64_t* addresses,
                       unsigned capacity) noexcept;

/// The calling thread's own stack, innermost first: the return addresses of the
/// functions above the caller's `skip` innermost frames (0: from the return
/// address into the caller). At most `capacity` addresses. Not for signal
/// handlers: the thread's unwind cache may be allocated on first use. 0 without
/// libunwind.
unsigned capture_own_stack(std::uint64_t* addresses, unsigned capacity, unsigned skip) noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_SAMPLE_LOG_STACK_CAPTURE_HPP
