// Writing speedscope's file format (speedscope_document.hpp).
#include "speedscope_document.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

namespace hotpath {
namespace {

using Json = nlohmann::ordered_json;

/// The frame index of each function named in the document, made on first use. A
/// native function is the same frame at any line of it.
class Frames {
 public:
  std::size_t of(const std::string& name, const std::string& file = std::string()) {
    auto [known, added] = index_.try_emplace({name, file}, frames_.size());
    if (added) {
      Json frame{{"name", name}};
      if (!file.empty()) frame["file"] = file;
      frames_.push_back(std::move(frame));
    }
    return known->second;
  }

  Json take() { return std::move(frames_); }

 private:
  std::map<std::pair<std::string, std::string>, std::size_t> index_;
  Json frames_ = Json::array();
};

/// `value` as JSON text, as the document writes it: compact, invalid UTF-8 replaced.
std::string json_text(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

/// One thread's calls as an evented profile, its open and close events strictly
/// nested, in JSON text. The events are written as text, not as JSON values: a
/// value is an object of three members, some 300 bytes of heap where its text takes
/// 30, and a thread's ring holds millions of calls.
struct EventedProfile {
  std::string text;
  std::uint64_t span = 0;  ///< from its first call's start to its last call's end
};

EventedProfile evented_profile(const TimelineThread& thread, const std::vector<std::string>& names,
                               Frames& frames) {
  std::vector<TimelineCall> calls = thread.calls;
  // Callers before their callees: by start, the longer call first.
  std::sort(calls.begin(), calls.end(), [](const TimelineCall& a, const TimelineCall& b) {
    return std::tie(a.start_ns, b.end_ns) < std::tie(b.start_ns, a.end_ns);
  });
  std::uint64_t last = 0;
  for (const TimelineCall& call : calls) last = std::max(last, call.end_ns);
  const std::uint64_t start = calls.empty() ? 0 : calls.front().start_ns;
  const std::uint64_t end = calls.empty() ? 0 : last;
  // The members in the order the document has always had them, the events last.
  Json header;
  header["type"] = "evented";
  header["name"] = thread.name.empty() ? "thread " + std::to_string(thread.tid)
                                       : thread.name + " (" + std::to_string(thread.tid) + ")";
  header["unit"] = "nanoseconds";
  header["startValue"] = start;
  header["endValue"] = end;
  EventedProfile profile;
  profile.span = end - start;
  std::string& text = profile.text;
  text = json_text(header);
  text.pop_back();  // its closing brace: the events follow
  text += ",\"events\":[";
  bool first = true;
  const auto event = [&](char type, std::size_t frame, std::uint64_t at) {
    if (!first) text += ',';
    first = false;
    text += "{\"type\":\"";
    text += type;
    text += "\",\"frame\":";
    text += std::to_string(frame);
    text += ",\"at\":";
    text += std::to_string(at);
    text += '}';
  };
  struct Open {
    std::size_t frame;
    std::uint64_t end;
  };
  std::vector<Open> open;
  const auto close_until = [&](std::uint64_t at) {
    while (!open.empty() && open.back().end <= at) {
      event('C', open.back().frame, open.back().end);
      open.pop_back();
    }
  };
  for (const TimelineCall& call : calls) {
    close_until(call.start_ns);
    // Never past its caller's end.
    const std::uint64_t until = open.empty() ? call.end_ns : std::min(call.end_ns, open.back().end);
    const std::size_t frame = frames.of(
        call.name < names.size() ? names[call.name] : "function " + std::to_string(call.name));
    event('O', frame, call.start_ns);
    open.push_back(Open{frame, std::max(until, call.start_ns)});
  }
  close_until(~std::uint64_t{0});
  text += "]}";
  return profile;
}

/// A sampled profile with no samples yet.
Json sampled_profile(const std::string& name) {
  return Json{{"type", "sampled"},       {"name", name},  {"unit", "nanoseconds"},
              {"startValue", 0},         {"endValue", 0}, {"samples", Json::array()},
              {"weights", Json::array()}};
}

void add_sample(Json& profile, std::vector<std::size_t> stack, std::uint64_t weight) {
  profile["samples"].push_back(std::move(stack));
  profile["weights"].push_back(weight);
  profile["endValue"] = profile["endValue"].get<std::uint64_t>() + weight;
}

/// One sampled profile per thread of the CPU samples, in the order threads first
/// appear.
void add_cpu_profiles(const pprof::NativeSamples& cpu, Frames& frames, Json& profiles) {
  // Each location's frames root first, made once.
  std::vector<std::vector<std::size_t>> location_frames;
  for (const pprof::NativeLocation& location : cpu.locations) {
    std::vector<std::size_t> indexes;
    for (auto line = location.lines.rbegin(); line != location.lines.rend(); ++line)
      indexes.push_back(frames.of(line->function, line->file));
    location_frames.push_back(std::move(indexes));
  }
  std::vector<std::string> threads;
  std::map<std::string, Json> by_thread;
  for (const pprof::NativeSample& sample : cpu.samples) {
    auto [profile, added] = by_thread.try_emplace(sample.thread);
    if (added) {
      threads.push_back(sample.thread);
      profile->second = sampled_profile(sample.thread + " CPU samples");
    }
    std::vector<std::size_t> stack;
    for (auto location = sample.stack.rbegin(); location != sample.stack.rend(); ++location) {
      const std::vector<std::size_t>& indexes = location_frames[*location];
      stack.insert(stack.end(), indexes.begin(), indexes.end());
    }
    add_sample(profile->second, std::move(stack), sample.count * cpu.period_ns);
  }
  for (const std::string& thread : threads) profiles.push_back(std::move(by_thread[thread]));
}

/// The call tree as one sampled profile: each path weighs its self time.
Json call_tree_profile(const Report& report, Frames& frames) {
  Json profile = sampled_profile("call tree (wall time)");
  std::vector<std::vector<std::size_t>> paths;
  paths.reserve(report.call_tree.size());
  for (const CallTreeNode& node : report.call_tree) {
    std::vector<std::size_t> path;
    if (node.parent != CallTreeNode::kNoParent && node.parent < paths.size())
      path = paths[node.parent];
    path.push_back(frames.of(node.name));
    if (node.self_ns != 0) add_sample(profile, path, node.self_ns);
    paths.push_back(std::move(path));
  }
  return profile;
}

}  // namespace

std::string speedscope_document(const SpeedscopeInput& input) {
  Frames frames;
  // The evented profiles are text already; the sampled ones, far fewer values, are
  // JSON values until the document is put together.
  std::vector<std::string> evented;
  // speedscope opens on the thread whose calls span the longest time.
  std::size_t active = 0;
  std::uint64_t longest = 0;
  for (const TimelineThread& thread : input.threads) {
    EventedProfile profile = evented_profile(thread, input.names, frames);
    if (profile.span > longest) {
      longest = profile.span;
      active = evented.size();
    }
    evented.push_back(std::move(profile.text));
  }
  Json sampled = Json::array();
  if (input.cpu != nullptr) add_cpu_profiles(*input.cpu, frames, sampled);
  if (input.call_tree != nullptr) sampled.push_back(call_tree_profile(*input.call_tree, frames));
  std::string text = "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",";
  text += "\"shared\":{\"frames\":" + json_text(frames.take()) + "},\"profiles\":[";
  std::size_t size = text.size() + 256;
  for (const std::string& profile : evented) size += profile.size() + 1;
  text.reserve(size);
  bool first = true;
  for (std::string& profile : evented) {
    if (!first) text += ',';
    first = false;
    text += profile;
    std::string().swap(profile);
  }
  for (const Json& profile : sampled) {
    if (!first) text += ',';
    first = false;
    text += json_text(profile);
  }
  text += "],\"name\":" + json_text(input.name);
  text += ",\"activeProfileIndex\":" + std::to_string(active);
  text += ",\"exporter\":\"hotpath\"}\n";
  return text;
}

}  // namespace hotpath
