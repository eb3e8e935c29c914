// Stack capture with libunwind. unw_backtrace() from inside the handler walks
// through the signal frame with libunwind's per-thread cache of frame layouts: about
// 2 us per sample at any depth here, where unw_step() from the signal's context
// costs about 0.6 us per frame. Its result starts with the handler's own frames;
// they end where the interrupted address appears. Should the fast walk not find
// that address, the stack is walked again from the signal's context.
#define UNW_LOCAL_ONLY
#include "sample_log/stack_capture.hpp"

#include <dlfcn.h>
#include <libunwind.h>

#include <algorithm>
#include <cstring>

namespace hotpath::cpu {
namespace {

#define HOTPATH_STRINGIFY2(x) #x
#define HOTPATH_STRINGIFY(x) HOTPATH_STRINGIFY2(x)

// libunwind's entry points carry the architecture in their names
// (_ULx86_64_step); the header's macros spell them.
using BacktraceFunction = int (*)(void**, int);
using InitLocal2Function = int (*)(unw_cursor_t*, unw_context_t*, int);
using StepFunction = int (*)(unw_cursor_t*);
using GetRegFunction = int (*)(unw_cursor_t*, int, unw_word_t*);
using CachingPolicyFunction = int (*)(unw_addr_space_t, unw_caching_policy_t);

BacktraceFunction g_backtrace = nullptr;
InitLocal2Function g_init_local2 = nullptr;
StepFunction g_step = nullptr;
GetRegFunction g_get_reg = nullptr;

// Handler frames above the interrupted one: the handler, the capture and
// libunwind's own, and the signal trampoline.
constexpr unsigned kHandlerFrames = 16;

std::uint64_t interrupted_address(const ucontext_t& context) noexcept {
#if defined(__x86_64__)
  return static_cast<std::uint64_t>(context.uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return context.uc_mcontext.pc;
#else
#error "hotpath-cpu supports x86-64 and AArch64"
#endif
}

unsigned walk_from_context(const ucontext_t& context, std::uint64_t* addresses,
                           unsigned capacity) noexcept {
  unw_cursor_t cursor;
  // libunwind takes the context as writable, though it does not change it.
  auto* unwind_context = reinterpret_cast<unw_context_t*>(const_cast<ucontext_t*>(&context));
  if (g_init_local2(&cursor, unwind_context, UNW_INIT_SIGNAL_FRAME) != 0) return 0;
  unsigned count = 0;
  do {
    unw_word_t ip = 0;
    if (g_get_reg(&cursor, UNW_REG_IP, &ip) != 0 || ip == 0) break;
    addresses[count++] = ip;
  } while (count < capacity && g_step(&cursor) > 0);
  return count;
}

}  // namespace

bool load_unwinder(std::string& error) noexcept {
  if (g_backtrace != nullptr) return true;
  void* library = ::dlopen(HOTPATH_LIBUNWIND_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* reason = ::dlerror();
    error = reason != nullptr ? reason : "cannot load " HOTPATH_LIBUNWIND_SONAME;
    return false;
  }
  auto caching_policy = reinterpret_cast<CachingPolicyFunction>(
      ::dlsym(library, HOTPATH_STRINGIFY(unw_set_caching_policy)));
  auto* address_space =
      static_cast<unw_addr_space_t*>(::dlsym(library, HOTPATH_STRINGIFY(unw_local_addr_space)));
  auto backtrace = reinterpret_cast<BacktraceFunction>(::dlsym(library, "unw_backtrace"));
  g_init_local2 =
      reinterpret_cast<InitLocal2Function>(::dlsym(library, HOTPATH_STRINGIFY(unw_init_local2)));
  g_step = reinterpret_cast<StepFunction>(::dlsym(library, HOTPATH_STRINGIFY(unw_step)));
  g_get_reg = reinterpret_cast<GetRegFunction>(::dlsym(library, HOTPATH_STRINGIFY(unw_get_reg)));
  if (caching_policy == nullptr || address_space == nullptr || backtrace == nullptr ||
      g_init_local2 == nullptr || g_step == nullptr || g_get_reg == nullptr) {
    error = HOTPATH_LIBUNWIND_SONAME " lacks the functions hotpath needs";
    return false;
  }
  // The default global cache takes a lock; a per-thread one is safe in a handler.
  caching_policy(*address_space, UNW_CACHE_PER_THREAD);
  g_backtrace = backtrace;
  return true;
}

void prepare_thread_unwinding() noexcept {
  if (g_backtrace == nullptr) return;
  void* frames[4];
  g_backtrace(frames, 4);
}

unsigned capture_stack(const ucontext_t& context, std::uint64_t* addresses,
                       unsigned capacity) noexcept {
  if (g_backtrace == nullptr || capacity == 0) return 0;
  constexpr unsigned kBufferFrames = 256;
  void* frames[kBufferFrames];
  const unsigned limit = std::min(capacity + kHandlerFrames, kBufferFrames);
  const int found = g_backtrace(frames, static_cast<int>(limit));
  const std::uint64_t interrupted = interrupted_address(context);
  for (int index = 0; index < found && index <= static_cast<int>(kHandlerFrames); ++index) {
    if (reinterpret_cast<std::uint64_t>(frames[index]) != interrupted) continue;
    const unsigned count = std::min(static_cast<unsigned>(found - index), capacity);
    for (unsigned i = 0; i < count; ++i)
      addresses[i] = reinterpret_cast<std::uint64_t>(frames[index + static_cast<int>(i)]);
    return count;
  }
  return walk_from_context(context, addresses, capacity);
}

__attribute__((noinline)) unsigned capture_own_stack(std::uint64_t* addresses, unsigned capacity,
                                                     unsigned skip) noexcept {
  if (g_backtrace == nullptr || capacity == 0) return 0;
  constexpr unsigned kBufferFrames = 256;
  void* frames[kBufferFrames];
  // The first frame is in this function itself.
  const unsigned dropped = skip + 1;
  const int found =
      g_backtrace(frames, static_cast<int>(std::min(capacity + dropped, kBufferFrames)));
  if (found <= static_cast<int>(dropped)) return 0;
  const unsigned count = std::min(static_cast<unsigned>(found) - dropped, capacity);
  for (unsigned i = 0; i < count; ++i)
    addresses[i] = reinterpret_cast<std::uint64_t>(frames[dropped + i]);
  return count;
}

}  // namespace hotpath::cpu
