// The layout in count units: merging, ordering, flame chart order and omitted frames.
#include "frame_layout.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace hotpath::flamegraph {
namespace {

// "depth:name@start+count", one per frame, in layout order.
std::vector<std::string> described(const FrameLayout& layout) {
  std::vector<std::string> result;
  for (const LaidOutFrame& frame : layout.frames)
    result.push_back(std::to_string(frame.depth) + ":" + std::string(frame.name) + "@" +
                     std::to_string(frame.start) + "+" + std::to_string(frame.count));
  return result;
}

FoldedStacks example() {
  FoldedStacks stacks;
  stacks.add({"main", "b"}, 1);
  stacks.add({"main", "b", "c"}, 1);
  stacks.add({"main", "a"}, 2);
  stacks.add({"main", "b"}, 1);
  stacks.add({"main"}, 3);
  return stacks;
}

TEST(FrameLayout, FlameGraphMergesStacksAndSortsSiblingsByName) {
  const FoldedStacks stacks = example();
  const FrameLayout layout = lay_out_frames(stacks, /*flamechart=*/false, 0);
  EXPECT_EQ(layout.total, 8U);
  EXPECT_EQ(layout.max_depth, 3U);
  // A frame's children start at its left edge; its own samples are on the right.
  EXPECT_EQ(described(layout),
            (std::vector<std::string>{"0:all@0+8", "1:main@0+8", "2:a@0+2", "2:b@2+3", "3:c@2+1"}));
}

TEST(FrameLayout, FlameChartKeepsOrderAndMergesOnlyAdjacentFrames) {
  const FoldedStacks stacks = example();
  const FrameLayout layout = lay_out_frames(stacks, /*flamechart=*/true, 0);
  EXPECT_EQ(layout.total, 8U);
  EXPECT_EQ(described(layout), (std::vector<std::string>{"0:all@0+8", "1:main@0+8", "2:b@0+2",
                                                         "2:a@2+2", "2:b@4+1", "3:c@1+1"}));
}

TEST(FrameLayout, FlameChartDoesNotMergeAFrameUnderAnotherParent) {
  FoldedStacks stacks;
  stacks.add({"x", "work"}, 1);
  stacks.add({"y", "work"}, 1);
  stacks.add({"y", "work"}, 1);
  EXPECT_EQ(
      described(lay_out_frames(stacks, true, 0)),
      (std::vector<std::string>{"0:all@0+3", "1:x@0+1", "1:y@1+2", "2:work@0+1", "2:work@1+2"}));
}

TEST(FrameLayout, NamesSortByteWise) {
  FoldedStacks stacks;
  stacks.add({"b"}, 1);
  stacks.add({"B"}, 1);
  stacks.add({"a"}, 1);
  stacks.add({"_"}, 1);
  EXPECT_EQ(described(lay_out_frames(stacks, false, 0)),
            (std::vector<std::string>{"0:all@0+4", "1:B@0+1", "1:_@1+1", "1:a@2+1", "1:b@3+1"}));
}

TEST(FrameLayout, LeavesOutFramesBelowTheMinimumShare) {
  FoldedStacks stacks;
  stacks.add({"main", "big"}, 990);
  stacks.add({"main", "small", "deeper"}, 9);
  stacks.add({"main", "edge"}, 1);
  // 1% of 1000 is 10: "small" (9) and its child go, their samples stay in "main".
  EXPECT_EQ(described(lay_out_frames(stacks, false, 0.009)),
            (std::vector<std::string>{"0:all@0+1000", "1:main@0+1000", "2:big@0+990",
                                      "2:small@991+9", "3:deeper@991+9"}));
  const FrameLayout layout = lay_out_frames(stacks, false, 0.01);
  EXPECT_EQ(described(layout),
            (std::vector<std::string>{"0:all@0+1000", "1:main@0+1000", "2:big@0+990"}));
  EXPECT_EQ(layout.max_depth, 2U);
}

TEST(FrameLayout, EmptyStacksHaveNoFrames) {
  const FrameLayout layout = lay_out_frames(FoldedStacks{}, false, 0.001);
  EXPECT_TRUE(layout.frames.empty());
  EXPECT_EQ(layout.total, 0U);
}

}  // namespace
}  // namespace hotpath::flamegraph
