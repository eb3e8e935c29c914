// UTF-8 validation, XML escaping and label truncation for the SVG renderer.
#include "xml_text.hpp"

namespace hotpath::flamegraph {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool is_continuation(unsigned char byte) noexcept { return (byte & 0xC0) == 0x80; }

// The length of the valid UTF-8 sequence at the start of `text`, or 0 when there is none
// (overlong forms, surrogates and values above U+10FFFF are invalid).
std::size_t sequence_length(std::string_view text) noexcept {
  const auto byte = [&text](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char second_min = 0x80;
  unsigned char second_max = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) second_min = 0xA0;
    if (lead == 0xED) second_max = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) second_min = 0x90;
    if (lead == 0xF4) second_max = 0x8F;
  } else {
    return 0;
  }
  if (text.size() < length) return 0;
  if (byte(1) < second_min || byte(1) > second_max) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (!is_continuation(byte(i))) return 0;
  return length;
}

}  // namespace

std::string sanitized_utf8(std::string_view text) {
  std::string result;
  result.reserve(text.size());
  while (!text.empty()) {
    const std::size_t length = sequence_length(text);
    const auto lead = static_cast<unsigned char>(text.front());
    if (length == 0 || (lead < 0x20 && lead != '\t' && lead != '\n') || lead == 0x7F) {
      result += kReplacement;
      text.remove_prefix(1);
    } else {
      result += text.substr(0, length);
      text.remove_prefix(length);
    }
  }
  return result;
}

void append_xml_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
}

std::size_t character_count(std::string_view text) noexcept {
  std::size_t count = 0;
  for (const char c : text)
    if (!is_continuation(static_cast<unsigned char>(c))) ++count;
  return count;
}

std::string fitted_label(std::string_view text, std::size_t room) {
  if (room < 3) return {};
  if (text.size() <= room || character_count(text) <= room) return std::string(text);
  std::size_t kept = 0;
  std::size_t end = 0;
  while (end < text.size()) {
    if (!is_continuation(static_cast<unsigned char>(text[end]))) {
      if (kept == room - 2) break;
      ++kept;
    }
    ++end;
  }
  return std::string(text.substr(0, end)) + "..";
}

}  // namespace hotpath::flamegraph
