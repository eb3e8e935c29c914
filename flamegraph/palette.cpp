// Palettes as channel ranges, and the hashing that places a frame name in them.
#include "palette.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <optional>
#include <utility>

namespace hotpath::flamegraph {
namespace {

// One channel of a palette: base + span * variate, where the variate (0, 1 or 2) is one
// of three numbers in [0, 1] drawn from the name's hash. Channels that share a variate
// move together, which keeps single-hue palettes on one hue and varies only the shade.
struct Channel {
  unsigned char base;
  unsigned char span;
  unsigned char variate;
};

struct PaletteRanges {
  Channel red;
  Channel green;
  Channel blue;
};

constexpr PaletteRanges ranges(Palette palette) {
  switch (palette) {
    case Palette::Hot:
      return {{205, 50, 0}, {30, 170, 1}, {0, 55, 2}};
    case Palette::Mem:
      return {{0, 70, 2}, {165, 75, 0}, {30, 90, 1}};
    case Palette::Io:
      return {{50, 80, 1}, {100, 90, 1}, {200, 55, 0}};
    case Palette::Red:
      return {{200, 55, 0}, {50, 80, 1}, {50, 80, 1}};
    case Palette::Green:
      return {{50, 80, 1}, {190, 65, 0}, {50, 80, 1}};
    case Palette::Blue:
      return {{80, 80, 1}, {80, 80, 1}, {205, 50, 0}};
    case Palette::Aqua:
      return {{40, 70, 1}, {165, 65, 0}, {165, 65, 0}};
    case Palette::Yellow:
      return {{175, 60, 0}, {175, 60, 0}, {40, 40, 1}};
    case Palette::Purple:
      return {{150, 60, 0}, {70, 70, 1}, {190, 65, 0}};
    case Palette::Orange:
      return {{200, 55, 0}, {90, 70, 1}, {0, 50, 2}};
  }
  return ranges(Palette::Hot);
}

constexpr std::array<std::pair<std::string_view, Palette>, 10> kNames{{
    {"hot", Palette::Hot},
    {"mem", Palette::Mem},
    {"io", Palette::Io},
    {"red", Palette::Red},
    {"green", Palette::Green},
    {"blue", Palette::Blue},
    {"aqua", Palette::Aqua},
    {"yellow", Palette::Yellow},
    {"purple", Palette::Purple},
    {"orange", Palette::Orange},
}};

// FNV-1a alone spreads similar names (`work1`, `work2`) poorly over the low bits; a
// finalizer with full avalanche fixes that.
std::uint64_t mix(std::uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

std::uint8_t channel_value(const Channel& channel, const std::array<double, 3>& variates) {
  return static_cast<std::uint8_t>(channel.base + channel.span * variates[channel.variate]);
}

}  // namespace

std::optional<Palette> parse_palette(std::string_view name) {
  for (const auto& [palette_name, palette] : kNames)
    if (palette_name == name) return palette;
  return std::nullopt;
}

std::uint64_t stable_hash(std::string_view text) noexcept {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::uint64_t color_seed(bool deterministic) noexcept {
  if (deterministic) return 0;
  // Not a secret, only a different look per render: the clock and a counter suffice.
  static std::atomic<std::uint64_t> calls{0};
  const auto now =
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return mix(now + 0x9e3779b97f4a7c15ULL * ++calls) | 1;
}

Rgb frame_color(Palette palette, std::string_view name, std::uint64_t seed) noexcept {
  const std::uint64_t hash = mix(stable_hash(name) ^ seed);
  std::array<double, 3> variates{};
  for (std::size_t i = 0; i < variates.size(); ++i)
    variates[i] = static_cast<double>((hash >> (16 * i)) & 0xffff) / 65535.0;
  const PaletteRanges channels = ranges(palette);
  return {channel_value(channels.red, variates), channel_value(channels.green, variates),
          channel_value(channels.blue, variates)};
}

Rgb change_color(double change, double full_change) noexcept {
  if (!(full_change > 0) || change == 0 || std::isnan(change)) return kUnchangedColor;
  // 45, not 0, at a full change: black labels stay readable, and new and removed
  // frames (0) stay deeper than any change.
  constexpr double kDeepest = 45;
  const double share = std::min(1.0, std::fabs(change) / full_change);
  const auto faded = static_cast<std::uint8_t>(std::lround(255 - (255 - kDeepest) * share));
  if (change > 0) return {255, faded, faded};
  return {faded, faded, 255};
}

}  // namespace hotpath::flamegraph
