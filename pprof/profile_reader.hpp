// Reading a pprof profile (github.com/google/pprof, proto/profile.proto), gzipped or
// not, into what a flame graph needs: the sample types, and each sample's stack as
// function names with its values. Ours (`hotpath pprof`, HOTPATH_PPROF) and Go's
// (runtime/pprof, net/http/pprof) read the same way.
#ifndef HOTPATH_PPROF_PROFILE_READER_HPP
#define HOTPATH_PPROF_PROFILE_READER_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "profile_builder.hpp"

namespace hotpath::pprof {

/// One sample: its stack and one value per sample type.
struct ReadSample {
  /// Function names, root first. Inlined functions are frames of their own; a location
  /// without symbols is its address ("0x4011d6"), or "[unknown]" without one.
  std::vector<std::string> frames;
  std::vector<std::int64_t> values;  ///< one per ReadProfile::sample_types, in order
};

/// A profile as read back.
struct ReadProfile {
  std::vector<ValueType> sample_types;  ///< what each sample's values are, in order
  std::string default_sample_type;      ///< empty when the profile names none
  std::vector<ReadSample> samples;      ///< in the profile's order
  ValueType period_type;                ///< what the period counts; empty when none
  std::int64_t period = 0;              ///< one sample per `period` of period_type

  /// The index of the sample type named `type`, or std::nullopt.
  std::optional<std::size_t> sample_type_index(std::string_view type) const;
  /// The sample type shown when none is asked for: `cpu`, else `samples`, else the
  /// profile's default_sample_type, else the last one (as `go tool pprof` does).
  /// std::nullopt when the profile has no sample type.
  std::optional<std::size_t> preferred_sample_type() const;
  /// The sample types' names, comma separated: "samples, cpu".
  std::string sample_type_names() const;
};

/// Reads profile.proto bytes, gzipped (as pprof writes them) or not. std::nullopt with
/// `error` saying what is wrong: "truncated gzip data", "truncated pprof profile: ...",
/// "not a pprof profile: ..." (text, or "sample 3 names location 9, which the profile
/// does not have").
std::optional<ReadProfile> read_profile(std::string_view bytes, std::string& error);

/// Reads the profile in the file at `path`; `error` names the file: "cannot read
/// \"x.pb.gz\": No such file or directory", "x.pb.gz: not a pprof profile: ...".
std::optional<ReadProfile> read_profile_file(const std::string& path, std::string& error);

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_PROFILE_READER_HPP
