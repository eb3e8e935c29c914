// The depth-by-depth stack sort agrees with comparing whole stacks.
#include "stack_order.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace hotpath::flamegraph {
namespace {

std::vector<std::vector<std::string>> ordered_frames(const std::vector<Stack>& stacks,
                                                     PrefixOrder prefix_order) {
  std::vector<std::vector<std::string>> result;
  for (const std::size_t index : sorted_stack_order(stacks, prefix_order))
    result.push_back(stacks[index].frames);
  return result;
}

std::vector<Stack> example() {
  return {{{"main", "b"}, 1}, {{"main"}, 1},      {{"main", "a", "x"}, 1}, {{"idle"}, 1},
          {{"main", "a"}, 1}, {{"main", "b"}, 1}, {{"main", "B"}, 1},      {{"main", "a", "w"}, 1}};
}

TEST(StackOrder, ShorterFirstIsLexicographic) {
  using Frames = std::vector<std::string>;
  EXPECT_EQ(ordered_frames(example(), PrefixOrder::ShorterFirst),
            (std::vector<Frames>{{"idle"},
                                 {"main"},
                                 {"main", "B"},
                                 {"main", "a"},
                                 {"main", "a", "w"},
                                 {"main", "a", "x"},
                                 {"main", "b"},
                                 {"main", "b"}}));
}

TEST(StackOrder, LongerFirstPutsPrefixesAfterTheirExtensions) {
  using Frames = std::vector<std::string>;
  EXPECT_EQ(ordered_frames(example(), PrefixOrder::LongerFirst),
            (std::vector<Frames>{{"idle"},
                                 {"main", "B"},
                                 {"main", "a", "w"},
                                 {"main", "a", "x"},
                                 {"main", "a"},
                                 {"main", "b"},
                                 {"main", "b"},
                                 {"main"}}));
}

TEST(StackOrder, AgreesWithSortingWholeStacks) {
  std::mt19937 random(7);
  std::vector<Stack> stacks;
  for (int i = 0; i < 2000; ++i) {
    Stack stack;
    const unsigned depth = 1 + random() % 8;
    for (unsigned d = 0; d < depth; ++d) stack.frames.push_back(std::string(1, 'a' + random() % 3));
    stack.count = 1;
    stacks.push_back(stack);
  }
  std::vector<std::vector<std::string>> expected;
  for (const Stack& stack : stacks) expected.push_back(stack.frames);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(ordered_frames(stacks, PrefixOrder::ShorterFirst), expected);
}

TEST(StackOrder, EmptyInput) {
  EXPECT_TRUE(sorted_stack_order({}, PrefixOrder::LongerFirst).empty());
}

}  // namespace
}  // namespace hotpath::flamegraph
