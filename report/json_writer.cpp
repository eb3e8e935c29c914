// Writing JSON text as it goes (see the header).
#include "json_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <system_error>

namespace hotpath::detail {
namespace {

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD
constexpr int kIndent = 2;
// nlohmann writes a number whose decimal point falls within these places of its
// first digit in fixed notation, and any other in exponent notation.
constexpr int kSmallestFixedPoint = -3;
constexpr int kLargestFixedPoint = 15;

/// The control character `byte` as JSON escapes it.
void append_escaped_control(std::string& out, unsigned char byte) {
  switch (byte) {
    case '\b':
      out += "\\b";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\r':
      out += "\\r";
      return;
    default:
      break;
  }
  constexpr char kHex[] = "0123456789abcdef";
  out += "\\u00";
  out += kHex[byte >> 4];
  out += kHex[byte & 0xF];
}

/// The length of the UTF-8 sequence that `lead` starts, and the range its second
/// byte must be in (which excludes overlong forms, surrogates and code points
/// past U+10FFFF); 0 when `lead` starts none.
struct SequenceStart {
  int length;
  unsigned char second_low;
  unsigned char second_high;
};

SequenceStart sequence_start(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return {2, 0x80, 0xBF};
  if (lead == 0xE0) return {3, 0xA0, 0xBF};
  if (lead == 0xED) return {3, 0x80, 0x9F};
  if (lead >= 0xE1 && lead <= 0xEF) return {3, 0x80, 0xBF};
  if (lead == 0xF0) return {4, 0x90, 0xBF};
  if (lead >= 0xF1 && lead <= 0xF3) return {4, 0x80, 0xBF};
  if (lead == 0xF4) return {4, 0x80, 0x8F};
  return {0, 0, 0};
}

/// Appends the exponent of exponent notation: a sign, then at least two digits.
void append_exponent(std::string& out, int exponent) {
  out += exponent < 0 ? '-' : '+';
  const unsigned magnitude = static_cast<unsigned>(exponent < 0 ? -exponent : exponent);
  if (magnitude < 10) out += '0';
  out += std::to_string(magnitude);
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      if (byte < 0x20) {
        append_escaped_control(out, byte);
      } else if (byte == '"' || byte == '\\') {
        out += '\\';
        out += static_cast<char>(byte);
      } else {
        out += static_cast<char>(byte);
      }
      ++i;
      continue;
    }
    const SequenceStart start = sequence_start(byte);
    if (start.length == 0) {
      // A byte that starts no sequence: replaced, and read no further.
      out += kReplacementCharacter;
      ++i;
      continue;
    }
    std::size_t next = i + 1;
    bool complete = true;
    for (int place = 1; place < start.length; ++place, ++next) {
      if (next == text.size()) {
        complete = false;
        break;
      }
      const auto continuation = static_cast<unsigned char>(text[next]);
      const unsigned char low = place == 1 ? start.second_low : 0x80;
      const unsigned char high = place == 1 ? start.second_high : 0xBF;
      if (continuation < low || continuation > high) {
        complete = false;
        break;
      }
    }
    if (complete) {
      out.append(text.data() + i, next - i);
    } else {
      // A sequence cut short: replaced whole, and the byte that cut it (which may
      // start a sequence of its own) read again.
      out += kReplacementCharacter;
    }
    i = next;
  }
  out += '"';
}

void append_json_number(std::string& out, double number) {
  if (!std::isfinite(number)) {
    out += "null";
    return;
  }
  if (number == 0) {
    out += std::signbit(number) ? "-0.0" : "0.0";
    return;
  }
  // The shortest digits that read back as `number`, as d.ddde+x.
  char scientific[32];
  const std::to_chars_result written = std::to_chars(scientific, scientific + sizeof(scientific),
                                                     number, std::chars_format::scientific);
  const std::string_view text(scientific, static_cast<std::size_t>(written.ptr - scientific));
  std::string_view mantissa = text.substr(0, text.find('e'));
  int exponent = 0;
  const std::string_view exponent_text = text.substr(mantissa.size() + 1);
  std::from_chars(exponent_text.data() + (exponent_text.front() == '+' ? 1 : 0),
                  exponent_text.data() + exponent_text.size(), exponent);
  if (mantissa.front() == '-') {
    out += '-';
    mantissa.remove_prefix(1);
  }
  std::string digits(1, mantissa.front());
  if (mantissa.size() > 2) digits.append(mantissa.substr(2));
  const int count = static_cast<int>(digits.size());
  // The decimal point comes after `point` digits.
  const int point = exponent + 1;
  if (count <= point && point <= kLargestFixedPoint) {
    out += digits;
    out.append(static_cast<std::size_t>(point - count), '0');
    out += ".0";
  } else if (point > 0 && point <= kLargestFixedPoint) {
    out.append(digits, 0, static_cast<std::size_t>(point));
    out += '.';
    out.append(digits, static_cast<std::size_t>(point));
  } else if (point >= kSmallestFixedPoint && point <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-point), '0');
    out += digits;
  } else {
    out += digits.front();
    if (count > 1) {
      out += '.';
      out.append(digits, 1);
    }
    out += 'e';
    append_exponent(out, exponent);
  }
}

void JsonWriter::newline_and_indent() {
  out_ += '\n';
  out_.append(filled_.size() * kIndent, ' ');
}

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (filled_.empty()) return;
  if (filled_.back()) out_ += ',';
  filled_.back() = true;
  if (pretty_) newline_and_indent();
}

void JsonWriter::open(char bracket) {
  separate();
  out_ += bracket;
  filled_.push_back(false);
}

void JsonWriter::close(char bracket) {
  const bool filled = filled_.back();
  filled_.pop_back();
  if (pretty_ && filled) newline_and_indent();
  out_ += bracket;
}

void JsonWriter::begin_object() { open('{'); }
void JsonWriter::end_object() { close('}'); }
void JsonWriter::begin_array() { open('['); }
void JsonWriter::end_array() { close(']'); }

void JsonWriter::key(std::string_view name) {
  separate();
  append_json_string(out_, name);
  out_ += pretty_ ? ": " : ":";
  after_key_ = true;
}

void JsonWriter::value(std::string_view text) {
  separate();
  append_json_string(out_, text);
}

void JsonWriter::value(std::uint64_t number) {
  separate();
  char digits[24];
  const std::to_chars_result written = std::to_chars(digits, digits + sizeof(digits), number);
  out_.append(digits, written.ptr);
}

void JsonWriter::value(std::int64_t number) {
  separate();
  char digits[24];
  const std::to_chars_result written = std::to_chars(digits, digits + sizeof(digits), number);
  out_.append(digits, written.ptr);
}

void JsonWriter::value(double number) {
  separate();
  append_json_number(out_, number);
}

void JsonWriter::value(bool flag) {
  separate();
  out_ += flag ? "true" : "false";
}

void JsonWriter::null() {
  separate();
  out_ += "null";
}

}  // namespace hotpath::detail
