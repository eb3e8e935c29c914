// Building and writing a pprof profile (profile_builder.hpp). Field numbers are
// profile.proto's.
#include "profile_builder.hpp"

#include <stdexcept>
#include <utility>

#include "protobuf_writer.hpp"

namespace hotpath::pprof {
namespace {

// message Profile
constexpr std::uint32_t kSampleType = 1;
constexpr std::uint32_t kSample = 2;
constexpr std::uint32_t kMapping = 3;
constexpr std::uint32_t kLocation = 4;
constexpr std::uint32_t kFunction = 5;
constexpr std::uint32_t kStringTable = 6;
constexpr std::uint32_t kTimeNanos = 9;
constexpr std::uint32_t kDurationNanos = 10;
constexpr std::uint32_t kPeriodType = 11;
constexpr std::uint32_t kPeriod = 12;
constexpr std::uint32_t kComment = 13;
constexpr std::uint32_t kDefaultSampleType = 14;
// message ValueType
constexpr std::uint32_t kValueTypeType = 1;
constexpr std::uint32_t kValueTypeUnit = 2;
// message Sample
constexpr std::uint32_t kSampleLocationId = 1;
constexpr std::uint32_t kSampleValue = 2;
constexpr std::uint32_t kSampleLabel = 3;
// message Label
constexpr std::uint32_t kLabelKey = 1;
constexpr std::uint32_t kLabelStr = 2;
// message Mapping
constexpr std::uint32_t kMappingId = 1;
constexpr std::uint32_t kMappingStart = 2;
constexpr std::uint32_t kMappingLimit = 3;
constexpr std::uint32_t kMappingOffset = 4;
constexpr std::uint32_t kMappingFilename = 5;
constexpr std::uint32_t kMappingBuildId = 6;
constexpr std::uint32_t kMappingHasFunctions = 7;
constexpr std::uint32_t kMappingHasFilenames = 8;
constexpr std::uint32_t kMappingHasLineNumbers = 9;
constexpr std::uint32_t kMappingHasInlineFrames = 10;
// message Location
constexpr std::uint32_t kLocationId = 1;
constexpr std::uint32_t kLocationMappingId = 2;
constexpr std::uint32_t kLocationAddress = 3;
constexpr std::uint32_t kLocationLine = 4;
// message Line
constexpr std::uint32_t kLineFunctionId = 1;
constexpr std::uint32_t kLineLine = 2;
// message Function
constexpr std::uint32_t kFunctionId = 1;
constexpr std::uint32_t kFunctionName = 2;
constexpr std::uint32_t kFunctionSystemName = 3;
constexpr std::uint32_t kFunctionFilename = 4;
constexpr std::uint32_t kFunctionStartLine = 5;

std::uint64_t as_varint(std::int64_t value) { return static_cast<std::uint64_t>(value); }

}  // namespace

ProfileBuilder::ProfileBuilder(std::vector<ValueType> sample_types)
    : sample_types_(std::move(sample_types)) {
  for (const ValueType& type : sample_types_) {
    string_index(type.type);
    string_index(type.unit);
  }
}

void ProfileBuilder::set_period(ValueType type, std::int64_t period) {
  period_type_ = std::move(type);
  period_ = period;
  string_index(period_type_.type);
  string_index(period_type_.unit);
}

void ProfileBuilder::set_time(std::int64_t time_nanos, std::int64_t duration_nanos) {
  time_nanos_ = time_nanos;
  duration_nanos_ = duration_nanos;
}

void ProfileBuilder::set_default_sample_type(std::string_view type) {
  default_sample_type_ = std::string(type);
  string_index(type);
}

void ProfileBuilder::add_comment(std::string_view comment) {
  comments_.emplace_back(comment);
  string_index(comment);
}

std::int64_t ProfileBuilder::string_index(std::string_view text) {
  if (const auto known = string_ids_.find(text); known != string_ids_.end()) return known->second;
  const auto index = static_cast<std::int64_t>(strings_.size());
  strings_.emplace_back(text);
  string_ids_.emplace(std::string(text), index);
  return index;
}

std::uint64_t ProfileBuilder::function_id(const FunctionKey& function) {
  if (const auto known = function_ids_.find(function); known != function_ids_.end())
    return known->second;
  string_index(function.name);
  string_index(function.system_name);
  string_index(function.file);
  functions_.push_back(function);
  const std::uint64_t id = functions_.size();
  function_ids_.emplace(function, id);
  return id;
}

std::uint64_t ProfileBuilder::location_of(const FunctionKey& function) {
  if (const auto known = function_locations_.find(function); known != function_locations_.end())
    return known->second;
  locations_.push_back(Location{0, 0, {LineIds{function_id(function), function.start_line}}});
  const std::uint64_t id = locations_.size();
  function_locations_.emplace(function, id);
  return id;
}

std::uint64_t ProfileBuilder::add_mapping(Mapping mapping) {
  string_index(mapping.file);
  string_index(mapping.build_id);
  mappings_.push_back(std::move(mapping));
  return mappings_.size();
}

std::uint64_t ProfileBuilder::add_native_location(std::uint64_t address, std::uint64_t mapping_id,
                                                  const std::vector<Line>& lines) {
  if (mapping_id > mappings_.size()) throw std::invalid_argument("a location names no mapping");
  Location location{address, mapping_id, {}};
  for (const Line& line : lines) location.lines.push_back({function_id(line.function), line.line});
  locations_.push_back(std::move(location));
  return locations_.size();
}

void ProfileBuilder::add_sample(std::vector<std::uint64_t> stack, std::vector<std::int64_t> values,
                                std::vector<Label> labels) {
  if (values.size() != sample_types_.size())
    throw std::invalid_argument("a sample needs one value per sample type");
  for (const Label& label : labels) {
    string_index(label.key);
    string_index(label.value);
  }
  samples_.push_back(Sample{std::move(stack), std::move(values), std::move(labels)});
}

std::string ProfileBuilder::serialize() const {
  // The string table is complete: every string was interned as it was given.
  const auto index_of = [this](std::string_view text) -> std::uint64_t {
    return as_varint(string_ids_.find(text)->second);
  };
  const auto value_type = [&](const ValueType& type) {
    ProtobufWriter message;
    message.integer(kValueTypeType, index_of(type.type));
    message.integer(kValueTypeUnit, index_of(type.unit));
    return message;
  };
  ProtobufWriter profile;
  for (const ValueType& type : sample_types_) profile.message(kSampleType, value_type(type));
  for (const Sample& sample : samples_) {
    ProtobufWriter message;
    message.packed(kSampleLocationId, sample.stack);
    std::vector<std::uint64_t> values;
    for (std::int64_t value : sample.values) values.push_back(as_varint(value));
    message.packed(kSampleValue, values);
    for (const Label& label : sample.labels) {
      ProtobufWriter text;
      text.integer(kLabelKey, index_of(label.key));
      text.integer(kLabelStr, index_of(label.value));
      message.message(kSampleLabel, text);
    }
    profile.message(kSample, message);
  }
  for (std::uint64_t id = 1; id <= mappings_.size(); ++id) {
    const Mapping& mapping = mappings_[id - 1];
    ProtobufWriter message;
    message.integer(kMappingId, id);
    message.integer(kMappingStart, mapping.start);
    message.integer(kMappingLimit, mapping.limit);
    message.integer(kMappingOffset, mapping.file_offset);
    message.integer(kMappingFilename, index_of(mapping.file));
    message.integer(kMappingBuildId, index_of(mapping.build_id));
    // Every location is symbolized already: viewers look nothing up.
    message.integer(kMappingHasFunctions, 1);
    message.integer(kMappingHasFilenames, 1);
    message.integer(kMappingHasLineNumbers, 1);
    message.integer(kMappingHasInlineFrames, 1);
    profile.message(kMapping, message);
  }
  for (std::uint64_t id = 1; id <= locations_.size(); ++id) {
    const Location& location = locations_[id - 1];
    ProtobufWriter message;
    message.integer(kLocationId, id);
    if (location.mapping_id != 0) message.integer(kLocationMappingId, location.mapping_id);
    if (location.address != 0) message.integer(kLocationAddress, location.address);
    for (const LineIds& line_ids : location.lines) {
      ProtobufWriter line;
      line.integer(kLineFunctionId, line_ids.function_id);
      line.integer(kLineLine, as_varint(line_ids.line));
      message.message(kLocationLine, line);
    }
    profile.message(kLocation, message);
  }
  for (std::uint64_t id = 1; id <= functions_.size(); ++id) {
    const FunctionKey& function = functions_[id - 1];
    ProtobufWriter message;
    message.integer(kFunctionId, id);
    message.integer(kFunctionName, index_of(function.name));
    message.integer(kFunctionSystemName,
                    index_of(function.system_name.empty() ? function.name : function.system_name));
    message.integer(kFunctionFilename, index_of(function.file));
    message.integer(kFunctionStartLine, as_varint(function.start_line));
    profile.message(kFunction, message);
  }
  for (const std::string& text : strings_) profile.bytes(kStringTable, text);
  if (time_nanos_ != 0) profile.integer(kTimeNanos, as_varint(time_nanos_));
  if (duration_nanos_ != 0) profile.integer(kDurationNanos, as_varint(duration_nanos_));
  if (!period_type_.type.empty()) profile.message(kPeriodType, value_type(period_type_));
  if (period_ != 0) profile.integer(kPeriod, as_varint(period_));
  for (const std::string& comment : comments_) profile.integer(kComment, index_of(comment));
  if (!default_sample_type_.empty())
    profile.integer(kDefaultSampleType, index_of(default_sample_type_));
  return profile.data();
}

}  // namespace hotpath::pprof
