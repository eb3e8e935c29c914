// The writing side of a CPU sample log (layout in sample_log_format.hpp). Samples
// are appended from the sampler's signal handler: lock-free, no allocation, only
// system calls that are safe there. Metadata (modules, thread names) is appended
// from ordinary code with the sampling signal blocked on the calling thread.
#ifndef HOTPATH_RUNTIME_CPU_SAMPLE_LOG_WRITER_HPP
#define HOTPATH_RUNTIME_CPU_SAMPLE_LOG_WRITER_HPP

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sample_log/sample_log_format.hpp"

namespace hotpath::cpu {

/// A process's sample log: anonymous memory, or a file that keeps every complete
/// record even when the process is killed.
class SampleLogWriter {
 public:
  /// Opens a log at `path` (created or truncated), or in anonymous memory when
  /// `path` is empty. With `keep_existing`, an existing file is kept and the log is
  /// `path.1` (or `.2`, ...) instead: a program that executes another keeps its pid,
  /// and the new program's log must not erase the old one's. Returns false with
  /// `error` set when that fails.
  bool open(std::string path, bool keep_existing, double frequency_hz, std::uint64_t period_ns,
            std::string_view program, std::string& error) noexcept;
  bool is_open() const noexcept { return base_ != nullptr; }

  /// Appends a stack of `count` addresses (innermost first) for thread `tid`, the
  /// calling thread. Async-signal-safe. False when it could not be stored.
  bool append_sample(pid_t tid, const std::uint64_t* addresses, unsigned count) noexcept;
  /// Appends a stack of `count` addresses (innermost first) that stands for
  /// `weight`, for thread `tid`, the calling thread. False when it could not be
  /// stored.
  bool append_weighted_sample(pid_t tid, std::uint64_t weight, const std::uint64_t* addresses,
                              unsigned count) noexcept;
  /// Appends a loaded module. The caller blocks the sampling signal.
  bool append_module(pid_t tid, std::string_view path, std::uint64_t load_bias) noexcept;
  /// Appends a thread's name. The caller blocks the sampling signal.
  bool append_thread_name(pid_t tid, pid_t named_tid, std::string_view name) noexcept;

  /// Notes why sampling stopped early. The caller blocks the sampling signal.
  bool append_stopped(pid_t tid, std::string_view reason) noexcept;

  /// The log's bytes so far (header and claimed chunks), for a reader in this process.
  const char* data() const noexcept { return base_; }
  std::size_t size() const noexcept;
  /// The file's path (with its suffix), empty for an anonymous log.
  const std::string& path() const noexcept { return path_; }

  /// Ends a file log (cut to its used size) and releases the memory.
  void close() noexcept;
  /// Releases the memory without touching the file: a forked child's copy of its
  /// parent's log.
  void abandon() noexcept;

 private:
  /// The calling thread's current chunk with room for `bytes`, or null.
  char* reserve(pid_t tid, std::uint32_t bytes) noexcept;
  /// Reserves a record of `fixed` bytes and a payload, and writes its header and
  /// payload; the caller fills the rest of the fixed part, then commits it.
  char* begin_record(pid_t tid, RecordType type, std::size_t fixed, const void* payload,
                     std::size_t payload_bytes, std::uint16_t count) noexcept;
  /// Makes `record` (from begin_record) visible to readers.
  void commit(char* record) noexcept;
  bool claim_chunk(pid_t tid) noexcept;

  char* base_ = nullptr;
  std::size_t reserved_bytes_ = 0;
  std::size_t max_chunks_ = 0;
  std::atomic<std::size_t> next_chunk_{0};
  int fd_ = -1;
  std::string path_;
  /// Unique to each opened log (0 when closed), so that threads drop their chunks
  /// of an earlier log.
  std::atomic<std::uint32_t> generation_{0};
};

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_SAMPLE_LOG_WRITER_HPP
