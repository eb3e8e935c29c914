// The --verbose narration on stderr: what is run, with which environment, which files
// are read and written, and how long each step took.
#ifndef HOTPATH_CLI_VERBOSE_LOG_HPP
#define HOTPATH_CLI_VERBOSE_LOG_HPP

#include <chrono>
#include <cstdio>
#include <string_view>
#include <utility>

#include <fmt/format.h>

namespace hotpath::cli {

/// Prints "hotpath: <message>" lines on stderr when enabled, nothing otherwise.
class VerboseLog {
 public:
  explicit VerboseLog(bool enabled) : enabled_(enabled) {}

  /// True when messages are printed.
  bool enabled() const noexcept { return enabled_; }

  /// Prints one line, formatted by fmt.
  template <typename... Args>
  void say(fmt::format_string<Args...> format, Args&&... args) const {
    if (!enabled_) return;
    fmt::print(stderr, "hotpath: {}\n", fmt::format(format, std::forward<Args>(args)...));
  }

 private:
  bool enabled_;
};

/// Seconds elapsed since construction, for the timings of --verbose.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}

  /// Seconds since construction.
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_VERBOSE_LOG_HPP
