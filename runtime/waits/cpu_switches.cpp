#include "waits/cpu_switches.hpp"

namespace hotpath::waits {
namespace {

// A critical section no thread ever executes: one byte of a function never
// called. Its abort address is preceded by the signature the kernel checks, as
// every rseq abort handler must be; nothing ever jumps there, since no thread is
// ever inside the section.
__attribute__((noinline, used)) void never_executed() noexcept { __asm__ __volatile__(""); }
const std::uint32_t g_abort_signature[2] = {RSEQ_SIG, 0};
alignas(32) struct rseq_cs g_section;

}  // namespace

std::uint64_t g_watch_section = 0;
bool g_switches_told = false;

void find_switch_watching() noexcept {
#if defined(__x86_64__) || defined(__aarch64__)
  // glibc sets the size to 0 when it did not register an area for its threads.
  if (__rseq_size == 0) return;
  g_section.version = 0;
  g_section.flags = 0;
  g_section.start_ip = reinterpret_cast<std::uintptr_t>(&never_executed);
  g_section.post_commit_offset = 1;
  g_section.abort_ip = reinterpret_cast<std::uintptr_t>(&g_abort_signature[1]);
  g_watch_section = reinterpret_cast<std::uintptr_t>(&g_section);
  g_switches_told = true;
#endif
}

}  // namespace hotpath::waits
