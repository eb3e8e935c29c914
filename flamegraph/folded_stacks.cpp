// The folded stacks model, its parser and writer, and the stack transforms.
#include "folded_stacks.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#include "stack_order.hpp"

namespace hotpath::flamegraph {
namespace {

// Counts are summed over millions of samples at most, but input files are untrusted:
// a sum that cannot be represented stays at the maximum instead of wrapping around.
std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  return a > max - b ? max : a + b;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

enum class CountError { None, NotANumber, OutOfRange };

CountError parse_count(std::string_view text, std::uint64_t& count) {
  if (text.empty()) return CountError::NotANumber;
  count = 0;
  bool overflow = false;
  for (char c : text) {
    if (c < '0' || c > '9') return CountError::NotANumber;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (count > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) overflow = true;
    count = count * 10 + digit;
  }
  return overflow ? CountError::OutOfRange : CountError::None;
}

std::vector<std::string> split_frames(std::string_view stack) {
  std::vector<std::string> frames;
  for (;;) {
    const std::size_t separator = stack.find(';');
    frames.emplace_back(stack.substr(0, separator));
    if (separator == std::string_view::npos) return frames;
    stack.remove_prefix(separator + 1);
  }
}

// Parses one non-blank line into `stacks`; returns what is wrong with it, or "".
std::string parse_line(std::string_view line, FoldedStacks& stacks) {
  const std::size_t space = line.find_last_of(" \t");
  if (space == std::string_view::npos) return "no count";
  const std::string_view count_text = line.substr(space + 1);
  const std::string_view stack = trim(line.substr(0, space));
  std::uint64_t count = 0;
  switch (parse_count(count_text, count)) {
    case CountError::None:
      break;
    case CountError::NotANumber:
      return "count \"" + std::string(count_text) + "\" is not a number";
    case CountError::OutOfRange:
      return "count " + std::string(count_text) + " is out of range";
  }
  if (stack.empty()) return "empty stack";
  stacks.add(split_frames(stack), count);
  return {};
}

// Identical stacks summed, in lexicographic order. `stacks` is copied from when const,
// moved from otherwise.
template <typename Stacks>
FoldedStacks merge(Stacks& stacks) {
  std::vector<Stack> merged;
  merged.reserve(stacks.size());
  for (const std::size_t index : sorted_stack_order(stacks, PrefixOrder::ShorterFirst)) {
    auto& stack = stacks[index];
    if (!merged.empty() && merged.back().frames == stack.frames) {
      merged.back().count = saturating_add(merged.back().count, stack.count);
    } else if constexpr (std::is_const_v<Stacks>) {
      merged.push_back(stack);
    } else {
      merged.push_back(std::move(stack));
    }
  }
  FoldedStacks result;
  for (Stack& stack : merged) result.add(std::move(stack.frames), stack.count);
  return result;
}

}  // namespace

void FoldedStacks::add(std::vector<std::string> frames, std::uint64_t count) {
  if (count == 0 || frames.empty()) return;
  stacks_.push_back(Stack{std::move(frames), count});
  total_ = saturating_add(total_, count);
}

FoldedStacks FoldedStacks::merged() const& { return merge(stacks_); }

FoldedStacks FoldedStacks::merged() && { return merge(stacks_); }

std::optional<FoldedStacks> parse_folded(std::string_view text, std::string& error) {
  FoldedStacks stacks;
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (trim(line).empty()) continue;
    // Leading blanks stay, so that " 5" reads as a count without a stack.
    while (is_blank(line.back())) line.remove_suffix(1);
    if (std::string what = parse_line(line, stacks); !what.empty()) {
      error = "line " + std::to_string(line_number) + ": " + what;
      return std::nullopt;
    }
  }
  return stacks;
}

std::string to_folded(const FoldedStacks& stacks) {
  std::string text;
  for (const Stack& stack : stacks.stacks()) {
    for (std::size_t i = 0; i < stack.frames.size(); ++i) {
      if (i != 0) text += ';';
      text += stack.frames[i];
    }
    text += ' ';
    text += std::to_string(stack.count);
    text += '\n';
  }
  return text;
}

FoldedStacks reversed(const FoldedStacks& stacks) {
  FoldedStacks result;
  for (const Stack& stack : stacks.stacks())
    result.add({stack.frames.rbegin(), stack.frames.rend()}, stack.count);
  return result;
}

FoldedStacks skip_after(const FoldedStacks& stacks, const std::vector<std::string>& functions) {
  FoldedStacks result;
  for (const Stack& stack : stacks.stacks()) {
    const auto first = std::find_if(
        stack.frames.begin(), stack.frames.end(), [&functions](const std::string& frame) {
          return std::find(functions.begin(), functions.end(), frame) != functions.end();
        });
    if (first == stack.frames.end())
      result.add(stack.frames, stack.count);
    else
      result.add({first, stack.frames.end()}, stack.count);
  }
  return result;
}

}  // namespace hotpath::flamegraph
