// A pprof profile (github.com/google/pprof, proto/profile.proto) built in memory and
// written as its wire bytes: sample types, samples with their stacks, the functions
// and locations the stacks name, the string table they share.
#ifndef HOTPATH_PPROF_PROFILE_BUILDER_HPP
#define HOTPATH_PPROF_PROFILE_BUILDER_HPP

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace hotpath::pprof {

/// A sample type or the period's type: e.g. {"wall", "nanoseconds"}.
struct ValueType {
  std::string type;
  std::string unit;
};

/// A function of a profile: its name, source file and first line.
struct FunctionKey {
  std::string name;
  std::string file;
  std::int64_t start_line = 0;

  bool operator<(const FunctionKey& other) const {
    return std::tie(name, file, start_line) < std::tie(other.name, other.file, other.start_line);
  }
};

/// Builds one profile. Ids of functions and locations start at 1, as pprof wants
/// (0 means none).
class ProfileBuilder {
 public:
  /// Every sample has one value per entry of `sample_types`, in that order.
  explicit ProfileBuilder(std::vector<ValueType> sample_types);

  /// The period of the samples: one sample per `period` of `type`.
  void set_period(ValueType type, std::int64_t period);
  /// When the profile was taken (Unix nanoseconds) and how long it covers.
  void set_time(std::int64_t time_nanos, std::int64_t duration_nanos);
  /// The sample type viewers show first (one of the sample types).
  void set_default_sample_type(std::string_view type);
  void add_comment(std::string_view comment);

  /// The location of `function` (one line of it, no address), made on first use.
  std::uint64_t location_of(const FunctionKey& function);

  /// A sample: its stack, innermost location first, and its values.
  void add_sample(std::vector<std::uint64_t> stack, std::vector<std::int64_t> values);

  /// The profile's wire bytes (not compressed).
  std::string serialize() const;

 private:
  std::int64_t string_index(std::string_view text);

  struct Sample {
    std::vector<std::uint64_t> stack;
    std::vector<std::int64_t> values;
  };

  std::vector<ValueType> sample_types_;
  ValueType period_type_;
  std::int64_t period_ = 0;
  std::int64_t time_nanos_ = 0;
  std::int64_t duration_nanos_ = 0;
  std::string default_sample_type_;
  std::vector<std::string> comments_;
  std::vector<std::string> strings_{""};  ///< index 0 is the empty string, as pprof wants
  std::map<std::string, std::int64_t, std::less<>> string_ids_{{"", 0}};
  std::map<FunctionKey, std::uint64_t> locations_;  ///< function -> its location's id
  std::vector<FunctionKey> functions_;  ///< by id - 1 (a location's id is its function's)
  std::vector<Sample> samples_;
};

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_PROFILE_BUILDER_HPP
