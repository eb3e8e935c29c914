// The table of coroutine paths (coroutine_paths.hpp): open addressing over a fixed
// array, each entry claimed once with a compare-and-swap on its key and never
// moved, so that a path's id (its index + 1) is stable and lookups take no lock.
// Counters are shared by the threads where the path's instances end: a relaxed
// fetch-and-add when an instance ends, never on a resume.
#include "core/coroutine_paths.hpp"

#include <atomic>

namespace hotpath::detail {
namespace {

struct PathEntry {
  /// (parent << 32 | site) + 1; 0 while free.
  std::atomic<std::uint64_t> key{0};
  std::atomic<std::uint64_t> instances{0};
  std::atomic<std::uint64_t> logical_ticks{0};
  std::atomic<std::uint64_t> running_ticks{0};
};

PathEntry g_paths[kCoroutinePaths];
std::atomic<std::uint64_t> g_overflow_instances{0};

std::uint64_t key_of(std::uint32_t parent, std::uint32_t site) noexcept {
  return ((std::uint64_t{parent} << 32) | site) + 1;
}

std::uint32_t slot_of(std::uint64_t key) noexcept {
  // A multiplicative hash: parents and sites are small, consecutive numbers.
  return static_cast<std::uint32_t>((key * 0x9E3779B97F4A7C15ull) >> 52) % kCoroutinePaths;
}

}  // namespace

std::uint32_t coroutine_path(std::uint32_t parent, std::uint32_t site) noexcept {
  const std::uint64_t key = key_of(parent, site);
  std::uint32_t index = slot_of(key);
  for (std::uint32_t probes = 0; probes < kCoroutinePaths; ++probes) {
    PathEntry& entry = g_paths[index];
    std::uint64_t seen = entry.key.load(std::memory_order_acquire);
    if (seen == 0 && entry.key.compare_exchange_strong(seen, key, std::memory_order_acq_rel))
      return index + 1;
    if (seen == key) return index + 1;
    index = (index + 1) % kCoroutinePaths;
  }
  return 0;
}

void add_to_coroutine_path(std::uint32_t path, std::uint64_t logical,
                           std::uint64_t running) noexcept {
  if (path == 0 || path > kCoroutinePaths) {
    g_overflow_instances.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  PathEntry& entry = g_paths[path - 1];
  entry.instances.fetch_add(1, std::memory_order_relaxed);
  entry.logical_ticks.fetch_add(logical, std::memory_order_relaxed);
  entry.running_ticks.fetch_add(running, std::memory_order_relaxed);
}

CoroutinePathsSnapshot read_coroutine_paths() {
  CoroutinePathsSnapshot snapshot;
  for (std::uint32_t index = 0; index < kCoroutinePaths; ++index) {
    const PathEntry& entry = g_paths[index];
    const std::uint64_t key = entry.key.load(std::memory_order_acquire);
    if (key == 0) continue;
    CoroutinePathTotals path;
    path.path = index + 1;
    path.parent = static_cast<std::uint32_t>((key - 1) >> 32);
    path.site = static_cast<std::uint32_t>(key - 1);
    path.instances = entry.instances.load(std::memory_order_relaxed);
    path.logical_ticks = entry.logical_ticks.load(std::memory_order_relaxed);
    path.running_ticks = entry.running_ticks.load(std::memory_order_relaxed);
    snapshot.paths.push_back(path);
  }
  snapshot.overflow_instances = g_overflow_instances.load(std::memory_order_relaxed);
  return snapshot;
}

void clear_coroutine_path_counts() noexcept {
  for (PathEntry& entry : g_paths) {
    entry.instances.store(0, std::memory_order_relaxed);
    entry.logical_ticks.store(0, std::memory_order_relaxed);
    entry.running_ticks.store(0, std::memory_order_relaxed);
  }
  g_overflow_instances.store(0, std::memory_order_relaxed);
}

void CoroutinePathsSnapshot::subtract(const CoroutinePathsSnapshot& earlier) noexcept {
  // Both in order of id; a path is never removed, so `earlier`'s are all here.
  std::size_t at = 0;
  for (CoroutinePathTotals& path : paths) {
    while (at < earlier.paths.size() && earlier.paths[at].path < path.path) ++at;
    if (at == earlier.paths.size() || earlier.paths[at].path != path.path) continue;
    const CoroutinePathTotals& before = earlier.paths[at];
    path.instances = path.instances > before.instances ? path.instances - before.instances : 0;
    path.logical_ticks =
        path.logical_ticks > before.logical_ticks ? path.logical_ticks - before.logical_ticks : 0;
    path.running_ticks =
        path.running_ticks > before.running_ticks ? path.running_ticks - before.running_ticks : 0;
  }
  overflow_instances = overflow_instances > earlier.overflow_instances
                           ? overflow_instances - earlier.overflow_instances
                           : 0;
}

}  // namespace hotpath::detail
