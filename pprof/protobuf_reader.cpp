// Protocol buffers' wire format, read (protobuf_reader.hpp).
#include "protobuf_reader.hpp"

#include <string>

namespace hotpath::pprof {
namespace {

constexpr unsigned kVarint = 0;
constexpr unsigned kFixed64 = 1;
constexpr unsigned kLengthDelimited = 2;
constexpr unsigned kFixed32 = 5;

std::uint64_t read_varint(std::string_view data, std::size_t& at, std::size_t offset) {
  std::uint64_t value = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    if (at >= data.size())
      throw ProtobufError("truncated: a number runs past the end, at byte " +
                          std::to_string(offset + at));
    const auto byte = static_cast<unsigned char>(data[at++]);
    value |= std::uint64_t{byte & 0x7fu} << shift;
    if ((byte & 0x80u) == 0) return value;
  }
  throw ProtobufError("a number longer than ten bytes at byte " + std::to_string(offset + at));
}

}  // namespace

std::uint64_t ProtobufReader::varint() { return read_varint(message_, at_, offset_); }

bool ProtobufReader::next(ProtobufField& field) {
  if (at_ >= message_.size()) return false;
  field_offset_ = offset_ + at_;
  const std::uint64_t tag = varint();
  field = ProtobufField{};
  field.number = static_cast<std::uint32_t>(tag >> 3);
  if (field.number == 0 || (tag >> 3) > 0x1fffffff)
    throw ProtobufError("field number " + std::to_string(tag >> 3) + " at byte " +
                        std::to_string(field_offset_) + " is not a valid one");
  const std::size_t size = message_.size();
  switch (tag & 7) {
    case kVarint:
      field.integer = varint();
      return true;
    case kLengthDelimited: {
      const std::uint64_t length = varint();
      if (length > size - at_)
        throw ProtobufError("truncated: field " + std::to_string(field.number) + " at byte " +
                            std::to_string(field_offset_) + " says " + std::to_string(length) +
                            " bytes, " + std::to_string(size - at_) + " are left");
      field.is_bytes = true;
      field.bytes = message_.substr(at_, static_cast<std::size_t>(length));
      at_ += static_cast<std::size_t>(length);
      return true;
    }
    case kFixed64:
    case kFixed32: {
      const std::size_t width = (tag & 7) == kFixed64 ? 8 : 4;
      if (width > size - at_)
        throw ProtobufError("truncated: field " + std::to_string(field.number) + " at byte " +
                            std::to_string(field_offset_) + " runs past the end");
      for (std::size_t i = 0; i < width; ++i)
        field.integer |= std::uint64_t{static_cast<unsigned char>(message_[at_ + i])} << (8 * i);
      at_ += width;
      return true;
    }
    default:
      throw ProtobufError("wire type " + std::to_string(tag & 7) + " of field " +
                          std::to_string(field.number) + " at byte " +
                          std::to_string(field_offset_) + " is not one protobuf writes");
  }
}

void append_integers(const ProtobufField& field, std::vector<std::uint64_t>& values) {
  if (!field.is_bytes) {
    values.push_back(field.integer);
    return;
  }
  std::size_t at = 0;
  while (at < field.bytes.size()) values.push_back(read_varint(field.bytes, at, 0));
}

std::vector<ProtobufField> read_fields(std::string_view message) {
  std::vector<ProtobufField> fields;
  ProtobufReader reader(message);
  for (ProtobufField field; reader.next(field);) fields.push_back(field);
  return fields;
}

}  // namespace hotpath::pprof
