// Every form of the global operator new and operator delete: plain, array, nothrow,
// sized (C++14) and aligned (C++17). Memory comes from glibc's allocator directly,
// not through the malloc hooks, so an allocation counts once, with the size the
// program asked for; a sized delete counts the size the program gives.
//
// A program may replace some of these operators itself: its definitions come first
// in symbol lookup, and the standard defines the other forms in terms of them
// (new[] calls new, nothrow new calls new, delete[] and sized delete call delete).
// Programs rely on that: memory from their operator new must reach their operator
// delete. So each derived form here takes the direct path only while the forms it
// is defined in terms of are this library's own, and otherwise does what the
// standard library's default does: it calls them.
#include <cstddef>
#include <new>
#include <type_traits>

#include "alloc/alloc_hooks.hpp"

using hotpath::detail::count_allocation;
using hotpath::detail::count_deallocation;
using hotpath::detail::count_free;

namespace {

/// Allocates like the standard library's operator new: on failure, calls the new
/// handler and retries while one is installed. Null when none is installed.
HOTPATH_ALWAYS_INLINE void* allocate(std::size_t size, std::size_t alignment) {
  for (;;) {
    void* block = alignment == 0 ? __libc_malloc(size) : __libc_memalign(alignment, size);
    if (HOTPATH_LIKELY(block != nullptr)) {
      count_allocation(size);
      return block;
    }
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) return nullptr;
    handler();  // frees memory, or throws std::bad_alloc, or ends the program
  }
}

HOTPATH_ALWAYS_INLINE void* allocate_or_throw(std::size_t size, std::size_t alignment) {
  void* block = allocate(size, alignment);
  if (HOTPATH_UNLIKELY(block == nullptr)) throw std::bad_alloc();
  return block;
}

HOTPATH_ALWAYS_INLINE void* allocate_or_null(std::size_t size, std::size_t alignment) noexcept {
  try {
    return allocate(size, alignment);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

HOTPATH_ALWAYS_INLINE void release(void* block) noexcept {
  count_free(block);
  __libc_free(block);
}

HOTPATH_ALWAYS_INLINE void release_sized(void* block, std::size_t size) noexcept {
  count_deallocation(block, size);
  __libc_free(block);
}

HOTPATH_ALWAYS_INLINE std::size_t to_size(std::align_val_t alignment) noexcept {
  return static_cast<std::size_t>(alignment);
}

}  // namespace

// --- the base forms: the program replaces these, or they are used as they are ---

HOTPATH_ALLOC_HOOK void* operator new(std::size_t size) { return allocate_or_throw(size, 0); }

HOTPATH_ALLOC_HOOK void* operator new(std::size_t size, std::align_val_t alignment) {
  return allocate_or_throw(size, to_size(alignment));
}

HOTPATH_ALLOC_HOOK void operator delete(void* block) noexcept { release(block); }

HOTPATH_ALLOC_HOOK void operator delete(void* block, std::align_val_t) noexcept { release(block); }

// This library's own definitions of the forms others are defined in terms of, under
// hidden names. Symbol lookup resolves `&::operator new` to the program's definition
// when it has one; comparing the two tells whether the program replaced the form.
// The mangled names are those of the Itanium C++ ABI with a 64-bit size_t.
static_assert(std::is_same<std::size_t, unsigned long>::value, "mangled names assume LP64");
// An alias repeats the attributes <new> gives its target.
#define HOTPATH_OWN_NEW(mangled) \
  __attribute__((visibility("hidden"), alias(mangled), malloc, alloc_size(1)))
#define HOTPATH_OWN_DELETE(mangled) __attribute__((visibility("hidden"), alias(mangled)))
extern "C" {
HOTPATH_OWN_NEW("_Znwm") void* hotpath_own_new(std::size_t);
HOTPATH_OWN_NEW("_Znam") void* hotpath_own_new_array(std::size_t);
HOTPATH_OWN_NEW("_ZnwmSt11align_val_t")
void* hotpath_own_new_aligned(std::size_t, std::align_val_t);
HOTPATH_OWN_NEW("_ZnamSt11align_val_t")
void* hotpath_own_new_array_aligned(std::size_t, std::align_val_t);
HOTPATH_OWN_DELETE("_ZdlPv") void hotpath_own_delete(void*) noexcept;
HOTPATH_OWN_DELETE("_ZdaPv") void hotpath_own_delete_array(void*) noexcept;
HOTPATH_OWN_DELETE("_ZdlPvSt11align_val_t")
void hotpath_own_delete_aligned(void*, std::align_val_t) noexcept;
HOTPATH_OWN_DELETE("_ZdaPvSt11align_val_t")
void hotpath_own_delete_array_aligned(void*, std::align_val_t) noexcept;
}

namespace {

// One load from the GOT and a compare: cheap enough for every call, and always
// right, even for allocations made before any constructor has run.
HOTPATH_ALWAYS_INLINE bool own_new() noexcept {
  return static_cast<void* (*)(std::size_t)>(&::operator new) == &hotpath_own_new;
}
HOTPATH_ALWAYS_INLINE bool own_new_array() noexcept {
  return own_new() &&
         static_cast<void* (*)(std::size_t)>(&::operator new[]) == &hotpath_own_new_array;
}
HOTPATH_ALWAYS_INLINE bool own_new_aligned() noexcept {
  return static_cast<void* (*)(std::size_t, std::align_val_t)>(&::operator new) ==
         &hotpath_own_new_aligned;
}
HOTPATH_ALWAYS_INLINE bool own_new_array_aligned() noexcept {
  return own_new_aligned() && static_cast<void* (*)(std::size_t, std::align_val_t)>(
                                  &::operator new[]) == &hotpath_own_new_array_aligned;
}
HOTPATH_ALWAYS_INLINE bool own_delete() noexcept {
  return static_cast<void (*)(void*) noexcept>(&::operator delete) == &hotpath_own_delete;
}
HOTPATH_ALWAYS_INLINE bool own_delete_array() noexcept {
  return own_delete() &&
         static_cast<void (*)(void*) noexcept>(&::operator delete[]) == &hotpath_own_delete_array;
}
HOTPATH_ALWAYS_INLINE bool own_delete_aligned() noexcept {
  return static_cast<void (*)(void*, std::align_val_t) noexcept>(&::operator delete) ==
         &hotpath_own_delete_aligned;
}
HOTPATH_ALWAYS_INLINE bool own_delete_array_aligned() noexcept {
  return own_delete_aligned() && static_cast<void (*)(void*, std::align_val_t) noexcept>(
                                     &::operator delete[]) == &hotpath_own_delete_array_aligned;
}

}  // namespace

// --- new ---------------------------------------------------------------------------

HOTPATH_ALLOC_HOOK void* operator new[](std::size_t size) {
  if (HOTPATH_UNLIKELY(!own_new())) return ::operator new(size);
  return allocate_or_throw(size, 0);
}

HOTPATH_ALLOC_HOOK void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_new())) {
    try {
      return ::operator new(size);
    } catch (const std::bad_alloc&) {
      return nullptr;
    }
  }
  return allocate_or_null(size, 0);
}

HOTPATH_ALLOC_HOOK void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_new_array())) {
    try {
      return ::operator new[](size);
    } catch (const std::bad_alloc&) {
      return nullptr;
    }
  }
  return allocate_or_null(size, 0);
}

HOTPATH_ALLOC_HOOK void* operator new[](std::size_t size, std::align_val_t alignment) {
  if (HOTPATH_UNLIKELY(!own_new_aligned())) return ::operator new(size, alignment);
  return allocate_or_throw(size, to_size(alignment));
}

HOTPATH_ALLOC_HOOK void* operator new(std::size_t size, std::align_val_t alignment,
                                      const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_new_aligned())) {
    try {
      return ::operator new(size, alignment);
    } catch (const std::bad_alloc&) {
      return nullptr;
    }
  }
  return allocate_or_null(size, to_size(alignment));
}

HOTPATH_ALLOC_HOOK void* operator new[](std::size_t size, std::align_val_t alignment,
                                        const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_new_array_aligned())) {
    try {
      return ::operator new[](size, alignment);
    } catch (const std::bad_alloc&) {
      return nullptr;
    }
  }
  return allocate_or_null(size, to_size(alignment));
}

// --- delete ------------------------------------------------------------------------

HOTPATH_ALLOC_HOOK void operator delete[](void* block) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete())) return ::operator delete(block);
  release(block);
}

HOTPATH_ALLOC_HOOK void operator delete(void* block, const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete())) return ::operator delete(block);
  release(block);
}

HOTPATH_ALLOC_HOOK void operator delete[](void* block, const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete_array())) return ::operator delete[](block);
  release(block);
}

HOTPATH_ALLOC_HOOK void operator delete(void* block, std::size_t size) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete())) return ::operator delete(block);
  release_sized(block, size);
}

HOTPATH_ALLOC_HOOK void operator delete[](void* block, std::size_t size) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete_array())) return ::operator delete[](block);
  release_sized(block, size);
}

HOTPATH_ALLOC_HOOK void operator delete[](void* block, std::align_val_t alignment) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete_aligned())) return ::operator delete(block, alignment);
  release(block);
}

HOTPATH_ALLOC_HOOK void operator delete(void* block, std::size_t size,
                                        std::align_val_t alignment) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete_aligned())) return ::operator delete(block, alignment);
  release_sized(block, size);
}

HOTPATH_ALLOC_HOOK void operator delete[](void* block, std::size_t size,
                                          std::align_val_t alignment) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete_array_aligned())) return ::operator delete[](block, alignment);
  release_sized(block, size);
}

HOTPATH_ALLOC_HOOK void operator delete(void* block, std::align_val_t alignment,
                                        const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete_aligned())) return ::operator delete(block, alignment);
  release(block);
}

HOTPATH_ALLOC_HOOK void operator delete[](void* block, std::align_val_t alignment,
                                          const std::nothrow_t&) noexcept {
  if (HOTPATH_UNLIKELY(!own_delete_array_aligned())) return ::operator delete[](block, alignment);
  release(block);
}
