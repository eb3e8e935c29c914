// The trace file: every thread's ring read, written in one piece.
#include "reporting/trace_output.hpp"

#include <errno.h>
#include <unistd.h>

#include <cstdio>
#include <exception>

#include "core/registry.hpp"
#include "cpu/cpu_recording.hpp"
#include "output_file.hpp"
#include "reporting/speedscope_writer.hpp"
#include "reporting/trace_writer.hpp"

namespace hotpath::detail {

void write_trace(const TimelinePaths& paths, const std::vector<std::string>& site_names,
                 const TickConverter& ticks) noexcept {
  try {
    TraceFacts facts;
    facts.pid = ::getpid();
    facts.process_name = ::program_invocation_short_name;
    facts.origin_ticks = start_ticks();
    facts.ring_bytes = trace_ring_bytes();
    const std::vector<ThreadTrace> threads =
        Registry::instance().trace_snapshot(facts.untraced_threads);
    const auto write = [&](const std::string& pattern, const std::string& text, const char* what) {
      if (pattern.empty()) return;
      const std::optional<std::string> written =
          write_output_file_at(pattern, facts.pid, text, what);
      if (!written) return;
      const std::string& path = *written;
      if (const std::uint64_t dropped = dropped_calls(threads)) {
        std::fprintf(stderr,
                     "hotpath: the %s \"%s\" lacks the %llu oldest calls of threads whose ring "
                     "(%zu MiB) was full; HOTPATH_TRACE_MB makes it larger\n",
                     what, path.c_str(), static_cast<unsigned long long>(dropped),
                     facts.ring_bytes >> 20);
      }
      if (facts.untraced_threads != 0) {
        std::fprintf(stderr, "hotpath: the %s \"%s\" lacks %zu threads: no memory for their ring\n",
                     what, path.c_str(), facts.untraced_threads);
      }
    };
    if (!paths.trace.empty())
      write(paths.trace, chrome_trace_json(threads, site_names, ticks, facts), "trace");
    if (!paths.speedscope.empty()) {
      write(paths.speedscope,
            speedscope_json(threads, site_names, ticks, facts, cpu_native_samples()),
            "speedscope profile");
    }
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: no trace: %s\n", failure.what());
  }
}

}  // namespace hotpath::detail
