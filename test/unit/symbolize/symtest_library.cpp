// A small shared library for the symbolizer tests, loaded with dlopen and also stripped
// down to its dynamic symbol table: one exported function, one with internal linkage and one
// with external linkage but hidden visibility (neither of the last two is in .dynsym),
// functions with several names, as glibc has them, an assembly label without a size, and
// functions whose unwind information has several rows or follows another's with no gap.
#include <cstdint>

namespace {

const unsigned kHiddenSquareLine = __LINE__ + 1;
[[gnu::noinline]] int hidden_square(int value) { return value * value + 1; }

}  // namespace

namespace symtest {

const unsigned kInternalTwiceLine = __LINE__ + 1;
[[gnu::visibility("hidden"), gnu::noinline]] int internal_twice(int value) { return 2 * value; }

[[gnu::visibility("default"), gnu::noinline]] int exported_cube(int value) {
  return value * value * value + hidden_square(value) + internal_twice(value);
}

}  // namespace symtest

// Hidden symbols become local ones in the linked library. The preferred names are the
// shortest, so that the last tie-break (the longer name) would not pick them.
extern "C" {

// One function, three names: global, weak and local.
[[gnu::visibility("default"), gnu::noinline]] int symtest_trio(int value) noexcept {
  return value + 7;
}
[[gnu::visibility("default"), gnu::weak, gnu::alias("symtest_trio")]] int symtest_trio_weak_name(
    int value) noexcept;
[[gnu::visibility("hidden"), gnu::alias("symtest_trio")]] int symtest_trio_local_name(
    int value) noexcept;

// One function, two names: local and weak.
[[gnu::visibility("hidden"), gnu::noinline]] int symtest_duo(int value) noexcept {
  return value * 3 + 1;
}
[[gnu::visibility("default"), gnu::weak, gnu::alias("symtest_duo")]] int symtest_duo_weak_name(
    int value) noexcept;

}  // extern "C"

// Hand-written code without .size, in a section of its own: the label names the bytes
// after it up to the section's end.
asm(R"(
  .section symtest_code, "ax", @progbits
  .globl symtest_label
symtest_label:
  nop
  nop
  ret
  .text
)");

// Two functions with unwind information (FDEs) and no symbol in .dynsym, the second
// right after the first: no padding between them. The first's CFI has three rows (the
// frame grows, then shrinks back), so the row of an address is not the function.
asm(R"(
  .section symtest_unwound_code, "ax", @progbits
  .globl symtest_unwound_first
  .hidden symtest_unwound_first
symtest_unwound_first:
  .cfi_startproc
  nop
  .cfi_adjust_cfa_offset 16
  nop
  .cfi_adjust_cfa_offset -16
  nop
  ret
  .cfi_endproc
  .globl symtest_unwound_second
  .hidden symtest_unwound_second
symtest_unwound_second:
  .cfi_startproc
  nop
  nop
  ret
  .cfi_endproc
  .text
)");

extern "C" {

void symtest_unwound_first();
void symtest_unwound_second();

/// The addresses of the two hand-written functions with unwind information.
[[gnu::visibility("default")]] std::uintptr_t symtest_unwound_first_address() {
  return reinterpret_cast<std::uintptr_t>(&symtest_unwound_first);
}
[[gnu::visibility("default")]] std::uintptr_t symtest_unwound_second_address() {
  return reinterpret_cast<std::uintptr_t>(&symtest_unwound_second);
}

/// The address of the library's function that is not exported.
[[gnu::visibility("default")]] std::uintptr_t symtest_hidden_square() {
  return reinterpret_cast<std::uintptr_t>(&hidden_square);
}

/// The line of the function that is not exported.
[[gnu::visibility("default")]] unsigned symtest_hidden_square_line() { return kHiddenSquareLine; }

/// The address of the function with hidden visibility, and its line.
[[gnu::visibility("default")]] std::uintptr_t symtest_internal_twice() {
  return reinterpret_cast<std::uintptr_t>(&symtest::internal_twice);
}
[[gnu::visibility("default")]] unsigned symtest_internal_twice_line() {
  return symtest::kInternalTwiceLine;
}

/// The address of the function whose names are local and weak.
[[gnu::visibility("default")]] std::uintptr_t symtest_duo_address() {
  return reinterpret_cast<std::uintptr_t>(&symtest_duo);
}

/// The address of the exported function.
[[gnu::visibility("default")]] std::uintptr_t symtest_exported_cube() {
  return reinterpret_cast<std::uintptr_t>(&symtest::exported_cube);
}

}  // extern "C"
