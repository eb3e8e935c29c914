// Folding the text of `perf script` into stacks. Each sample is a header line
// (`comm pid/tid [cpu] time: period event:`, with or without pid/tid, cpu and time),
// then one line per frame, innermost first (`\t<address> <symbol>+0x<offset> (<dso>)`),
// then a blank line. A sample becomes `comm;outermost;...;innermost`.
#ifndef HOTPATH_CLI_PERF_SCRIPT_COLLAPSE_HPP
#define HOTPATH_CLI_PERF_SCRIPT_COLLAPSE_HPP

#include <string>
#include <string_view>

#include "folded_stacks.hpp"

namespace hotpath::cli {

/// How samples become stacks.
struct PerfCollapseOptions {
  /// One stack per sample in the order perf printed them (time order, for flame
  /// charts); otherwise identical stacks are merged and sorted.
  bool keep_order = false;
};

/// The name of one frame line's function: the symbol without its `+0x<offset>`; for an
/// unknown symbol `<dso file name>+0x<address>`, or "[unknown]" when the dso is
/// unknown too. `line` is the frame line without its leading whitespace.
std::string perf_frame_name(std::string_view line);

/// Folds every sample of `text` (the output of `perf script`) into stacks, each
/// counting one sample.
flamegraph::FoldedStacks collapse_perf_script(std::string_view text,
                                              const PerfCollapseOptions& options = {});

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_PERF_SCRIPT_COLLAPSE_HPP
