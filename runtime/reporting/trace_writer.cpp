// Writing traced calls as Chrome trace events.
#include "reporting/trace_writer.hpp"

#include <algorithm>
#include <iterator>
#include <map>
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

/// A coroutine instance's pieces, gathered from every thread.
struct InstancePiece {
  std::uint64_t start_ticks;
  std::uint64_t end_ticks;
  long tid;
  std::uint32_t site;
};

struct InstanceTrace {
  std::vector<InstancePiece> segments;
  bool ended = false;
  InstancePiece life{};  ///< when ended: its logical life, on the thread where it ended
};

/// Writes trace events to one buffer, with the facts every event repeats.
class EventWriter {
 public:
  EventWriter(fmt::memory_buffer& out, const std::vector<std::string>& site_names,
              const TickConverter& ticks, const TraceFacts& facts)
      : out_(out), site_names_(site_names), ticks_(ticks), facts_(facts) {
    names_.reserve(site_names.size());
    for (const std::string& name : site_names) names_.push_back(json_string(name));
  }

  /// `{"ph":"<phase>","name":<the site's name>,"cat":"<category>","pid":P,"tid":T,"ts":`
  /// then the time of `at_ticks`; the caller adds the rest and the closing brace.
  void begin_event(const char* phase, std::uint32_t site, const char* category, long tid,
                   std::uint64_t at_ticks) {
    auto sink = std::back_inserter(out_);
    fmt::format_to(sink, ",\n{{\"ph\":\"{}\",\"name\":", phase);
    if (site != 0 && site <= names_.size() && !site_names_[site - 1].empty()) {
      const std::string& name = names_[site - 1];
      out_.append(name.data(), name.data() + name.size());
    } else {
      fmt::format_to(sink, "\"site {}\"", site);
    }
    fmt::format_to(sink, ",\"cat\":\"{}\",\"pid\":{},\"tid\":{},\"ts\":", category, facts_.pid,
                   tid);
    append_microseconds(out_, ticks_.to_ns(since_origin(at_ticks)));
  }

  void duration(std::uint64_t start_ticks, std::uint64_t end_ticks) {
    out_.append(fmt::string_view(",\"dur\":"));
    append_microseconds(out_, ticks_.to_ns(end_ticks > start_ticks ? end_ticks - start_ticks : 0));
  }

  void append(fmt::string_view text) { out_.append(text); }

  template <typename... Args>
  void format(fmt::format_string<Args...> format, Args&&... args) {
    fmt::format_to(std::back_inserter(out_), format, std::forward<Args>(args)...);
  }

 private:
  std::uint64_t since_origin(std::uint64_t ticks) const noexcept {
    return ticks > facts_.origin_ticks ? ticks - facts_.origin_ticks : 0;
  }

  fmt::memory_buffer& out_;
  const std::vector<std::string>& site_names_;
  std::vector<std::string> names_;
  const TickConverter& ticks_;
  const TraceFacts& facts_;
};

constexpr const char* kCallCategory = "hotpath";
constexpr const char* kCoroutineCategory = "hotpath.coroutine";

/// An instance's async track over its logical life (from its first segment to
/// its last when it had not ended), and the flow through its segments.
void write_instance(EventWriter& events, std::uint32_t id, InstanceTrace& instance) {
  std::sort(
      instance.segments.begin(), instance.segments.end(),
      [](const InstancePiece& a, const InstancePiece& b) { return a.start_ticks < b.start_ticks; });
  InstancePiece life = instance.life;
  if (!instance.ended) {
    life = instance.segments.front();
    life.end_ticks = instance.segments.back().end_ticks;
  }
  events.begin_event("b", life.site, kCoroutineCategory, life.tid, life.start_ticks);
  events.format(",\"id\":{}}}", id);
  events.begin_event("e", life.site, kCoroutineCategory, life.tid, life.end_ticks);
  events.format(",\"id\":{}}}", id);
  if (instance.segments.size() < 2) return;
  for (std::size_t index = 0; index < instance.segments.size(); ++index) {
    const InstancePiece& segment = instance.segments[index];
    const bool last = index + 1 == instance.segments.size();
    // Each binds to the segment's own slice, which starts at the same time.
    events.begin_event(index == 0 ? "s"
                       : last     ? "f"
                                  : "t",
                       segment.site, kCoroutineCategory, segment.tid, segment.start_ticks);
    events.format(last ? ",\"id\":{},\"bp\":\"e\"}}" : ",\"id\":{}}}", id);
  }
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
  EventWriter events(out, site_names, ticks, facts);
  std::map<std::uint32_t, InstanceTrace> instances;
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
      const InstancePiece piece{call.start_ticks, call.end_ticks, thread.tid, call.site};
      if ((call.instance & kInstanceEnd) != 0) {
        InstanceTrace& instance = instances[call.instance & ~kInstanceEnd];
        instance.ended = true;
        instance.life = piece;
        continue;
      }
      events.begin_event("X", call.site, kCallCategory, thread.tid, call.start_ticks);
      events.duration(call.start_ticks, call.end_ticks);
      if (call.instance == 0) {
        events.append("}");
        continue;
      }
      events.format(",\"args\":{{\"instance\":{}}}}}", call.instance);
      instances[call.instance].segments.push_back(piece);
    }
  }
  for (auto& [id, instance] : instances) {
    // Its segments may all have been overwritten in full rings.
    if (instance.ended || !instance.segments.empty()) write_instance(events, id, instance);
  }
  out.append(fmt::string_view("\n]}\n"));
  return fmt::to_string(out);
}

}  // namespace hotpath::detail
