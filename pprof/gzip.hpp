// gzip compression (RFC 1952), as pprof's files are stored.
#ifndef HOTPATH_PPROF_GZIP_HPP
#define HOTPATH_PPROF_GZIP_HPP

#include <string>
#include <string_view>

namespace hotpath::pprof {

/// `data` compressed in the gzip format. Throws std::runtime_error when zlib fails
/// (out of memory).
std::string gzip(std::string_view data);

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_GZIP_HPP
