// Recent calls (live metrics): the last HOTPATH_LOGS_LIMIT calls of each function
// on each thread, each with its end time and duration. While live metrics are on,
// the guard's end hands every call to log_call(), which writes it into a ring of
// the function's slot on the calling thread; the live server reads the rings.
#ifndef HOTPATH_RUNTIME_CALL_LOG_HPP
#define HOTPATH_RUNTIME_CALL_LOG_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

/// One logged call.
struct LoggedCall {
  std::uint64_t end_ticks = 0;
  std::uint64_t duration_ticks = 0;  ///< inclusive, the guards' overhead removed
  std::uint64_t tid = 0;             ///< the kernel's id of the thread that made it
};

/// The last calls of one function on one thread: a ring its owner writes with
/// relaxed stores, publishing each call by counting it in `written` (release). A
/// reader takes the entries the count covers and drops those the owner may have
/// overwritten meanwhile.
struct CallLog {
  struct Entry {
    std::atomic<std::uint64_t> end_ticks;
    std::atomic<std::uint64_t> duration_ticks;
  };
  std::uint64_t tid;
  std::uint32_t capacity;
  std::atomic<std::uint64_t> written;  ///< calls logged so far
  Entry entries[1];                    ///< `capacity` of them, allocated past the end

  /// Bytes of a log of `capacity` entries.
  static std::size_t bytes_for(std::uint32_t capacity) noexcept;
  /// Appends the calls it holds, oldest first.
  void read(std::vector<LoggedCall>& calls) const;
};

/// Calls logged per function and thread (HOTPATH_LOGS_LIMIT); 0 while logging is off.
std::uint32_t call_log_capacity() noexcept;

/// Starts logging every finished call, `capacity` per function and thread.
void enable_call_logs(std::uint32_t capacity) noexcept;
/// Stops logging (the logs made stay readable).
void disable_call_logs() noexcept;

/// Keeps the `limit` latest of `calls`, newest first.
void keep_latest(std::vector<LoggedCall>& calls, std::size_t limit);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CALL_LOG_HPP
