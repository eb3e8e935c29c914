// Frame colors: each palette is a range of red, green and blue values, and a frame's
// place in that range comes from a hash of its name, so that one function keeps one
// color everywhere in a graph (and, with a fixed seed, across graphs).
#ifndef HOTPATH_FLAMEGRAPH_PALETTE_HPP
#define HOTPATH_FLAMEGRAPH_PALETTE_HPP

#include <cstdint>
#include <string_view>

#include "options.hpp"

namespace hotpath::flamegraph {

/// An sRGB color, 0-255 per channel.
struct Rgb {
  std::uint8_t red = 0;
  std::uint8_t green = 0;
  std::uint8_t blue = 0;
};

/// 64-bit FNV-1a of `text`: the same value in every build and run, unlike std::hash.
std::uint64_t stable_hash(std::string_view text) noexcept;

/// The seed for one render: 0 when `deterministic`, otherwise a value that differs from
/// one call to the next.
std::uint64_t color_seed(bool deterministic) noexcept;

/// The color of the frame `name` in `palette`. With seed 0 it depends only on the name.
Rgb frame_color(Palette palette, std::string_view name, std::uint64_t seed) noexcept;

/// The fill of frames that match a search: a magenta none of the palettes produces.
inline constexpr Rgb kSearchColor{230, 0, 230};

/// A frame of a differential flame graph whose value did not change.
inline constexpr Rgb kUnchangedColor{255, 255, 255};
/// A frame only in the profile after the change: redder than any change.
inline constexpr Rgb kNewFrameColor{255, 0, 0};
/// A frame only in the profile before the change (drawn when the graph shows it):
/// bluer than any change.
inline constexpr Rgb kRemovedFrameColor{0, 0, 255};

/// The fill of a frame of a differential flame graph whose value changed by `change`
/// (after less before): red when it grew, blue when it shrank, white when unchanged,
/// the other two channels going from 255 down to 45 in proportion to |change| /
/// `full_change` (capped at 1). White when `full_change` is not positive.
///
///     change_color(+40, 40) == Rgb{255, 45, 45};  change_color(-20, 40) == Rgb{150, 150, 255}
Rgb change_color(double change, double full_change) noexcept;

}  // namespace hotpath::flamegraph

#endif  // HOTPATH_FLAMEGRAPH_PALETTE_HPP
