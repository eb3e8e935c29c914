// Palette names, the stable hash and the colors each palette produces.
#include "palette.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace hotpath::flamegraph {
namespace {

std::vector<std::string> some_names() {
  std::vector<std::string> names = {"main", "std::vector<int>::push_back(int const&)", "a", ""};
  for (int i = 0; i < 200; ++i) names.push_back("function_" + std::to_string(i));
  return names;
}

TEST(Palette, ParsesTheLowercaseNames) {
  EXPECT_EQ(parse_palette("hot"), Palette::Hot);
  EXPECT_EQ(parse_palette("mem"), Palette::Mem);
  EXPECT_EQ(parse_palette("io"), Palette::Io);
  EXPECT_EQ(parse_palette("red"), Palette::Red);
  EXPECT_EQ(parse_palette("green"), Palette::Green);
  EXPECT_EQ(parse_palette("blue"), Palette::Blue);
  EXPECT_EQ(parse_palette("aqua"), Palette::Aqua);
  EXPECT_EQ(parse_palette("yellow"), Palette::Yellow);
  EXPECT_EQ(parse_palette("purple"), Palette::Purple);
  EXPECT_EQ(parse_palette("orange"), Palette::Orange);
  EXPECT_EQ(parse_palette("Hot"), std::nullopt);
  EXPECT_EQ(parse_palette(""), std::nullopt);
  EXPECT_EQ(parse_palette("java"), std::nullopt);
}

TEST(Palette, StableHashIsFnv1a) {
  EXPECT_EQ(stable_hash(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(stable_hash("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(stable_hash("foobar"), 0x85944171f73967e8ULL);
}

TEST(Palette, DeterministicSeedIsZeroAndOthersDiffer) {
  EXPECT_EQ(color_seed(true), 0U);
  const std::uint64_t first = color_seed(false);
  const std::uint64_t second = color_seed(false);
  EXPECT_NE(first, 0U);
  EXPECT_NE(first, second);
}

TEST(Palette, AColorDependsOnlyOnTheNameAndSeed) {
  const Rgb a = frame_color(Palette::Hot, "main", 0);
  const Rgb b = frame_color(Palette::Hot, std::string("ma") + "in", 0);
  EXPECT_EQ(a.red, b.red);
  EXPECT_EQ(a.green, b.green);
  EXPECT_EQ(a.blue, b.blue);
  int differing = 0;
  for (const std::string& name : some_names()) {
    const Rgb seeded = frame_color(Palette::Hot, name, 12345);
    const Rgb plain = frame_color(Palette::Hot, name, 0);
    differing += seeded.red != plain.red || seeded.green != plain.green;
  }
  EXPECT_GT(differing, 150);
}

TEST(Palette, HotIsWarm) {
  for (const std::string& name : some_names()) {
    const Rgb color = frame_color(Palette::Hot, name, 0);
    EXPECT_GE(color.red, 205) << name;
    EXPECT_LE(color.green, 200) << name;
    EXPECT_LE(color.blue, 55) << name;
  }
}

TEST(Palette, MemIsGreenAndIoIsBlue) {
  for (const std::string& name : some_names()) {
    const Rgb mem = frame_color(Palette::Mem, name, 0);
    EXPECT_GT(mem.green, mem.red) << name;
    EXPECT_GT(mem.green, mem.blue) << name;
    const Rgb io = frame_color(Palette::Io, name, 0);
    EXPECT_GT(io.blue, io.red) << name;
    EXPECT_GT(io.blue, io.green) << name;
  }
}

TEST(Palette, SingleHuePalettesKeepTheirHue) {
  for (const std::string& name : some_names()) {
    const Rgb red = frame_color(Palette::Red, name, 0);
    EXPECT_GT(red.red, red.green + 60) << name;
    EXPECT_EQ(red.green, red.blue) << name;
    const Rgb green = frame_color(Palette::Green, name, 0);
    EXPECT_GT(green.green, green.red + 50) << name;
    const Rgb blue = frame_color(Palette::Blue, name, 0);
    EXPECT_GT(blue.blue, blue.red + 40) << name;
    const Rgb aqua = frame_color(Palette::Aqua, name, 0);
    EXPECT_EQ(aqua.green, aqua.blue) << name;
    EXPECT_GT(aqua.green, aqua.red + 50) << name;
    const Rgb yellow = frame_color(Palette::Yellow, name, 0);
    EXPECT_EQ(yellow.red, yellow.green) << name;
    EXPECT_GT(yellow.red, yellow.blue + 90) << name;
    const Rgb purple = frame_color(Palette::Purple, name, 0);
    EXPECT_GT(purple.blue, purple.green + 40) << name;
    EXPECT_GT(purple.red, purple.green) << name;
    const Rgb orange = frame_color(Palette::Orange, name, 0);
    EXPECT_GT(orange.red, orange.green + 30) << name;
    EXPECT_GT(orange.green, orange.blue) << name;
  }
}

TEST(Palette, SearchColorIsNoPaletteColor) {
  for (const Palette palette :
       {Palette::Hot, Palette::Mem, Palette::Io, Palette::Red, Palette::Green, Palette::Blue,
        Palette::Aqua, Palette::Yellow, Palette::Purple, Palette::Orange}) {
    for (const std::string& name : some_names()) {
      const Rgb color = frame_color(palette, name, 0);
      EXPECT_FALSE(color.red == kSearchColor.red && color.green == kSearchColor.green &&
                   color.blue == kSearchColor.blue);
    }
  }
}

}  // namespace
}  // namespace hotpath::flamegraph
