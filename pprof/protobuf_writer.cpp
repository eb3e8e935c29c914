// Protocol buffers' wire format (protobuf_writer.hpp).
#include "protobuf_writer.hpp"

namespace hotpath::pprof {
namespace {

constexpr unsigned kVarint = 0;
constexpr unsigned kLengthDelimited = 2;

}  // namespace

void ProtobufWriter::varint(std::uint64_t value) {
  while (value >= 0x80) {
    data_.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  data_.push_back(static_cast<char>(value));
}

void ProtobufWriter::tag(std::uint32_t field, unsigned wire_type) {
  varint((std::uint64_t{field} << 3) | wire_type);
}

void ProtobufWriter::integer(std::uint32_t field, std::uint64_t value) {
  tag(field, kVarint);
  varint(value);
}

void ProtobufWriter::bytes(std::uint32_t field, std::string_view value) {
  tag(field, kLengthDelimited);
  varint(value.size());
  data_.append(value.data(), value.size());
}

void ProtobufWriter::packed(std::uint32_t field, const std::vector<std::uint64_t>& values) {
  if (values.empty()) return;
  ProtobufWriter payload;
  for (std::uint64_t value : values) payload.varint(value);
  bytes(field, payload.data_);
}

}  // namespace hotpath::pprof
