// Well-formedness: valid UTF-8 of allowed characters, balanced and properly nested tags,
// quoted attributes without duplicates, and only defined or numeric entity references.
#include "xml_well_formedness.hpp"

#include <cstddef>
#include <set>
#include <vector>

namespace hotpath::flamegraph::testing {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view document) : text_(document) {}

  std::string check() {
    if (std::string problem = check_characters(); !problem.empty()) return problem;
    if (starts_with("<?xml")) skip_past("?>");
    skip_misc();
    if (!starts_with("<")) return fail("no root element");
    if (!element()) return error_;
    skip_misc();
    if (pos_ != text_.size()) return fail("content after the root element");
    return error_;
  }

 private:
  std::string fail(const std::string& what) {
    if (error_.empty()) error_ = what + " at byte " + std::to_string(pos_);
    return error_;
  }

  bool starts_with(std::string_view prefix) const {
    return text_.substr(pos_, prefix.size()) == prefix;
  }

  bool skip_past(std::string_view end) {
    const std::size_t found = text_.find(end, pos_);
    if (found == std::string_view::npos) {
      fail("unterminated construct, no \"" + std::string(end) + "\"");
      return false;
    }
    pos_ = found + end.size();
    return true;
  }

  void skip_spaces() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\t' || text_[pos_] == '\r'))
      ++pos_;
  }

  // Whitespace, comments and processing instructions around the root element.
  void skip_misc() {
    for (;;) {
      skip_spaces();
      if (starts_with("<!--")) {
        if (!skip_past("-->")) return;
      } else if (starts_with("<?")) {
        if (!skip_past("?>")) return;
      } else {
        return;
      }
    }
  }

  static bool name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
  }
  static bool name_char(char c) {
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
  }

  std::string_view name() {
    const std::size_t start = pos_;
    if (pos_ < text_.size() && name_start(text_[pos_])) {
      ++pos_;
      while (pos_ < text_.size() && name_char(text_[pos_])) ++pos_;
    }
    return text_.substr(start, pos_ - start);
  }

  // At '&': one of the predefined entities or a character reference.
  bool reference() {
    for (const std::string_view entity : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"}) {
      if (starts_with(entity)) {
        pos_ += entity.size();
        return true;
      }
    }
    const std::size_t end = text_.find(';', pos_);
    if (text_.substr(pos_, 2) == "&#" && end != std::string_view::npos && end > pos_ + 2) {
      const bool hex = text_[pos_ + 2] == 'x';
      const std::string_view digits =
          text_.substr(pos_ + (hex ? 3 : 2), end - pos_ - (hex ? 3 : 2));
      bool valid = !digits.empty();
      for (char c : digits)
        valid = valid && ((c >= '0' && c <= '9') ||
                          (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))));
      if (valid) {
        pos_ = end + 1;
        return true;
      }
    }
    fail("bad entity reference");
    return false;
  }

  bool attribute_value() {
    if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\'')) {
      fail("unquoted attribute value");
      return false;
    }
    const char quote = text_[pos_++];
    while (pos_ < text_.size() && text_[pos_] != quote) {
      if (text_[pos_] == '<') {
        fail("'<' in an attribute value");
        return false;
      }
      if (text_[pos_] == '&') {
        if (!reference()) return false;
      } else {
        ++pos_;
      }
    }
    if (pos_ >= text_.size()) {
      fail("unterminated attribute value");
      return false;
    }
    ++pos_;
    return true;
  }

  // At '<' of a start tag: reads the element and everything in it.
  bool element() {
    std::vector<std::string_view> open;
    do {
      if (starts_with("<!--")) {
        if (!skip_past("-->")) return false;
      } else if (starts_with("<![CDATA[")) {
        if (open.empty()) return fail("CDATA outside the root").empty();
        if (!skip_past("]]>")) return false;
      } else if (starts_with("<?")) {
        if (!skip_past("?>")) return false;
      } else if (starts_with("</")) {
        pos_ += 2;
        const std::string_view closed = name();
        skip_spaces();
        if (open.empty() || closed != open.back() || !starts_with(">"))
          return fail("mismatched end tag </" + std::string(closed) + ">").empty();
        ++pos_;
        open.pop_back();
      } else if (starts_with("<")) {
        ++pos_;
        const std::string_view element_name = name();
        if (element_name.empty()) return fail("bad element name").empty();
        std::set<std::string_view> attributes;
        for (;;) {
          const std::size_t before = pos_;
          skip_spaces();
          if (starts_with("/>") || starts_with(">")) break;
          if (pos_ == before) return fail("no space before an attribute").empty();
          const std::string_view attribute = name();
          if (attribute.empty()) return fail("bad attribute name").empty();
          if (!attributes.insert(attribute).second)
            return fail("duplicate attribute " + std::string(attribute)).empty();
          skip_spaces();
          if (!starts_with("=")) return fail("no '=' after an attribute name").empty();
          ++pos_;
          skip_spaces();
          if (!attribute_value()) return false;
        }
        if (starts_with("/>")) {
          pos_ += 2;
        } else {
          ++pos_;
          open.push_back(element_name);
        }
      } else {
        if (open.empty()) return fail("text outside the root").empty();
        if (starts_with("]]>")) return fail("\"]]>\" in text").empty();
        if (text_[pos_] == '&') {
          if (!reference()) return false;
        } else {
          ++pos_;
        }
      }
      if (pos_ >= text_.size() && !open.empty()) return fail("unclosed elements").empty();
    } while (!open.empty());
    return true;
  }

  // Valid UTF-8, and no character XML forbids (C0 controls but tab, LF and CR).
  std::string check_characters() {
    for (std::size_t i = 0; i < text_.size();) {
      const auto byte = static_cast<unsigned char>(text_[i]);
      std::size_t length = byte < 0x80                    ? 1
                           : byte >= 0xC2 && byte <= 0xDF ? 2
                           : byte >= 0xE0 && byte <= 0xEF ? 3
                           : byte >= 0xF0 && byte <= 0xF4 ? 4
                                                          : 0;
      if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') length = 0;
      if (length == 0 || i + length > text_.size()) {
        pos_ = i;
        return fail("invalid character");
      }
      for (std::size_t k = 1; k < length; ++k) {
        if ((static_cast<unsigned char>(text_[i + k]) & 0xC0) != 0x80) {
          pos_ = i;
          return fail("invalid UTF-8");
        }
      }
      i += length;
    }
    return {};
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::string xml_error(std::string_view document) { return Reader(document).check(); }

}  // namespace hotpath::flamegraph::testing
