// One side of `hotpath diff --flamegraph`: a file of stacks, whatever its format, told
// from its content (not its name): folded stacks (`a;b;c 42`, as flamegraph.pl, inferno
// and perf collapse write them), a pprof profile, gzipped or not (ours or Go's), or a
// saved hotpath JSON report (its call tree). Each offers its sample types, and its
// stacks for one of them.
#ifndef HOTPATH_CLI_FLAMEGRAPH_DIFF_INPUT_HPP
#define HOTPATH_CLI_FLAMEGRAPH_DIFF_INPUT_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "folded_stacks.hpp"
#include "profile_builder.hpp"
#include "profile_reader.hpp"
#include "report_reader.hpp"

namespace hotpath::cli {

/// The formats a side can be in.
enum class StackFileFormat { Folded, Pprof, Report };

/// A file of stacks, read.
class StackFile {
 public:
  /// Reads the file at `path` and tells its format from its bytes. std::nullopt with
  /// `error`, one line naming the file: it cannot be read, is empty, is in no format
  /// known, or is one but broken (the format's own error).
  static std::optional<StackFile> read(const std::string& path, std::string& error);

  /// The file's path, as given.
  const std::string& path() const noexcept { return path_; }
  /// The format its content is in.
  StackFileFormat format() const noexcept { return format_; }
  /// "folded stacks", "pprof profile", "JSON report".
  const char* format_name() const noexcept;

  /// The sample types, for a pprof profile its own; for a JSON report `wall`
  /// (nanoseconds of self time per call path, the default) and `calls`, as `hotpath
  /// pprof` names them, and `coroutines` (the logical tree of coroutines, nanoseconds
  /// not in a child's instances) when it has one. Empty for folded stacks, whose one
  /// count has no name.
  const std::vector<pprof::ValueType>& sample_types() const noexcept { return sample_types_; }
  /// The sample type drawn when none is asked for (ReadProfile::preferred_sample_type,
  /// `wall` for a report); std::nullopt for folded stacks.
  std::optional<std::size_t> preferred_sample_type() const;
  /// The type the file itself calls its default, or "".
  std::string default_sample_type() const;
  /// The index of the type named `type`, or std::nullopt.
  std::optional<std::size_t> sample_type_index(const std::string& type) const;
  /// The types' names, comma separated: "calls, wall".
  std::string sample_type_names() const;

  /// The stacks weighed by sample type `type` (ignored for folded stacks), root first.
  /// Samples with a value that is not positive are left out.
  flamegraph::FoldedStacks stacks(std::size_t type) const;

 private:
  std::string path_;
  StackFileFormat format_ = StackFileFormat::Folded;
  std::vector<pprof::ValueType> sample_types_;
  std::optional<flamegraph::FoldedStacks> folded_;
  std::optional<pprof::ReadProfile> profile_;
  std::optional<SavedReport> report_;
};

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FLAMEGRAPH_DIFF_INPUT_HPP
