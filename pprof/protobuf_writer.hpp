// Protocol buffers' wire format, written: what profile.proto needs (varints,
// length-delimited strings and messages, packed repeated integers).
#ifndef HOTPATH_PPROF_PROTOBUF_WRITER_HPP
#define HOTPATH_PPROF_PROTOBUF_WRITER_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hotpath::pprof {

/// One message's bytes, field by field. A field equal to its default (0, empty)
/// is written only when the caller writes it: proto3 readers take a missing field
/// as its default either way.
class ProtobufWriter {
 public:
  /// An integer field (int64, uint64 or bool; negative int64 values take ten bytes).
  void integer(std::uint32_t field, std::uint64_t value);
  /// A string or bytes field.
  void bytes(std::uint32_t field, std::string_view value);
  /// An embedded message field.
  void message(std::uint32_t field, const ProtobufWriter& message) { bytes(field, message.data_); }
  /// A packed repeated integer field; nothing when `values` is empty.
  void packed(std::uint32_t field, const std::vector<std::uint64_t>& values);

  const std::string& data() const noexcept { return data_; }

 private:
  void varint(std::uint64_t value);
  void tag(std::uint32_t field, unsigned wire_type);

  std::string data_;
};

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_PROTOBUF_WRITER_HPP
