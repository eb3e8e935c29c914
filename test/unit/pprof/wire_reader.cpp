// The tests' wire-format reader (wire_reader.hpp).
#include "wire_reader.hpp"

#include <zlib.h>

#include <stdexcept>

namespace hotpath::pprof::test {
namespace {

std::uint64_t read_varint(std::string_view data, std::size_t& at) {
  std::uint64_t value = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    if (at >= data.size()) throw std::runtime_error("truncated varint");
    const auto byte = static_cast<unsigned char>(data[at++]);
    value |= std::uint64_t{byte & 0x7fu} << shift;
    if ((byte & 0x80u) == 0) return value;
  }
  throw std::runtime_error("varint longer than ten bytes");
}

}  // namespace

std::vector<WireField> read_message(std::string_view message) {
  std::vector<WireField> result;
  std::size_t at = 0;
  while (at < message.size()) {
    const std::uint64_t tag = read_varint(message, at);
    WireField field;
    field.number = static_cast<std::uint32_t>(tag >> 3);
    switch (tag & 7) {
      case 0:
        field.integer = read_varint(message, at);
        break;
      case 2: {
        const std::uint64_t length = read_varint(message, at);
        if (length > message.size() - at) throw std::runtime_error("truncated field");
        field.is_bytes = true;
        field.bytes = std::string(message.substr(at, length));
        at += length;
        break;
      }
      default:
        throw std::runtime_error("unexpected wire type");
    }
    result.push_back(std::move(field));
  }
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
  std::vector<std::uint64_t> values;
  std::size_t at = 0;
  while (at < bytes.size()) values.push_back(read_varint(bytes, at));
  return values;
}

std::string gunzip(std::string_view data) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) throw std::runtime_error("inflateInit2");
  std::string out;
  char buffer[4096];
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    status = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - stream.avail_out);
  }
  inflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("not a whole gzip stream");
  return out;
}

}  // namespace hotpath::pprof::test
