// A hash for integer keys made of several fields, such as (caller << 32 | callee).
#ifndef HOTPATH_RUNTIME_MIXED_HASH_HPP
#define HOTPATH_RUNTIME_MIXED_HASH_HPP

#include <cstddef>
#include <cstdint>

namespace hotpath::detail {

/// Spreads every bit of a 64-bit key over the whole hash (a multiply-xorshift
/// finalizer). tsl::robin_map picks a bucket from the low bits of the hash, and
/// std::hash of an integer is the integer itself: keys that differ only in their
/// high half would all fall in the same few buckets, and each lookup would walk them.
struct MixedHash {
  std::size_t operator()(std::uint64_t key) const noexcept {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    key *= 0xc4ceb9fe1a85ec53ull;
    key ^= key >> 33;
    return static_cast<std::size_t>(key);
  }
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_MIXED_HASH_HPP
