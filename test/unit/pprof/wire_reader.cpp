// The tests' wire-format view (wire_reader.hpp), on the library's reader.
#include "wire_reader.hpp"

#include <optional>
#include <stdexcept>

#include "gunzip.hpp"
#include "protobuf_reader.hpp"

namespace hotpath::pprof::test {

std::vector<WireField> read_message(std::string_view message) {
  std::vector<WireField> result;
  for (const ProtobufField& field : read_fields(message))
    result.push_back({field.number, field.is_bytes, field.integer, std::string(field.bytes)});
  return result;
}

std::vector<WireField> fields(const std::vector<WireField>& message, std::uint32_t number) {
  std::vector<WireField> result;
  for (const WireField& field : message) {
    if (field.number == number) result.push_back(field);
  }
  return result;
}

std::vector<std::uint64_t> packed_values(std::string_view bytes) {
  ProtobufField field;
  field.is_bytes = true;
  field.bytes = bytes;
  std::vector<std::uint64_t> values;
  append_integers(field, values);
  return values;
}

std::string gunzip(std::string_view data) {
  std::string error;
  std::optional<std::string> inflated = pprof::gunzip(data, error);
  if (!inflated) throw std::runtime_error(error);
  return *inflated;
}

}  // namespace hotpath::pprof::test
