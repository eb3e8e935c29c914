// From sampled addresses to folded stacks: each distinct stack is symbolized once
// (inlined functions become frames of their own), rooted at its thread's name,
// and counted.
#ifndef HOTPATH_RUNTIME_CPU_STACK_FOLDING_HPP
#define HOTPATH_RUNTIME_CPU_STACK_FOLDING_HPP

#include "folded_stacks.hpp"
#include "sample_log_reader.hpp"
#include "symbolizer.hpp"

namespace hotpath::cpu {

/// How samples become stacks.
struct FoldOptions {
  /// One stack per sample in the order each thread took them (for flame charts);
  /// otherwise identical stacks are merged.
  bool keep_order = false;
};

/// Adds the stacks of `log` to `stacks`, symbolized by `symbolizer` (made from
/// the log's modules).
void fold_samples(const SampleLog& log, symbolize::Symbolizer& symbolizer,
                  const FoldOptions& options, flamegraph::FoldedStacks& stacks);

/// Symbolizes and folds a whole log.
flamegraph::FoldedStacks fold_sample_log(const SampleLog& log, const FoldOptions& options = {});

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_STACK_FOLDING_HPP
