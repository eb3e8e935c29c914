// Whether the hooks may read a heap block's usable size from glibc's chunk header
// instead of calling malloc_usable_size. The header's layout is glibc's own, stable
// for decades but not part of its interface, so it is checked once at load against
// malloc_usable_size on small, medium, aligned and zeroed blocks. Until the check
// has passed, and if it fails, the hooks call malloc_usable_size.
//
// The check stays below glibc's mmap threshold (128 KiB): freeing a mapped block
// raises that threshold, which would change how the program's own memory is
// allocated.
#include <cstddef>

#include "alloc/alloc_hooks.hpp"

namespace hotpath::detail {

bool g_usable_size_from_header = false;

namespace {

/// Compares the two ways on `block` (a mapped or null block has nothing to compare:
/// the hooks never read a mapped block's header), then frees it.
bool agrees(void* block) noexcept {
  bool same = true;
  if (block != nullptr && (chunk_header(block) & kMappedChunk) == 0)
    same = heap_usable_size(chunk_header(block)) == malloc_usable_size(block);
  __libc_free(block);
  return same;
}

}  // namespace

void check_usable_size_from_header() noexcept {
  constexpr std::size_t kSizes[] = {0, 1, 24, 100, 1000, 5000, 70000};
  constexpr std::size_t kAlignments[] = {32, 64, 4096};
  // glibc's own entry points: the blocks of this check are never counted.
  bool same = true;
  for (std::size_t size : kSizes) {
    same = same && agrees(__libc_malloc(size));
    same = same && agrees(__libc_calloc(1, size));
    for (std::size_t alignment : kAlignments)
      same = same && agrees(__libc_memalign(alignment, size));
  }
  g_usable_size_from_header = same;
}

}  // namespace hotpath::detail
