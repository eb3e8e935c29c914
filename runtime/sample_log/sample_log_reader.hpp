// Reading a CPU sample log (sample_log_format.hpp): from the memory of the process
// that wrote it, or from a file the `hotpath` command collected, including the log
// of a process that was killed while it wrote (every complete record is read).
#ifndef HOTPATH_RUNTIME_CPU_SAMPLE_LOG_READER_HPP
#define HOTPATH_RUNTIME_CPU_SAMPLE_LOG_READER_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "symbolizer.hpp"

namespace hotpath::cpu {

/// One sampled stack: `count` addresses from SampleLog::addresses, innermost first.
struct LoggedStack {
  std::uint32_t tid = 0;
  std::size_t first = 0;
  std::uint32_t count = 0;
  std::uint64_t weight = 1;  ///< what the stack stands for: 1 sample, or the ns of a wait
};

/// Everything a log holds.
struct SampleLog {
  std::string program;
  std::uint32_t pid = 0;
  double frequency_hz = 0;
  std::uint64_t period_ns = 0;
  std::vector<symbolize::Module> modules;  ///< each (path, load bias) once
  std::map<std::uint32_t, std::string> thread_names;
  std::string stopped_early;             ///< why sampling stopped before the process did
  std::vector<LoggedStack> stacks;       ///< in the order each thread took them
  std::vector<std::uint64_t> addresses;  ///< the stacks' addresses, back to back
};

/// Decodes a log from memory. Nothing and `error` set when it is not a log.
std::optional<SampleLog> read_sample_log(const char* data, std::size_t size, std::string& error);

/// Reads and decodes a log file.
std::optional<SampleLog> read_sample_log_file(const std::string& path, std::string& error);

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_SAMPLE_LOG_READER_HPP
