// Writing the timeline for speedscope (speedscope_writer.hpp).
#include "reporting/speedscope_writer.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

namespace hotpath::detail {
namespace {

using Json = nlohmann::ordered_json;

/// The frame index of each site named in the document, and of each native
/// function, made on first use.
class Frames {
 public:
  explicit Frames(const std::vector<std::string>& site_names) : site_names_(site_names) {}

  std::size_t of_native(const pprof::NativeLine& line) {
    auto [known, added] = native_index_.try_emplace({line.function, line.file}, frames_.size());
    if (added) {
      Json frame{{"name", line.function}};
      if (!line.file.empty()) frame["file"] = line.file;
      frames_.push_back(std::move(frame));
    }
    return known->second;
  }

  std::size_t of(std::uint32_t site) {
    auto [known, added] = index_.try_emplace(site, frames_.size());
    if (added) {
      const bool named = site != 0 && site <= site_names_.size() && !site_names_[site - 1].empty();
      frames_.push_back(
          Json{{"name", named ? site_names_[site - 1] : "site " + std::to_string(site)}});
    }
    return known->second;
  }

  Json take() { return std::move(frames_); }

 private:
  const std::vector<std::string>& site_names_;
  std::map<std::uint32_t, std::size_t> index_;
  std::map<std::pair<std::string, std::string>, std::size_t> native_index_;
  Json frames_ = Json::array();
};

/// One sampled profile per thread, in the order threads first appear.
void add_sampled_profiles(const pprof::NativeSamples& cpu, Frames& frames, Json& profiles) {
  // Each location's frames root first, made once.
  std::vector<std::vector<std::size_t>> location_frames;
  for (const pprof::NativeLocation& location : cpu.locations) {
    std::vector<std::size_t> indexes;
    for (auto line = location.lines.rbegin(); line != location.lines.rend(); ++line)
      indexes.push_back(frames.of_native(*line));
    location_frames.push_back(std::move(indexes));
  }
  std::vector<std::string> threads;
  std::map<std::string, Json> by_thread;
  for (const pprof::NativeSample& sample : cpu.samples) {
    auto [profile, added] = by_thread.try_emplace(sample.thread);
    if (added) {
      threads.push_back(sample.thread);
      profile->second = Json{{"type", "sampled"},       {"name", sample.thread + " CPU samples"},
                             {"unit", "nanoseconds"},   {"startValue", 0},
                             {"endValue", 0},           {"samples", Json::array()},
                             {"weights", Json::array()}};
    }
    std::vector<std::size_t> stack;
    for (auto location = sample.stack.rbegin(); location != sample.stack.rend(); ++location) {
      const std::vector<std::size_t>& indexes = location_frames[*location];
      stack.insert(stack.end(), indexes.begin(), indexes.end());
    }
    const std::uint64_t weight = sample.count * cpu.period_ns;
    Json& thread = profile->second;
    thread["samples"].push_back(std::move(stack));
    thread["weights"].push_back(weight);
    thread["endValue"] = thread["endValue"].get<std::uint64_t>() + weight;
  }
  for (const std::string& thread : threads) profiles.push_back(std::move(by_thread[thread]));
}

/// One thread's calls as open and close events, strictly nested.
Json thread_profile(const ThreadTrace& thread, Frames& frames, const TickConverter& ticks,
                    std::uint64_t origin) {
  std::vector<TracedCall> calls;
  for (const TracedCall& call : thread.calls) {
    // An instance's end record is its whole life, not a call of this thread.
    if ((call.instance & kInstanceEnd) == 0) calls.push_back(call);
  }
  // Callers before their callees: by start, the longer call first.
  std::sort(calls.begin(), calls.end(), [](const TracedCall& a, const TracedCall& b) {
    return std::tie(a.start_ticks, b.end_ticks) < std::tie(b.start_ticks, a.end_ticks);
  });
  const auto at = [&](std::uint64_t tick) {
    return ticks.to_ns(tick > origin ? tick - origin : 0);
  };
  Json events = Json::array();
  struct Open {
    std::size_t frame;
    std::uint64_t end;
  };
  std::vector<Open> open;
  const auto close_until = [&](std::uint64_t tick) {
    while (!open.empty() && open.back().end <= tick) {
      events.push_back(
          Json{{"type", "C"}, {"frame", open.back().frame}, {"at", at(open.back().end)}});
      open.pop_back();
    }
  };
  std::uint64_t last = 0;
  for (const TracedCall& call : calls) {
    close_until(call.start_ticks);
    // Never past its caller's end.
    const std::uint64_t end =
        open.empty() ? call.end_ticks : std::min(call.end_ticks, open.back().end);
    const std::size_t frame = frames.of(call.site);
    events.push_back(Json{{"type", "O"}, {"frame", frame}, {"at", at(call.start_ticks)}});
    open.push_back(Open{frame, std::max(end, call.start_ticks)});
    last = std::max(last, call.end_ticks);
  }
  close_until(~std::uint64_t{0});
  Json profile;
  profile["type"] = "evented";
  profile["name"] = thread.name.empty() ? "thread " + std::to_string(thread.tid)
                                        : thread.name + " (" + std::to_string(thread.tid) + ")";
  profile["unit"] = "nanoseconds";
  profile["startValue"] = calls.empty() ? 0 : at(calls.front().start_ticks);
  profile["endValue"] = calls.empty() ? 0 : at(last);
  profile["events"] = std::move(events);
  return profile;
}

}  // namespace

std::string speedscope_json(const std::vector<ThreadTrace>& threads,
                            const std::vector<std::string>& site_names, const TickConverter& ticks,
                            const TraceFacts& facts, const pprof::NativeSamples* cpu) {
  Frames frames(site_names);
  Json profiles = Json::array();
  // speedscope opens on the thread whose calls span the longest time.
  std::size_t active = 0;
  std::uint64_t longest = 0;
  for (const ThreadTrace& thread : threads) {
    Json profile = thread_profile(thread, frames, ticks, facts.origin_ticks);
    const std::uint64_t span =
        profile["endValue"].get<std::uint64_t>() - profile["startValue"].get<std::uint64_t>();
    if (span > longest) {
      longest = span;
      active = profiles.size();
    }
    profiles.push_back(std::move(profile));
  }
  if (cpu != nullptr) add_sampled_profiles(*cpu, frames, profiles);
  Json document;
  document["$schema"] = "https://www.speedscope.app/file-format-schema.json";
  document["shared"] = Json{{"frames", frames.take()}};
  document["profiles"] = std::move(profiles);
  document["name"] = facts.process_name + " [" + std::to_string(facts.pid) + "]";
  document["activeProfileIndex"] = active;
  document["exporter"] = "hotpath";
  return document.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace hotpath::detail
