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

/// A function of a profile: its name, source file and first line, and its system
/// name (the full symbol) when that is not its name.
struct FunctionKey {
  std::string name;
  std::string file;
  std::int64_t start_line = 0;
  std::string system_name;  ///< empty: the name

  bool operator<(const FunctionKey& other) const {
    return std::tie(name, file, start_line, system_name) <
           std::tie(other.name, other.file, other.start_line, other.system_name);
  }
};

/// A loaded object whose code the profile's native locations are in.
struct Mapping {
  std::uint64_t start = 0;
  std::uint64_t limit = 0;
  std::uint64_t file_offset = 0;
  std::string file;
  std::string build_id;
};

/// One frame of a native location: a function and the line in it.
struct Line {
  FunctionKey function;
  std::int64_t line = 0;
};

/// A key and text value attached to a sample, e.g. {"thread", "worker-1"}.
struct Label {
  std::string key;
  std::string value;
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

  /// Adds a mapping whose functions, files, lines and inlined frames the profile
  /// gives (the viewer has nothing to look up); returns its id.
  std::uint64_t add_mapping(Mapping mapping);
  /// Adds a location at `address` in the mapping `mapping_id` (0: none), with its
  /// frames innermost first; returns its id.
  std::uint64_t add_native_location(std::uint64_t address, std::uint64_t mapping_id,
                                    const std::vector<Line>& lines);

  /// A sample: its stack, innermost location first, its values and labels.
  void add_sample(std::vector<std::uint64_t> stack, std::vector<std::int64_t> values,
                  std::vector<Label> labels = {});

  /// The profile's wire bytes (not compressed).
  std::string serialize() const;

 private:
  std::int64_t string_index(std::string_view text);
  std::uint64_t function_id(const FunctionKey& function);

  struct Sample {
    std::vector<std::uint64_t> stack;
    std::vector<std::int64_t> values;
    std::vector<Label> labels;
  };
  struct LineIds {
    std::uint64_t function_id;
    std::int64_t line;
  };
  struct Location {
    std::uint64_t address;
    std::uint64_t mapping_id;
    std::vector<LineIds> lines;
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
  std::map<FunctionKey, std::uint64_t> function_ids_;
  std::vector<FunctionKey> functions_;                       ///< by id - 1
  std::map<FunctionKey, std::uint64_t> function_locations_;  ///< function -> its location's id
  std::vector<Location> locations_;                          ///< by id - 1
  std::vector<Mapping> mappings_;                            ///< by id - 1
  std::vector<Sample> samples_;
};

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_PROFILE_BUILDER_HPP
