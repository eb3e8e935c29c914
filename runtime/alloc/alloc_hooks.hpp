// What the allocation hooks of libhotpath-alloc share: glibc's allocator entry
// points, the attribute that exports a hook, and the accounting of one allocation
// or deallocation. The hooks count only after glibc has answered, so a failed
// allocation counts nothing.
#ifndef HOTPATH_RUNTIME_ALLOC_ALLOC_HOOKS_HPP
#define HOTPATH_RUNTIME_ALLOC_ALLOC_HOOKS_HPP

#include <malloc.h>

#include <cstddef>

#include "hotpath/detail/recording.hpp"

// glibc's own allocator under its internal names. They are ordinary exported
// symbols, so calling them needs no dlsym (which may allocate) and can never come
// back into the hooks.
extern "C" {
void* __libc_malloc(std::size_t size) noexcept;
void* __libc_calloc(std::size_t count, std::size_t size) noexcept;
void* __libc_realloc(void* block, std::size_t size) noexcept;
void __libc_free(void* block) noexcept;
void* __libc_memalign(std::size_t alignment, std::size_t size) noexcept;
void* __libc_valloc(std::size_t size) noexcept;
void* __libc_pvalloc(std::size_t size) noexcept;
}

// The library is built with hidden visibility; a hook must be found by symbol
// lookup to replace the standard library's definition.
#define HOTPATH_ALLOC_HOOK __attribute__((visibility("default")))

namespace hotpath::detail {

// The library is a DT_NEEDED dependency next to libhotpath, so the recording state
// is in static TLS: the initial-exec model reaches it with one load from the GOT,
// instead of a call to __tls_get_addr on every allocation.
extern __thread ThreadState t_thread_state __attribute__((tls_model("initial-exec")));

/// Counts an allocation of `bytes` on the calling thread.
HOTPATH_ALWAYS_INLINE void count_allocation(std::size_t bytes) noexcept {
  note_allocation(t_thread_state, bytes);
}

/// Counts a deallocation whose size the program gave (sized operator delete).
HOTPATH_ALWAYS_INLINE void count_deallocation(void* block, std::size_t bytes) noexcept {
  if (block != nullptr) note_deallocation(t_thread_state, bytes);
}

/// True once the load-time check found that glibc's chunk headers give the same
/// usable sizes as malloc_usable_size (usable_size.cpp). Set before main.
extern bool g_usable_size_from_header;

/// Runs that check; called once, when the library is loaded.
void check_usable_size_from_header() noexcept;

/// glibc keeps the size of a block's chunk, with three flag bits, in the word before
/// the block. Flag 2 marks a chunk mapped with mmap (a large block).
HOTPATH_ALWAYS_INLINE std::size_t chunk_header(const void* block) noexcept {
  return static_cast<const std::size_t*>(block)[-1];
}
constexpr std::size_t kMappedChunk = 2;

/// The usable part of a chunk on the heap: all but its 8-byte size field.
HOTPATH_ALWAYS_INLINE std::size_t heap_usable_size(std::size_t header) noexcept {
  return (header & ~std::size_t{7}) - sizeof(std::size_t);
}

/// The usable size of a live block from glibc's allocator. A heap block's is read
/// from its header, which saves the call to malloc_usable_size (about 2 ns per
/// free); a mapped block, rare and expensive to free anyway, asks glibc.
HOTPATH_ALWAYS_INLINE std::size_t usable_size(void* block) noexcept {
  const std::size_t header = chunk_header(block);
  if (HOTPATH_LIKELY(g_usable_size_from_header && (header & kMappedChunk) == 0))
    return heap_usable_size(header);
  return malloc_usable_size(block);
}

/// Counts a deallocation of unknown size (free, unsized delete) as the block's usable
/// size, which can exceed what was requested. Call it before the block is released.
HOTPATH_ALWAYS_INLINE void count_free(void* block) noexcept {
  ThreadState& state = t_thread_state;
  if (block == nullptr || state.runtime_depth != 0) return;
  note_deallocation(state, usable_size(block));
}

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_ALLOC_ALLOC_HOOKS_HPP
