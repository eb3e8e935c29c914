// The logical view of coroutines: each instance under the coroutine that created it
// (and, with co_await, awaits it). A path is a coroutine function under the path of
// its creator; the root paths are those of coroutines no measured coroutine created
// (an event loop's spawn, main). Paths are interned once in a table shared by all
// threads, found without a lock; an instance that ends adds its logical and running
// time to its path's counters.
#ifndef HOTPATH_RUNTIME_COROUTINE_PATHS_HPP
#define HOTPATH_RUNTIME_COROUTINE_PATHS_HPP

#include <cstdint>
#include <vector>

namespace hotpath::detail {

/// Paths the table holds; instances of paths beyond them count under their
/// function at the root, and the report says how many.
constexpr std::uint32_t kCoroutinePaths = 4096;

/// The path of a coroutine of site `site` created under `parent` (0: none); 0 when
/// the table is full.
std::uint32_t coroutine_path(std::uint32_t parent, std::uint32_t site) noexcept;

/// An instance of `path` ended, after `logical` ticks of which it ran `running`.
void add_to_coroutine_path(std::uint32_t path, std::uint64_t logical,
                           std::uint64_t running) noexcept;

/// A path's totals, read.
struct CoroutinePathTotals {
  std::uint32_t path = 0;    ///< its id, from 1
  std::uint32_t parent = 0;  ///< the parent path's id; 0 at the root
  std::uint32_t site = 0;
  std::uint64_t instances = 0;
  std::uint64_t logical_ticks = 0;
  std::uint64_t running_ticks = 0;
};

/// The paths seen so far (instances still running included: they have no count),
/// in order of id; plus the instances that found the table full.
struct CoroutinePathsSnapshot {
  std::vector<CoroutinePathTotals> paths;
  std::uint64_t overflow_instances = 0;

  /// Keeps what was recorded since `earlier`, a snapshot taken before this one.
  void subtract(const CoroutinePathsSnapshot& earlier) noexcept;
};

CoroutinePathsSnapshot read_coroutine_paths();

/// Zeroes every path's counters, keeping the paths (a forked child starts afresh).
void clear_coroutine_path_counts() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_COROUTINE_PATHS_HPP
