// The slow paths of the inline recording code, and the per-thread arena that slots
// and histogram rows are carved from. The arena grows in 16 KiB chunks, so a new
// order of magnitude of durations costs no allocator call in the common case and
// a thread's data stays together in memory.
#include <algorithm>
#include <cstdlib>
#include <new>

#include "core/registry.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

HOTPATH_API __thread ThreadState t_thread_state;
HOTPATH_API bool g_exclusive_time = false;

namespace {

constexpr std::size_t kChunkBytes = 16 * 1024;
// Chunks are cache-line aligned so that two threads never share a line.
constexpr std::size_t kChunkAlignment = 64;
constexpr std::size_t kAllocationAlignment = 64;

struct ChunkHeader {
  void* next;
};
constexpr std::size_t kHeaderBytes =
    (sizeof(ChunkHeader) + kAllocationAlignment - 1) / kAllocationAlignment * kAllocationAlignment;

}  // namespace

void* arena_allocate(ThreadState& thread, std::size_t bytes) {
  bytes = (bytes + kAllocationAlignment - 1) / kAllocationAlignment * kAllocationAlignment;
  if (thread.arena_next == nullptr ||
      static_cast<std::size_t>(thread.arena_end - thread.arena_next) < bytes) {
    const std::size_t chunk_bytes = std::max(kChunkBytes, bytes + kHeaderBytes);
    void* chunk = std::aligned_alloc(kChunkAlignment, chunk_bytes);
    if (chunk == nullptr) throw std::bad_alloc();
    static_cast<ChunkHeader*>(chunk)->next = thread.arena_chunks;
    thread.arena_chunks = chunk;
    thread.arena_next = static_cast<char*>(chunk) + kHeaderBytes;
    thread.arena_end = static_cast<char*>(chunk) + chunk_bytes;
  }
  void* result = thread.arena_next;
  thread.arena_next += bytes;
  return result;
}

void arena_release(ThreadState& thread) noexcept {
  void* chunk = thread.arena_chunks;
  while (chunk != nullptr) {
    void* next = static_cast<ChunkHeader*>(chunk)->next;
    std::free(chunk);
    chunk = next;
  }
  thread.arena_chunks = nullptr;
  thread.arena_next = nullptr;
  thread.arena_end = nullptr;
}

FunctionSlot* attach_slot(const Site& site) noexcept {
  RuntimeScope runtime;
  return Registry::instance().attach(site, t_thread_state);
}

HistogramRow* attach_row(HistogramRows& rows, unsigned row) noexcept {
  RuntimeScope runtime;
  auto* created = new (arena_allocate(t_thread_state, sizeof(HistogramRow))) HistogramRow();
  // Release: a reader that sees the row also sees it zeroed.
  rows[row].store(created, std::memory_order_release);
  return created;
}

}  // namespace hotpath::detail
