// gzip decompression with zlib (gunzip.hpp).
#include "gunzip.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstddef>

namespace hotpath::pprof {

bool is_gzip(std::string_view data) noexcept {
  return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
         static_cast<unsigned char>(data[1]) == 0x8b;
}

std::optional<std::string> gunzip(std::string_view data, std::string& error) {
  std::string out;
  char buffer[65536];
  std::size_t at = 0;
  // One member per turn: files written by `cat a.gz b.gz` hold several.
  do {
    z_stream stream{};
    // 15 window bits, plus 16: a gzip header and trailer instead of zlib's.
    if (inflateInit2(&stream, 15 + 16) != Z_OK) {
      error = "zlib could not start decompressing";
      return std::nullopt;
    }
    int status = Z_OK;
    while (status == Z_OK) {
      const std::size_t chunk = std::min<std::size_t>(data.size() - at, 1u << 30);
      stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + at));
      stream.avail_in = static_cast<uInt>(chunk);
      stream.next_out = reinterpret_cast<Bytef*>(buffer);
      stream.avail_out = sizeof buffer;
      status = inflate(&stream, Z_NO_FLUSH);
      at += chunk - stream.avail_in;
      out.append(buffer, sizeof buffer - stream.avail_out);
      if (status == Z_BUF_ERROR && at < data.size()) status = Z_OK;
    }
    const std::string reason = stream.msg ? stream.msg : "";
    inflateEnd(&stream);
    if (status == Z_BUF_ERROR) {
      error = "truncated gzip data";
      return std::nullopt;
    }
    if (status != Z_STREAM_END) {
      error = "corrupt gzip data" + (reason.empty() ? std::string() : ": " + reason);
      return std::nullopt;
    }
  } while (at < data.size() && is_gzip(data.substr(at)));
  return out;
}

}  // namespace hotpath::pprof
