// From sampled addresses to folded stacks: each distinct stack is symbolized once
// (inlined functions become frames of their own), rooted at its thread's name (below
// its process's frame, `program [pid]`, when asked), and counted.
#ifndef HOTPATH_RUNTIME_CPU_STACK_FOLDING_HPP
#define HOTPATH_RUNTIME_CPU_STACK_FOLDING_HPP

#include <string>

#include "folded_stacks.hpp"
#include "sample_log/sample_log_reader.hpp"
#include "symbolizer.hpp"

namespace hotpath::cpu {

/// How samples become stacks.
struct FoldOptions {
  /// One stack per sample in the order each thread took them (for flame charts);
  /// otherwise identical stacks are merged.
  bool keep_order = false;
  /// Each stack starts with its process's frame, `program [pid]` (the log's program
  /// and pid), then its thread's name: the stacks of several processes stay apart.
  bool process_root = false;
};

/// The frame that stands for the process that wrote `log`: "program [pid]".
std::string process_frame(const SampleLog& log);

/// Adds the stacks of `log` to `stacks`, symbolized by `symbolizer` (made from
/// the log's modules).
void fold_samples(const SampleLog& log, symbolize::Symbolizer& symbolizer,
                  const FoldOptions& options, flamegraph::FoldedStacks& stacks);

/// Symbolizes and folds a whole log.
flamegraph::FoldedStacks fold_sample_log(const SampleLog& log, const FoldOptions& options = {});

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_STACK_FOLDING_HPP
