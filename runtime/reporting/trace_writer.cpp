// Writing traced calls as Chrome trace events.
#include "reporting/trace_writer.hpp"

#include <algorithm>
#include <iterator>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace hotpath::detail {
namespace {

/// A JSON string literal of `text`, invalid UTF-8 replaced.
std::string json_string(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// Microseconds with nanosecond precision, the unit of "ts" and "dur".
void append_microseconds(fmt::memory_buffer& out, std::uint64_t ns) {
  fmt::format_to(std::back_inserter(out), "{}.{:03}", ns / 1000, ns % 1000);
}

}  // namespace

std::uint64_t dropped_calls(const std::vector<ThreadTrace>& threads) noexcept {
  std::uint64_t dropped = 0;
  for (const ThreadTrace& thread : threads) dropped += thread.dropped;
  return dropped;
}

std::string chrome_trace_json(const std::vector<ThreadTrace>& threads,
                              const std::vector<std::string>& site_names,
                              const TickConverter& ticks, const TraceFacts& facts) {
  std::vector<std::string> names;
  names.reserve(site_names.size());
  for (const std::string& name : site_names) names.push_back(json_string(name));

  fmt::memory_buffer out;
  auto sink = std::back_inserter(out);
  fmt::format_to(sink,
                 "{{\"displayTimeUnit\":\"ns\",\"otherData\":{{\"producer\":\"hotpath\","
                 "\"dropped_calls\":{},\"ring_bytes_per_thread\":{},\"untraced_threads\":{}}},"
                 "\"traceEvents\":[\n",
                 dropped_calls(threads), facts.ring_bytes, facts.untraced_threads);
  fmt::format_to(sink,
                 "{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":{0},\"tid\":{0},"
                 "\"args\":{{\"name\":{1}}}}}",
                 facts.pid, json_string(facts.process_name));
  for (const ThreadTrace& thread : threads) {
    fmt::format_to(sink,
                   ",\n{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{},\"tid\":{},"
                   "\"args\":{{\"name\":{}}}}}",
                   facts.pid, thread.tid, json_string(thread.name));
    // Callers before their callees: by start, the longer call first.
    std::vector<TracedCall> calls = thread.calls;
    std::sort(calls.begin(), calls.end(), [](const TracedCall& a, const TracedCall& b) {
      return std::tie(a.start_ticks, b.end_ticks) < std::tie(b.start_ticks, a.end_ticks);
    });
    for (const TracedCall& call : calls) {
      const std::uint64_t start =
          call.start_ticks > facts.origin_ticks ? call.start_ticks - facts.origin_ticks : 0;
      const std::uint64_t duration =
          call.end_ticks > call.start_ticks ? call.end_ticks - call.start_ticks : 0;
      out.append(fmt::string_view(",\n{\"ph\":\"X\",\"name\":"));
      if (call.site != 0 && call.site <= names.size() && !site_names[call.site - 1].empty()) {
        const std::string& name = names[call.site - 1];
        out.append(name.data(), name.data() + name.size());
      } else {
        fmt::format_to(sink, "\"site {}\"", call.site);
      }
      fmt::format_to(sink, ",\"cat\":\"hotpath\",\"pid\":{},\"tid\":{},\"ts\":", facts.pid,
                     thread.tid);
      append_microseconds(out, ticks.to_ns(start));
      out.append(fmt::string_view(",\"dur\":"));
      append_microseconds(out, ticks.to_ns(duration));
      out.push_back('}');
    }
  }
  out.append(fmt::string_view("\n]}\n"));
  return fmt::to_string(out);
}

}  // namespace hotpath::detail
