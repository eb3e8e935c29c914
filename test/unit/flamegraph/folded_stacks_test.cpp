// The folded stacks model: adding, parsing (with the line numbers of errors), writing,
// merging, and the reversing and cutting transforms.
#include "folded_stacks.hpp"

#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace hotpath::flamegraph {
namespace {

using Frames = std::vector<std::string>;

FoldedStacks parsed(std::string_view text) {
  std::string error;
  std::optional<FoldedStacks> stacks = parse_folded(text, error);
  EXPECT_TRUE(stacks.has_value()) << error;
  return stacks ? *stacks : FoldedStacks{};
}

std::string parse_error(std::string_view text) {
  std::string error;
  EXPECT_FALSE(parse_folded(text, error).has_value()) << text;
  return error;
}

TEST(FoldedStacks, AddIgnoresZeroCountsAndEmptyStacks) {
  FoldedStacks stacks;
  EXPECT_TRUE(stacks.empty());
  stacks.add({"main", "work"}, 3);
  stacks.add({"main"}, 0);
  stacks.add({}, 5);
  stacks.add({"main", "work"}, 4);
  ASSERT_EQ(stacks.stacks().size(), 2U);
  EXPECT_FALSE(stacks.empty());
  EXPECT_EQ(stacks.total(), 7U);
  EXPECT_EQ(stacks.stacks()[0].frames, (Frames{"main", "work"}));
  EXPECT_EQ(stacks.stacks()[1].count, 4U);
}

TEST(FoldedStacks, TotalSaturates) {
  FoldedStacks stacks;
  stacks.add({"a"}, std::numeric_limits<std::uint64_t>::max() - 1);
  stacks.add({"b"}, 5);
  EXPECT_EQ(stacks.total(), std::numeric_limits<std::uint64_t>::max());
}

TEST(FoldedStacks, MergedSumsIdenticalStacksAndSortsByFrames) {
  FoldedStacks stacks;
  stacks.add({"main", "b"}, 1);
  stacks.add({"main", "a", "x"}, 2);
  stacks.add({"main", "b"}, 3);
  stacks.add({"main"}, 4);
  stacks.add({"main", "a"}, 5);
  const FoldedStacks merged = stacks.merged();
  EXPECT_EQ(to_folded(merged), "main 4\nmain;a 5\nmain;a;x 2\nmain;b 4\n");
  EXPECT_EQ(merged.total(), 15U);
}

TEST(ParseFolded, ReadsStacksInOrder) {
  const FoldedStacks stacks = parsed(
      "main;std::vector<int>::push_back(int const&) 12\n"
      "\n"
      "   \n"
      "main;operator new(unsigned long) 3\r\n"
      "main 0\n"
      "main;work  7");
  ASSERT_EQ(stacks.stacks().size(), 3U);
  EXPECT_EQ(stacks.stacks()[0].frames, (Frames{"main", "std::vector<int>::push_back(int const&)"}));
  EXPECT_EQ(stacks.stacks()[0].count, 12U);
  EXPECT_EQ(stacks.stacks()[1].frames, (Frames{"main", "operator new(unsigned long)"}));
  EXPECT_EQ(stacks.stacks()[1].count, 3U);
  EXPECT_EQ(stacks.stacks()[2].frames, (Frames{"main", "work"}));
  EXPECT_EQ(stacks.stacks()[2].count, 7U);
  EXPECT_EQ(stacks.total(), 22U);
}

TEST(ParseFolded, EmptyTextHasNoStacks) {
  EXPECT_TRUE(parsed("").empty());
  EXPECT_TRUE(parsed("\n\n").empty());
}

TEST(ParseFolded, ReportsTheLineOfAMalformedStack) {
  EXPECT_EQ(parse_error("main;work 1\nmain;work\n"), "line 2: no count");
  EXPECT_EQ(parse_error("a 1\n\nmain;work x12\n"), "line 3: count \"x12\" is not a number");
  EXPECT_EQ(parse_error("main;work -3"), "line 1: count \"-3\" is not a number");
  EXPECT_EQ(parse_error("main;work 1.5"), "line 1: count \"1.5\" is not a number");
  EXPECT_EQ(parse_error("main 18446744073709551616"),
            "line 1: count 18446744073709551616 is out of range");
  EXPECT_EQ(parse_error("a 1\n 5\n"), "line 2: empty stack");
  EXPECT_EQ(parse_error("a 1\nb 2\n  \t 5\r\n"), "line 3: empty stack");
}

TEST(ParseFolded, KeepsBlanksInsideNames) {
  const FoldedStacks stacks = parsed("  main;operator delete(void*, unsigned long) \t 4 \n");
  ASSERT_EQ(stacks.stacks().size(), 1U);
  EXPECT_EQ(stacks.stacks()[0].frames, (Frames{"main", "operator delete(void*, unsigned long)"}));
  EXPECT_EQ(stacks.stacks()[0].count, 4U);
}

TEST(ParseFolded, KeepsTheLargestCount) {
  const FoldedStacks stacks = parsed("main 18446744073709551615\n");
  EXPECT_EQ(stacks.total(), std::numeric_limits<std::uint64_t>::max());
}

TEST(ToFolded, WritesOneLinePerStackInOrder) {
  FoldedStacks stacks;
  stacks.add({"main", "b"}, 2);
  stacks.add({"main", "a"}, 1);
  stacks.add({"main", "b"}, 3);
  EXPECT_EQ(to_folded(stacks), "main;b 2\nmain;a 1\nmain;b 3\n");
  EXPECT_EQ(to_folded(FoldedStacks{}), "");
}

TEST(ToFolded, RoundTripsThroughTheParser) {
  const std::string text =
      "main;operator<(A const&, B const&) 5\nthread 1;main;a 18446744073709551615\n";
  EXPECT_EQ(to_folded(parsed(text)), text);
}

TEST(Reversed, PutsTheLeafFirst) {
  FoldedStacks stacks;
  stacks.add({"main", "work", "leaf"}, 2);
  stacks.add({"main"}, 1);
  EXPECT_EQ(to_folded(reversed(stacks)), "leaf;work;main 2\nmain 1\n");
}

TEST(SkipAfter, DropsTheFramesBelowTheFirstMatchingFunction) {
  FoldedStacks stacks;
  stacks.add({"a", "main", "work", "leaf"}, 1);
  stacks.add({"a", "b", "c"}, 2);
  stacks.add({"main", "main", "x"}, 3);
  stacks.add({"start", "x", "main"}, 4);
  EXPECT_EQ(to_folded(skip_after(stacks, {"main"})),
            "main;work;leaf 1\na;b;c 2\nmain;main;x 3\nmain 4\n");
}

TEST(SkipAfter, TheFirstFunctionFoundFromTheRootWins) {
  FoldedStacks stacks;
  stacks.add({"start", "run", "main", "work"}, 1);
  stacks.add({"start", "main", "run", "work"}, 2);
  EXPECT_EQ(to_folded(skip_after(stacks, {"main", "run"})), "run;main;work 1\nmain;run;work 2\n");
  EXPECT_EQ(to_folded(skip_after(stacks, {})), to_folded(stacks));
  EXPECT_EQ(skip_after(stacks, {"run"}).total(), 3U);
}

}  // namespace
}  // namespace hotpath::flamegraph
