// gzip decompression (RFC 1952), for reading pprof's files back.
#ifndef HOTPATH_PPROF_GUNZIP_HPP
#define HOTPATH_PPROF_GUNZIP_HPP

#include <optional>
#include <string>
#include <string_view>

namespace hotpath::pprof {

/// True when `data` starts with gzip's magic bytes (1f 8b).
bool is_gzip(std::string_view data) noexcept;

/// `data` inflated; std::nullopt with `error` ("truncated gzip data", "corrupt gzip
/// data: <zlib's reason>") when it is not a whole gzip stream. Concatenated members are
/// read one after the other, as gunzip does.
std::optional<std::string> gunzip(std::string_view data, std::string& error);

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_GUNZIP_HPP
