// The C library's longjmp family, replaced for the whole process by libhotpath
// (linked before libc, its definitions are the ones the program's calls reach):
// before jumping, the measured calls the jump leaves are ended (jump_recovery.hpp).
// The jump's target is the stack pointer saved in the jmp_buf, which glibc stores
// mangled with the thread's pointer guard; it is decoded on x86-64, the one layout
// this knows. Elsewhere the calls stay open, as without these functions.
#include <dlfcn.h>
#include <setjmp.h>

#include <cstdint>

#include "core/jump_recovery.hpp"

extern "C" void __longjmp_chk(struct __jmp_buf_tag environment[1], int value) noexcept
    __attribute__((__noreturn__));

namespace hotpath::detail {
namespace {

using JumpFunction = void (*)(struct __jmp_buf_tag*, int);

JumpFunction find_next(const char* name) noexcept {
  return reinterpret_cast<JumpFunction>(::dlsym(RTLD_NEXT, name));
}

#if defined(__x86_64__) && defined(__GLIBC__)
/// The stack pointer a jump to `environment` restores. glibc's PTR_MANGLE: xor
/// with the pointer guard (at %fs:0x30 in the thread's control block), then rotate
/// left by 17; here undone in reverse.
std::uintptr_t target_stack_pointer(const struct __jmp_buf_tag* environment) noexcept {
  constexpr int kStackPointerIndex = 6;  // JB_RSP in glibc's sysdeps/x86_64/jmpbuf-offsets.h
  constexpr unsigned kRotation = 17;
  const auto mangled = static_cast<std::uintptr_t>(environment->__jmpbuf[kStackPointerIndex]);
  std::uintptr_t guard;
  asm("mov %%fs:0x30, %0" : "=r"(guard));
  const std::uintptr_t rotated = (mangled >> kRotation) | (mangled << (64 - kRotation));
  return rotated ^ guard;
}

void before_jump(const struct __jmp_buf_tag* environment) noexcept {
  end_calls_left_by_jump(target_stack_pointer(environment));
}
#else
void before_jump(const struct __jmp_buf_tag*) noexcept {}
#endif

[[noreturn]] void jump(JumpFunction real, struct __jmp_buf_tag* environment, int value) noexcept {
  before_jump(environment);
  real(environment, value);
  __builtin_unreachable();
}

}  // namespace
}  // namespace hotpath::detail

#define HOTPATH_INTERPOSE_JUMP(name)                                                               \
  extern "C" __attribute__((visibility("default"))) void name(struct __jmp_buf_tag environment[1], \
                                                              int value) noexcept {                \
    static const hotpath::detail::JumpFunction real = hotpath::detail::find_next(#name);           \
    hotpath::detail::jump(real, environment, value);                                               \
  }

HOTPATH_INTERPOSE_JUMP(longjmp)
HOTPATH_INTERPOSE_JUMP(_longjmp)
HOTPATH_INTERPOSE_JUMP(siglongjmp)
HOTPATH_INTERPOSE_JUMP(__longjmp_chk)
