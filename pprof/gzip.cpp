// gzip compression with zlib (gzip.hpp).
#include "gzip.hpp"

#include <zlib.h>

#include <stdexcept>
#include <string>

namespace hotpath::pprof {

std::string gzip(std::string_view data) {
  if (data.size() > 0xffffffffu) throw std::runtime_error("the profile is over 4 GiB");
  z_stream stream{};
  // 15 window bits, plus 16: a gzip header and trailer instead of zlib's.
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) !=
      Z_OK)
    throw std::runtime_error("zlib could not start compressing");
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  const uLong written = stream.total_out;
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib could not compress the profile");
  out.resize(written);
  return out;
}

}  // namespace hotpath::pprof
