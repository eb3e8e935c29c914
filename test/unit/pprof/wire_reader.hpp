// The tests' view of protocol buffers' wire format: a message as its fields, in order,
// each an integer or bytes (copied, so that they outlive the message). The reading is
// the library's own (protobuf_reader.hpp, gunzip.hpp); this only shapes it for tests.
#ifndef HOTPATH_TEST_UNIT_PPROF_WIRE_READER_HPP
#define HOTPATH_TEST_UNIT_PPROF_WIRE_READER_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hotpath::pprof::test {

struct WireField {
  std::uint32_t number = 0;
  bool is_bytes = false;
  std::uint64_t integer = 0;  ///< a varint field's value
  std::string bytes;          ///< a length-delimited field's bytes
};

/// The fields of `message`; throws std::runtime_error on malformed input.
std::vector<WireField> read_message(std::string_view message);

/// The fields numbered `number`.
std::vector<WireField> fields(const std::vector<WireField>& message, std::uint32_t number);

/// A packed repeated integer field's values.
std::vector<std::uint64_t> packed_values(std::string_view bytes);

/// `data` inflated from gzip; throws std::runtime_error when it is not a gzip stream.
std::string gunzip(std::string_view data);

}  // namespace hotpath::pprof::test

#endif  // HOTPATH_TEST_UNIT_PPROF_WIRE_READER_HPP
