// Whether the calling thread left the CPU during a call, told without a clock read
// or a system call. glibc registers a restartable-sequences area (rseq) for every
// thread, and the kernel, when it returns to a thread that was switched out (it
// slept, or was preempted) or that got a signal, clears the area's pointer to the
// critical section that was current. A watch points it at a critical section that
// never runs; finding it cleared after the call means the thread left the CPU
// meanwhile. A call that left the CPU may have waited; one that did not, did not.
#ifndef HOTPATH_RUNTIME_WAITS_CPU_SWITCHES_HPP
#define HOTPATH_RUNTIME_WAITS_CPU_SWITCHES_HPP

#include <sys/rseq.h>

#include <cstddef>
#include <cstdint>

#include "hotpath/detail/platform.hpp"

namespace hotpath::waits {

/// The critical section a watch points the field at.
extern std::uint64_t g_watch_section;

/// True once the library found the threads' rseq areas usable (set at load): not
/// with an old kernel or glibc, glibc.pthread.rseq=0, or another processor.
extern bool g_switches_told;

/// The address of the calling thread's rseq_cs field; g_switches_told must be true.
/// Inline: two instructions from the thread pointer, on every watched call.
HOTPATH_ALWAYS_INLINE volatile std::uint64_t* rseq_critical_section_field() noexcept {
#if defined(__x86_64__)
  char* thread_pointer;
  __asm__("mov %%fs:0, %0" : "=r"(thread_pointer));
#elif defined(__aarch64__)
  char* thread_pointer = static_cast<char*>(__builtin_thread_pointer());
#else
  char* thread_pointer = nullptr;  // g_switches_told stays false
#endif
  return reinterpret_cast<volatile std::uint64_t*>(thread_pointer + __rseq_offset +
                                                   offsetof(struct rseq, rseq_cs));
}

/// Watches the calling thread for a switch from its construction to left_cpu().
class SwitchWatch {
 public:
  SwitchWatch() noexcept
      : field_(g_switches_told ? static_cast<volatile std::uint64_t*>(rseq_critical_section_field())
                               : nullptr) {
    if (field_ != nullptr) *field_ = g_watch_section;
  }

  /// True when the thread may have left the CPU since the watch began (always,
  /// when switches cannot be told). Ends the watch.
  bool left_cpu() noexcept {
    if (field_ == nullptr) return true;
    const bool left = *field_ == 0;
    *field_ = 0;
    return left;
  }

 private:
  volatile std::uint64_t* field_;
};

/// Looks for this process's rseq areas and sets g_switches_told; once, at load.
void find_switch_watching() noexcept;

}  // namespace hotpath::waits

#endif  // HOTPATH_RUNTIME_WAITS_CPU_SWITCHES_HPP
