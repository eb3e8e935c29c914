// Protocol buffers' wire format, read: a message as its fields, one at a time, with
// what profile.proto needs (varints, length-delimited strings and messages, packed
// repeated integers). Fixed-size fields are skipped over; groups are refused.
#ifndef HOTPATH_PPROF_PROTOBUF_READER_HPP
#define HOTPATH_PPROF_PROTOBUF_READER_HPP

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace hotpath::pprof {

/// Malformed wire bytes: what is wrong, and at which byte of the outermost message.
class ProtobufError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One field of a message.
struct ProtobufField {
  std::uint32_t number = 0;   ///< the field's number in its message
  bool is_bytes = false;      ///< length-delimited (a string, bytes, a message, packed)
  std::uint64_t integer = 0;  ///< a varint's value (or a fixed-size field's)
  std::string_view bytes;     ///< a length-delimited field's bytes, inside the message
};

/// Reads the fields of one message in order, without copying.
///
///     ProtobufReader reader(bytes);
///     for (ProtobufField field; reader.next(field);) ...
class ProtobufReader {
 public:
  /// `offset` is where `message` starts in the outermost message, for errors.
  explicit ProtobufReader(std::string_view message, std::size_t offset = 0)
      : message_(message), offset_(offset) {}

  /// The next field; false at the end of the message. Throws ProtobufError when the
  /// bytes are not a message (truncated, a wire type that does not exist, a group).
  bool next(ProtobufField& field);

  /// Where the last field read starts in the outermost message.
  std::size_t field_offset() const noexcept { return field_offset_; }

 private:
  std::uint64_t varint();

  std::string_view message_;
  std::size_t offset_ = 0;
  std::size_t at_ = 0;
  std::size_t field_offset_ = 0;
};

/// The values of a repeated integer field, packed (one length-delimited field) or
/// not (`field` is one varint): appended to `values`.
void append_integers(const ProtobufField& field, std::vector<std::uint64_t>& values);

/// Every field of `message`, in order (tests and small messages).
std::vector<ProtobufField> read_fields(std::string_view message);

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_PROTOBUF_READER_HPP
