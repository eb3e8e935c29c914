// Reading a trace back as a timeline (trace_timeline.hpp). Times in the trace are
// microseconds with three decimals: nanoseconds, rounded back.
#include "trace_timeline.hpp"

#include <cmath>
#include <map>
#include <utility>

#include <nlohmann/json.hpp>

namespace hotpath::cli {
namespace {

using Json = nlohmann::json;

std::uint64_t nanoseconds(const Json& microseconds) {
  const double value = microseconds.get<double>() * 1000.0;
  return value <= 0 ? 0 : static_cast<std::uint64_t>(std::llround(value));
}

}  // namespace

bool looks_like_trace(const std::string& text) {
  return text.find("\"traceEvents\"") != std::string::npos;
}

std::optional<SpeedscopeInput> read_trace_timeline(const std::string& text,
                                                   const std::string& source, std::string& error) {
  const Json trace = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (trace.is_discarded()) {
    error = source + ": not JSON";
    return std::nullopt;
  }
  if (!trace.is_object() || !trace.contains("traceEvents") || !trace["traceEvents"].is_array()) {
    error = source + ": no traceEvents: not a trace (HOTPATH_TRACE writes one)";
    return std::nullopt;
  }
  SpeedscopeInput input;
  std::map<std::string, std::size_t> name_index;
  std::map<std::uint64_t, TimelineThread> threads;  // by tid
  std::string process = "trace";
  std::uint64_t pid = 0;
  std::size_t position = 0;
  for (const Json& event : trace["traceEvents"]) {
    ++position;
    if (!event.is_object() || !event.contains("ph") || !event["ph"].is_string()) {
      error = source + ": event " + std::to_string(position) + " has no phase (\"ph\")";
      return std::nullopt;
    }
    const std::string phase = event["ph"].get<std::string>();
    const auto number = [&](const char* key) -> const Json* {
      const auto found = event.find(key);
      return found != event.end() && found->is_number() ? &*found : nullptr;
    };
    if (phase == "M") {
      const auto args = event.find("args");
      if (args == event.end() || !args->is_object() || !args->contains("name") ||
          !(*args)["name"].is_string() || !event.contains("name"))
        continue;
      const std::string what = event["name"].is_string() ? event["name"].get<std::string>() : "";
      const std::string name = (*args)["name"].get<std::string>();
      if (what == "process_name") {
        process = name;
        if (const Json* id = number("pid")) pid = id->get<std::uint64_t>();
      } else if (what == "thread_name" && number("tid") != nullptr) {
        const std::uint64_t tid = number("tid")->get<std::uint64_t>();
        threads[tid].tid = tid;
        threads[tid].name = name;
      }
      continue;
    }
    // Coroutine instances (async "b"/"e") and flows are not calls of a thread.
    if (phase != "X") continue;
    const Json* tid = number("tid");
    const Json* ts = number("ts");
    const Json* dur = number("dur");
    if (tid == nullptr || ts == nullptr || dur == nullptr || !event.contains("name") ||
        !event["name"].is_string()) {
      error = source + ": event " + std::to_string(position) +
              " is a complete event (\"X\") without name, tid, ts and dur";
      return std::nullopt;
    }
    const std::string name = event["name"].get<std::string>();
    auto [known, added] = name_index.try_emplace(name, input.names.size());
    if (added) input.names.push_back(name);
    const std::uint64_t start = nanoseconds(*ts);
    TimelineThread& thread = threads[tid->get<std::uint64_t>()];
    thread.tid = tid->get<std::uint64_t>();
    thread.calls.push_back({known->second, start, start + nanoseconds(*dur)});
  }
  for (auto& [tid, thread] : threads) {
    if (!thread.calls.empty()) input.threads.push_back(std::move(thread));
  }
  input.name = process + (pid != 0 ? " [" + std::to_string(pid) + "]" : std::string());
  return input;
}

}  // namespace hotpath::cli
