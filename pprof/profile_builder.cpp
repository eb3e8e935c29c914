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
// message Location
constexpr std::uint32_t kLocationId = 1;
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

std::uint64_t ProfileBuilder::location_of(const FunctionKey& function) {
  if (const auto known = locations_.find(function); known != locations_.end()) return known->second;
  string_index(function.name);
  string_index(function.file);
  functions_.push_back(function);
  const std::uint64_t id = functions_.size();
  locations_.emplace(function, id);
  return id;
}

void ProfileBuilder::add_sample(std::vector<std::uint64_t> stack,
                                std::vector<std::int64_t> values) {
  if (values.size() != sample_types_.size())
    throw std::invalid_argument("a sample needs one value per sample type");
  samples_.push_back(Sample{std::move(stack), std::move(values)});
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
    profile.message(kSample, message);
  }
  // One location per function, with the same id: a frame names a function.
  for (std::uint64_t id = 1; id <= functions_.size(); ++id) {
    const FunctionKey& function = functions_[id - 1];
    ProtobufWriter line;
    line.integer(kLineFunctionId, id);
    line.integer(kLineLine, as_varint(function.start_line));
    ProtobufWriter location;
    location.integer(kLocationId, id);
    location.message(kLocationLine, line);
    profile.message(kLocation, location);
  }
  for (std::uint64_t id = 1; id <= functions_.size(); ++id) {
    const FunctionKey& function = functions_[id - 1];
    ProtobufWriter message;
    message.integer(kFunctionId, id);
    message.integer(kFunctionName, index_of(function.name));
    message.integer(kFunctionSystemName, index_of(function.name));
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
