// Folding of sampled stacks. Stacks repeat: a CPU-bound loop gives the same few
// address sequences thousands of times, so they are counted first and symbolized
// once each.
#include "sample_log/stack_folding.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hotpath::cpu {
namespace {

using AddressStack = std::pair<std::uint32_t, std::vector<std::uint64_t>>;  // tid, addresses

/// The stack's frames, root first, below `process` (when not empty).
std::vector<std::string> frames_of(const SampleLog& log, const AddressStack& stack,
                                   symbolize::Symbolizer& symbolizer, const std::string& process) {
  std::vector<std::string> frames;
  if (!process.empty()) frames.push_back(process);
  const auto name = log.thread_names.find(stack.first);
  frames.push_back(name != log.thread_names.end() && !name->second.empty() ? name->second
                                                                           : log.program);
  const std::vector<std::uint64_t>& addresses = stack.second;
  // Addresses are innermost first; every one but the interrupted address is a
  // return address.
  for (std::size_t i = addresses.size(); i-- > 0;) {
    for (const symbolize::Frame& frame : symbolizer.symbolize(addresses[i], i != 0))
      frames.push_back(frame.function);
  }
  return frames;
}

AddressStack address_stack(const SampleLog& log, const LoggedStack& stack) {
  const auto first = log.addresses.begin() + static_cast<std::ptrdiff_t>(stack.first);
  return {stack.tid, std::vector<std::uint64_t>(first, first + stack.count)};
}

}  // namespace

std::string process_frame(const SampleLog& log) {
  return log.program + " [" + std::to_string(log.pid) + "]";
}

void fold_samples(const SampleLog& log, symbolize::Symbolizer& symbolizer,
                  const FoldOptions& options, flamegraph::FoldedStacks& stacks) {
  const std::string process = options.process_root ? process_frame(log) : std::string();
  if (options.keep_order) {
    std::map<AddressStack, std::vector<std::string>> symbolized;
    for (const LoggedStack& logged : log.stacks) {
      AddressStack stack = address_stack(log, logged);
      auto found = symbolized.find(stack);
      if (found == symbolized.end()) {
        std::vector<std::string> frames = frames_of(log, stack, symbolizer, process);
        found = symbolized.emplace(std::move(stack), std::move(frames)).first;
      }
      stacks.add(found->second, logged.weight);
    }
    return;
  }
  std::map<AddressStack, std::uint64_t> counts;
  for (const LoggedStack& logged : log.stacks) counts[address_stack(log, logged)] += logged.weight;
  for (const auto& [stack, count] : counts)
    stacks.add(frames_of(log, stack, symbolizer, process), count);
}

flamegraph::FoldedStacks fold_sample_log(const SampleLog& log, const FoldOptions& options) {
  symbolize::Symbolizer symbolizer(log.modules);
  flamegraph::FoldedStacks stacks;
  fold_samples(log, symbolizer, options, stacks);
  return stacks;
}

}  // namespace hotpath::cpu
