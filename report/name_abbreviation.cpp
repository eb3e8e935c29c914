// Abbreviation of long names for the table reporter.
#include "name_abbreviation.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

namespace hotpath::detail {
namespace {

constexpr std::size_t kMinimumWidth = 8;
constexpr const char* kElided = "...";

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0u) == 0x80u; }

/// The argument list (between '<' and its '>') with the longest contents that is
/// not elided yet, as [begin, end) of the contents; begin == end when there is none.
std::pair<std::size_t, std::size_t> longest_argument_list(const std::string& name) {
  std::vector<std::size_t> open;
  std::pair<std::size_t, std::size_t> longest{0, 0};
  for (std::size_t i = 0; i < name.size(); ++i) {
    // "operator<", "operator<<=" or "operator->" are names, not argument lists.
    if (name.compare(i, 8, "operator") == 0) {
      i += 8;
      while (i < name.size() &&
             std::string_view("<>=-!&|+*/%^~,").find(name[i]) != std::string_view::npos) {
        ++i;
      }
      --i;
      continue;
    }
    if (name[i] == '<') {
      open.push_back(i + 1);
    } else if (name[i] == '>' && !open.empty()) {
      const std::size_t begin = open.back();
      open.pop_back();
      const bool elided = name.compare(begin, i - begin, kElided) == 0;
      if (!elided && i - begin > longest.second - longest.first) longest = {begin, i};
    }
  }
  return longest;
}

/// The first `count` code points of `text`, or its last ones.
std::string first_code_points(const std::string& text, std::size_t count) {
  std::size_t end = 0;
  for (std::size_t seen = 0; end < text.size(); ++end) {
    if (!is_continuation_byte(text[end]) && seen++ == count) break;
  }
  return text.substr(0, end);
}

std::string last_code_points(const std::string& text, std::size_t count) {
  std::size_t begin = text.size();
  for (std::size_t seen = 0; begin > 0 && seen < count;) {
    --begin;
    if (!is_continuation_byte(text[begin])) ++seen;
  }
  return text.substr(begin);
}

}  // namespace

std::size_t display_width(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation_byte(c); }));
}

std::string abbreviate_name(const std::string& name, std::size_t width) {
  width = std::max(width, kMinimumWidth);
  std::string result = name;
  while (display_width(result) > width) {
    const auto [begin, end] = longest_argument_list(result);
    if (begin == end) break;
    result.replace(begin, end - begin, kElided);
  }
  if (display_width(result) <= width) return result;
  // The end names the function; the start, its namespace or class.
  const std::size_t kept = width - 3;
  const std::size_t head = kept / 3;
  return first_code_points(result, head) + kElided + last_code_points(result, kept - head);
}

std::string printable_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace hotpath::detail
