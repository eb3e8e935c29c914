// Symbolizing a sample log into native samples (symbolized_samples.hpp).
#include "sample_log/symbolized_samples.hpp"

#include <map>
#include <utility>

#include "symbolizer.hpp"

namespace hotpath::cpu {
namespace {

/// Locations by address; the interrupted address and return addresses apart, since
/// a return address is looked up at the call before it.
class LocationTable {
 public:
  LocationTable(symbolize::Symbolizer& symbolizer, pprof::NativeSamples& samples)
      : symbolizer_(symbolizer), samples_(samples) {}

  std::size_t location_of(std::uint64_t address, bool return_address) {
    auto& known = return_address ? return_locations_ : leaf_locations_;
    if (const auto found = known.find(address); found != known.end()) return found->second;
    pprof::NativeLocation location;
    location.address = address;
    location.mapping = static_cast<std::size_t>(symbolizer_.module_of(address, return_address) + 1);
    const std::vector<symbolize::Frame>& frames = symbolizer_.symbolize(address, return_address);
    // The symbolizer gives the out-of-line function first; pprof wants it last.
    for (auto frame = frames.rbegin(); frame != frames.rend(); ++frame)
      location.lines.push_back({frame->function, frame->file, frame->line});
    samples_.locations.push_back(std::move(location));
    const std::size_t index = samples_.locations.size() - 1;
    known.emplace(address, index);
    return index;
  }

 private:
  symbolize::Symbolizer& symbolizer_;
  pprof::NativeSamples& samples_;
  std::map<std::uint64_t, std::size_t> leaf_locations_;
  std::map<std::uint64_t, std::size_t> return_locations_;
};

}  // namespace

pprof::NativeSamples native_samples(const SampleLog& log) {
  pprof::NativeSamples samples;
  samples.frequency_hz = log.frequency_hz;
  samples.period_ns = log.period_ns;
  symbolize::Symbolizer symbolizer(log.modules);
  const std::vector<symbolize::ModuleMapping> mappings = symbolizer.mappings();
  for (std::size_t i = 0; i < log.modules.size(); ++i) {
    samples.mappings.push_back(
        {mappings[i].start, mappings[i].limit, log.modules[i].path, mappings[i].build_id});
  }
  LocationTable locations(symbolizer, samples);
  std::uint32_t previous_tid = 0;
  for (const LoggedStack& logged : log.stacks) {
    std::vector<std::size_t> stack;
    stack.reserve(logged.count);
    for (std::uint32_t i = 0; i < logged.count; ++i)
      stack.push_back(locations.location_of(log.addresses[logged.first + i], i != 0));
    if (!samples.samples.empty() && previous_tid == logged.tid &&
        samples.samples.back().stack == stack) {
      samples.samples.back().count += logged.weight;
      continue;
    }
    const auto name = log.thread_names.find(logged.tid);
    pprof::NativeSample sample;
    sample.thread =
        name != log.thread_names.end() && !name->second.empty() ? name->second : log.program;
    sample.stack = std::move(stack);
    sample.count = logged.weight;
    samples.samples.push_back(std::move(sample));
    previous_tid = logged.tid;
  }
  return samples;
}

}  // namespace hotpath::cpu
