// Reading a pprof profile (profile_reader.hpp). The string table may come anywhere in
// the message, so the fields are gathered first and resolved once it is known.
#include "profile_reader.hpp"

#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "gunzip.hpp"
#include "input_file.hpp"
#include "protobuf_reader.hpp"

namespace hotpath::pprof {
namespace {

// Field numbers of profile.proto.
namespace profile_field {
constexpr std::uint32_t kSampleType = 1;
constexpr std::uint32_t kSample = 2;
constexpr std::uint32_t kLocation = 4;
constexpr std::uint32_t kFunction = 5;
constexpr std::uint32_t kStringTable = 6;
constexpr std::uint32_t kPeriodType = 11;
constexpr std::uint32_t kPeriod = 12;
constexpr std::uint32_t kDefaultSampleType = 14;
}  // namespace profile_field

// A location: its lines, the innermost (inlined) function first, as their function ids.
struct Location {
  std::vector<std::uint64_t> function_ids;
  std::uint64_t address = 0;
};

struct Fields {
  std::vector<ProtobufField> sample_types;
  std::vector<ProtobufField> samples;
  std::vector<ProtobufField> locations;
  std::vector<ProtobufField> functions;
  std::vector<std::string_view> strings;
  std::optional<ProtobufField> period_type;
  std::int64_t period = 0;
  std::uint64_t default_sample_type = 0;
};

class Decoder {
 public:
  explicit Decoder(std::string_view bytes) : bytes_(bytes) {}

  ReadProfile decode();

 private:
  void gather();
  void keep(const ProtobufField& field, std::size_t offset);
  const std::string& text(std::uint64_t index, const char* what) const;
  ValueType value_type(const ProtobufField& field) const;
  void read_functions();
  void read_locations();
  std::vector<std::string> frames_of(const std::vector<std::uint64_t>& location_ids,
                                     std::size_t sample) const;

  std::string_view bytes_;
  Fields fields_;
  std::vector<std::string> strings_;
  std::unordered_map<std::uint64_t, std::string> functions_;
  std::unordered_map<std::uint64_t, Location> locations_;
};

std::size_t offset_in(std::string_view whole, std::string_view part) {
  return static_cast<std::size_t>(part.data() - whole.data());
}

const std::string& Decoder::text(std::uint64_t index, const char* what) const {
  if (index >= strings_.size())
    throw ProtobufError(
        fmt::format("{} is string {}, but the string table has {}", what, index, strings_.size()));
  return strings_[static_cast<std::size_t>(index)];
}

ValueType Decoder::value_type(const ProtobufField& field) const {
  ValueType type;
  ProtobufReader reader(field.bytes, offset_in(bytes_, field.bytes));
  for (ProtobufField inner; reader.next(inner);) {
    if (inner.number == 1) type.type = text(inner.integer, "a sample type's name");
    if (inner.number == 2) type.unit = text(inner.integer, "a sample type's unit");
  }
  return type;
}

void Decoder::read_functions() {
  for (const ProtobufField& function : fields_.functions) {
    std::uint64_t id = 0;
    std::string name;
    std::string system_name;
    ProtobufReader reader(function.bytes, offset_in(bytes_, function.bytes));
    for (ProtobufField field; reader.next(field);) {
      if (field.number == 1) id = field.integer;
      if (field.number == 2) name = text(field.integer, "a function's name");
      if (field.number == 3) system_name = text(field.integer, "a function's system name");
    }
    if (name.empty()) name = system_name.empty() ? "[unknown]" : system_name;
    functions_[id] = std::move(name);
  }
}

void Decoder::read_locations() {
  for (const ProtobufField& location_field : fields_.locations) {
    std::uint64_t id = 0;
    Location location;
    ProtobufReader reader(location_field.bytes, offset_in(bytes_, location_field.bytes));
    for (ProtobufField field; reader.next(field);) {
      if (field.number == 1) id = field.integer;
      if (field.number == 3) location.address = field.integer;
      if (field.number != 4 || !field.is_bytes) continue;
      ProtobufReader line(field.bytes, offset_in(bytes_, field.bytes));
      for (ProtobufField line_field; line.next(line_field);)
        if (line_field.number == 1) location.function_ids.push_back(line_field.integer);
    }
    locations_[id] = std::move(location);
  }
}

std::vector<std::string> Decoder::frames_of(const std::vector<std::uint64_t>& location_ids,
                                            std::size_t sample) const {
  std::vector<std::string> frames;
  // The stack is innermost first, and so are a location's lines: both read backwards.
  for (auto id = location_ids.rbegin(); id != location_ids.rend(); ++id) {
    const auto location = locations_.find(*id);
    if (location == locations_.end())
      throw ProtobufError(fmt::format(
          "sample {} names location {}, which the profile does not have", sample + 1, *id));
    const std::vector<std::uint64_t>& lines = location->second.function_ids;
    if (lines.empty()) {
      frames.push_back(location->second.address != 0
                           ? fmt::format("0x{:x}", location->second.address)
                           : std::string("[unknown]"));
      continue;
    }
    for (auto function_id = lines.rbegin(); function_id != lines.rend(); ++function_id) {
      const auto function = functions_.find(*function_id);
      if (function == functions_.end())
        throw ProtobufError(fmt::format(
            "location {} names function {}, which the profile does not have", *id, *function_id));
      frames.push_back(function->second);
    }
  }
  return frames;
}

void Decoder::keep(const ProtobufField& field, std::size_t offset) {
  switch (field.number) {
    case profile_field::kSampleType:
    case profile_field::kSample:
    case profile_field::kLocation:
    case profile_field::kFunction:
      if (!field.is_bytes)
        throw ProtobufError(
            fmt::format("field {} at byte {} should be a message", field.number, offset));
      if (field.number == profile_field::kSampleType) fields_.sample_types.push_back(field);
      if (field.number == profile_field::kSample) fields_.samples.push_back(field);
      if (field.number == profile_field::kLocation) fields_.locations.push_back(field);
      if (field.number == profile_field::kFunction) fields_.functions.push_back(field);
      break;
    case profile_field::kStringTable:
      if (!field.is_bytes)
        throw ProtobufError(fmt::format("the string table entry at byte {} is no string", offset));
      fields_.strings.push_back(field.bytes);
      break;
    case profile_field::kPeriodType:
      fields_.period_type = field;
      break;
    case profile_field::kPeriod:
      fields_.period = static_cast<std::int64_t>(field.integer);
      break;
    case profile_field::kDefaultSampleType:
      fields_.default_sample_type = field.integer;
      break;
    default:
      break;
  }
}

void Decoder::gather() {
  ProtobufReader reader(bytes_);
  ProtobufField field;
  for (;;) {
    try {
      if (!reader.next(field)) return;
    } catch (const ProtobufError& failure) {
      // A profile cut short has read fine up to there; text read as fields has not.
      const bool read_some =
          !fields_.sample_types.empty() || !fields_.samples.empty() || !fields_.strings.empty();
      const std::string what = failure.what();
      throw ProtobufError(read_some && what.rfind("truncated", 0) == 0
                              ? "truncated pprof profile: " + what.substr(11)
                              : what);
    }
    keep(field, reader.field_offset());
  }
}

ReadProfile Decoder::decode() {
  gather();
  // pprof's own rule: the table starts with "". Text files that happen to decode as
  // fields fail here.
  if (fields_.strings.empty() || !fields_.strings.front().empty())
    throw ProtobufError("no string table starting with \"\" (every profile has one)");
  strings_.assign(fields_.strings.begin(), fields_.strings.end());

  ReadProfile profile;
  for (const ProtobufField& field : fields_.sample_types)
    profile.sample_types.push_back(value_type(field));
  if (fields_.period_type) profile.period_type = value_type(*fields_.period_type);
  profile.period = fields_.period;
  profile.default_sample_type = text(fields_.default_sample_type, "the default sample type");
  read_functions();
  read_locations();

  profile.samples.reserve(fields_.samples.size());
  for (std::size_t index = 0; index < fields_.samples.size(); ++index) {
    const ProtobufField& sample_field = fields_.samples[index];
    std::vector<std::uint64_t> location_ids;
    std::vector<std::uint64_t> values;
    ProtobufReader sample_reader(sample_field.bytes, offset_in(bytes_, sample_field.bytes));
    for (ProtobufField field; sample_reader.next(field);) {
      if (field.number == 1) append_integers(field, location_ids);
      if (field.number == 2) append_integers(field, values);
    }
    if (values.size() != profile.sample_types.size())
      throw ProtobufError(fmt::format("sample {} has {} values for {} sample types", index + 1,
                                      values.size(), profile.sample_types.size()));
    ReadSample sample;
    sample.frames = frames_of(location_ids, index);
    sample.values.reserve(values.size());
    for (const std::uint64_t value : values)
      sample.values.push_back(static_cast<std::int64_t>(value));
    profile.samples.push_back(std::move(sample));
  }
  return profile;
}

}  // namespace

std::optional<std::size_t> ReadProfile::sample_type_index(std::string_view type) const {
  for (std::size_t index = 0; index < sample_types.size(); ++index)
    if (sample_types[index].type == type) return index;
  return std::nullopt;
}

std::optional<std::size_t> ReadProfile::preferred_sample_type() const {
  for (const std::string_view name : {std::string_view("cpu"), std::string_view("samples")})
    if (const std::optional<std::size_t> index = sample_type_index(name)) return index;
  if (!default_sample_type.empty())
    if (const std::optional<std::size_t> index = sample_type_index(default_sample_type))
      return index;
  if (sample_types.empty()) return std::nullopt;
  return sample_types.size() - 1;
}

std::string ReadProfile::sample_type_names() const {
  std::string names;
  for (const ValueType& type : sample_types) {
    if (!names.empty()) names += ", ";
    names += type.type;
  }
  return names;
}

std::optional<ReadProfile> read_profile(std::string_view bytes, std::string& error) {
  std::optional<std::string> inflated;
  if (is_gzip(bytes)) {
    inflated = gunzip(bytes, error);
    if (!inflated) return std::nullopt;
    bytes = *inflated;
  }
  if (bytes.empty()) {
    error = "not a pprof profile: it is empty";
    return std::nullopt;
  }
  try {
    return Decoder(bytes).decode();
  } catch (const ProtobufError& failure) {
    const std::string what = failure.what();
    error = what.rfind("truncated pprof profile", 0) == 0 ? what : "not a pprof profile: " + what;
    return std::nullopt;
  }
}

std::optional<ReadProfile> read_profile_file(const std::string& path, std::string& error) {
  const std::optional<std::string> bytes = detail::read_input_file(path, error);
  if (!bytes) return std::nullopt;
  std::optional<ReadProfile> profile = read_profile(*bytes, error);
  if (!profile) error = path + ": " + error;
  return profile;
}

}  // namespace hotpath::pprof
