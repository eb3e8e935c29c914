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

/// One thread's calls as open and close events, strictly nested.
Json evented_profile(const TimelineThread& thread, const std::vector<std::string>& names,
                     Frames& frames) {
  std::vector<TimelineCall> calls = thread.calls;
  // Callers before their callees: by start, the longer call first.
  std::sort(calls.begin(), calls.end(), [](const TimelineCall& a, const TimelineCall& b) {
    return std::tie(a.start_ns, b.end_ns) < std::tie(b.start_ns, a.end_ns);
  });
  Json events = Json::array();
  struct Open {
    std::size_t frame;
    std::uint64_t end;
  };
  std::vector<Open> open;
  const auto close_until = [&](std::uint64_t at) {
    while (!open.empty() && open.back().end <= at) {
      events.push_back(Json{{"type", "C"}, {"frame", open.back().frame}, {"at", open.back().end}});
      open.pop_back();
    }
  };
  std::uint64_t last = 0;
  for (const TimelineCall& call : calls) {
    close_until(call.start_ns);
    // Never past its caller's end.
    const std::uint64_t end = open.empty() ? call.end_ns : std::min(call.end_ns, open.back().end);
    const std::size_t frame = frames.of(
        call.name < names.size() ? names[call.name] : "function " + std::to_string(call.name));
    events.push_back(Json{{"type", "O"}, {"frame", frame}, {"at", call.start_ns}});
    open.push_back(Open{frame, std::max(end, call.start_ns)});
    last = std::max(last, call.end_ns);
  }
  close_until(~std::uint64_t{0});
  Json profile;
  profile["type"] = "evented";
  profile["name"] = thread.name.empty() ? "thread " + std::to_string(thread.tid)
                                        : thread.name + " (" + std::to_string(thread.tid) + ")";
  profile["unit"] = "nanoseconds";
  profile["startValue"] = calls.empty() ? 0 : calls.front().start_ns;
  profile["endValue"] = calls.empty() ? 0 : last;
  profile["events"] = std::move(events);
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
  Json profiles = Json::array();
  // speedscope opens on the thread whose calls span the longest time.
  std::size_t active = 0;
  std::uint64_t longest = 0;
  for (const TimelineThread& thread : input.threads) {
    Json profile = evented_profile(thread, input.names, frames);
    const std::uint64_t span =
        profile["endValue"].get<std::uint64_t>() - profile["startValue"].get<std::uint64_t>();
    if (span > longest) {
      longest = span;
      active = profiles.size();
    }
    profiles.push_back(std::move(profile));
  }
  if (input.cpu != nullptr) add_cpu_profiles(*input.cpu, frames, profiles);
  if (input.call_tree != nullptr) profiles.push_back(call_tree_profile(*input.call_tree, frames));
  Json document;
  document["$schema"] = "https://www.speedscope.app/file-format-schema.json";
  document["shared"] = Json{{"frames", frames.take()}};
  document["profiles"] = std::move(profiles);
  document["name"] = input.name;
  document["activeProfileIndex"] = active;
  document["exporter"] = "hotpath";
  return document.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace hotpath
