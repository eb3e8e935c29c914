// `hotpath diff --flamegraph`: a differential flame graph of two profiles.
//
//   read BASE and HEAD (any format: flamegraph_diff_input) -> choose one sample type
//   both have -> compare path by path (flamegraph/differential) -> SVG -> -o FILE
#ifndef HOTPATH_CLI_FLAMEGRAPH_DIFF_HPP
#define HOTPATH_CLI_FLAMEGRAPH_DIFF_HPP

#include <optional>
#include <string>

#include "diff_options.hpp"
#include "flamegraph_diff_input.hpp"

namespace hotpath::cli {

/// The sample type a differential flame graph compares.
struct ChosenSampleType {
  std::optional<std::size_t> base;  ///< index in base's sample types; none for folded
  std::optional<std::size_t> head;
  std::string type;  ///< its name; empty when both sides are folded stacks
  std::string unit;  ///< its unit; empty when both sides are folded stacks
};

/// Chooses the sample type to compare: `requested` (--sample-type) when not empty,
/// which every side with sample types must have; otherwise, of the types both sides
/// have, `cpu`, then `samples`, then head's default, then base's, then head's last.
/// std::nullopt with `error` naming the file and the types it has when there is none
/// (an unknown type, two profiles with no type in common, a type in different units).
std::optional<ChosenSampleType> choose_sample_type(const StackFile& base, const StackFile& head,
                                                   const std::string& requested,
                                                   std::string& error);

/// How counts of `chosen` read in tooltips: "ns", "bytes", "calls", "samples".
std::string count_name_of(const ChosenSampleType& chosen);

/// Runs the differential flame graph of `options` (options.flamegraph is set); the exit
/// status is 0, or 2 with one line on stderr (and no file written) when an input is
/// wrong or the output cannot be written.
int run_flamegraph_diff(const DiffOptions& options);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FLAMEGRAPH_DIFF_HPP
