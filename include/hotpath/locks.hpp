// Names for the locks table of programs that link hotpath-wait.
#ifndef HOTPATH_LOCKS_HPP
#define HOTPATH_LOCKS_HPP

#include "hotpath/detail/platform.hpp"

namespace hotpath {

/// Gives the lock at `lock` the name `name` in the report's locks table, in place
/// of the name derived from it (the variable it is, for a lock with static
/// storage; else its kind and rank, "mutex #2"). `lock` is a std::mutex,
/// std::timed_mutex, std::recursive_mutex, std::shared_mutex, or the
/// pthread_mutex_t or pthread_rwlock_t it holds:
///
///     std::mutex jobs_mutex;
///     hotpath::name_lock(&jobs_mutex, "jobs");
///
/// The name is copied. A lock named again takes the new name; a lock destroyed
/// keeps its name for whatever lock is made at its address later. Costs nothing
/// on the lock itself, and without hotpath-wait there is no locks table.
HOTPATH_API void name_lock(const void* lock, const char* name) noexcept;

}  // namespace hotpath

#endif  // HOTPATH_LOCKS_HPP
