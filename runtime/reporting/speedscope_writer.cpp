// Writing the timeline for speedscope (speedscope_writer.hpp): the threads' rings
// as the calls of a timeline, in nanoseconds from the runtime's start.
#include "reporting/speedscope_writer.hpp"

#include <map>

#include "speedscope_document.hpp"

namespace hotpath::detail {

std::string speedscope_json(const std::vector<ThreadTrace>& threads,
                            const std::vector<std::string>& site_names, const TickConverter& ticks,
                            const TraceFacts& facts, const pprof::NativeSamples* cpu) {
  SpeedscopeInput input;
  input.name = facts.process_name + " [" + std::to_string(facts.pid) + "]";
  input.cpu = cpu;
  // A name per site, made on first use.
  std::map<std::uint32_t, std::size_t> name_of_site;
  const auto name_of = [&](std::uint32_t site) {
    auto [known, added] = name_of_site.try_emplace(site, input.names.size());
    if (added) {
      const bool named = site != 0 && site <= site_names.size() && !site_names[site - 1].empty();
      input.names.push_back(named ? site_names[site - 1] : "site " + std::to_string(site));
    }
    return known->second;
  };
  const auto at = [&](std::uint64_t tick) {
    return ticks.to_ns(tick > facts.origin_ticks ? tick - facts.origin_ticks : 0);
  };
  for (const ThreadTrace& thread : threads) {
    TimelineThread timeline;
    timeline.tid = thread.tid;
    timeline.name = thread.name;
    for (const TracedCall& call : thread.calls) {
      // An instance's end record is its whole life, not a call of this thread.
      if ((call.instance & kInstanceEnd) != 0) continue;
      timeline.calls.push_back({name_of(call.site), at(call.start_ticks), at(call.end_ticks)});
    }
    input.threads.push_back(std::move(timeline));
  }
  return speedscope_document(input);
}

}  // namespace hotpath::detail
