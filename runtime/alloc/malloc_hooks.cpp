// The C allocation functions, replaced so that what C code and C libraries allocate
// counts too. Each forwards to glibc's allocator and behaves exactly like glibc's own
// function; glibc itself calls these through its PLT (strdup, fopen, reallocarray,
// the dynamic linker once it is relocated), so those allocations count as well.
#include <errno.h>
#include <stdlib.h>

#include <cstddef>

#include "alloc/alloc_hooks.hpp"

using hotpath::detail::count_allocation;
using hotpath::detail::count_free;
using hotpath::detail::note_deallocation;
using hotpath::detail::t_thread_state;
using hotpath::detail::usable_size;

extern "C" {

HOTPATH_ALLOC_HOOK void* malloc(std::size_t size) noexcept {
  void* block = __libc_malloc(size);
  if (block != nullptr) count_allocation(size);
  return block;
}

HOTPATH_ALLOC_HOOK void free(void* block) noexcept {
  count_free(block);
  __libc_free(block);
}

HOTPATH_ALLOC_HOOK void* calloc(std::size_t count, std::size_t size) noexcept {
  // glibc fails (ENOMEM) when count * size overflows, so a block means no overflow.
  void* block = __libc_calloc(count, size);
  if (block != nullptr) count_allocation(count * size);
  return block;
}

HOTPATH_ALLOC_HOOK void* realloc(void* block, std::size_t size) noexcept {
  // The old block's size must be read before glibc may release it.
  const std::size_t old_size = block != nullptr ? usable_size(block) : 0;
  void* result = __libc_realloc(block, size);
  if (result != nullptr) {
    if (block != nullptr) note_deallocation(t_thread_state, old_size);
    count_allocation(size);
  } else if (block != nullptr && size == 0) {
    note_deallocation(t_thread_state, old_size);  // glibc freed it and returns null
  }
  return result;
}

// glibc's aligned_alloc is its memalign (no check of the alignment); so is this one.
HOTPATH_ALLOC_HOOK void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept {
  void* block = __libc_memalign(alignment, size);
  if (block != nullptr) count_allocation(size);
  return block;
}

HOTPATH_ALLOC_HOOK void* memalign(std::size_t alignment, std::size_t size) noexcept {
  void* block = __libc_memalign(alignment, size);
  if (block != nullptr) count_allocation(size);
  return block;
}

HOTPATH_ALLOC_HOOK int posix_memalign(void** result, std::size_t alignment,
                                      std::size_t size) noexcept {
  // The same checks as glibc's posix_memalign, which has no internal name to call.
  if (alignment == 0 || alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  // posix_memalign reports failure by its result; errno stays as it was.
  const int saved_errno = errno;
  void* block = __libc_memalign(alignment, size);
  if (block == nullptr) {
    errno = saved_errno;
    return ENOMEM;
  }
  count_allocation(size);
  *result = block;
  return 0;
}

HOTPATH_ALLOC_HOOK void* valloc(std::size_t size) noexcept {
  void* block = __libc_valloc(size);
  if (block != nullptr) count_allocation(size);
  return block;
}

HOTPATH_ALLOC_HOOK void* pvalloc(std::size_t size) noexcept {
  void* block = __libc_pvalloc(size);
  if (block != nullptr) count_allocation(size);  // requested, not rounded to pages
  return block;
}

}  // extern "C"
