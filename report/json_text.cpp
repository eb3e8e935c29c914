// Parsing goes through nlohmann's SAX interface: every error reaches it with the
// byte position where parsing stopped, including a number too large for a double,
// whose exception carries no position. Finding a value's line scans the text again,
// which only happens for a message about an invalid report.
#include "json_text.hpp"

#include <utility>

namespace hotpath::detail {
namespace {

using Json = nlohmann::json;

/// Builds the document as nlohmann's own parser does, and keeps where it failed.
class DocumentBuilder {
 public:
  bool null() { return add(nullptr); }
  bool boolean(bool value) { return add(value); }
  bool number_integer(Json::number_integer_t value) { return add(value); }
  bool number_unsigned(Json::number_unsigned_t value) { return add(value); }
  bool number_float(Json::number_float_t value, const std::string&) { return add(value); }
  bool string(std::string& value) { return add(std::move(value)); }
  bool binary(Json::binary_t& value) { return add(Json::binary(std::move(value))); }
  bool start_object(std::size_t) { return open(Json::object()); }
  bool key(std::string& name) {
    key_ = std::move(name);
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t position, const std::string&, const Json::exception& error) {
    failed_at_ = position;
    message_ = error.what();
    return false;
  }

  Json& document() { return root_; }
  std::size_t failed_at() const { return failed_at_; }
  const std::string& message() const { return message_; }

 private:
  // Only the innermost open container receives values, so the pointers to the open
  // ones stay valid: their own parents do not change until they are closed.
  Json* place(Json value) {
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Json& parent = *open_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    Json& member = parent[key_];
    member = std::move(value);
    return &member;
  }
  bool add(Json value) {
    place(std::move(value));
    return true;
  }
  bool open(Json container) {
    open_.push_back(place(std::move(container)));
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  Json root_;
  std::vector<Json*> open_;
  std::string key_;
  std::size_t failed_at_ = 0;
  std::string message_;
};

// nlohmann's messages start with "[json.exception.parse_error.101] parse error at
// line 2, column 11: "; the caller says where in its own words.
std::string without_nlohmann_prefix(std::string message) {
  if (!message.empty() && message.front() == '[') {
    const std::size_t end = message.find("] ");
    if (end != std::string::npos) message.erase(0, end + 2);
  }
  if (message.compare(0, 11, "parse error") == 0) {
    const std::size_t colon = message.find(": ");
    if (colon != std::string::npos) message.erase(0, colon + 2);
  }
  return message;
}

/// Walks valid JSON text along one path, noting the line of each value on it.
class PathScanner {
 public:
  PathScanner(std::string_view text, const std::vector<std::string>& path)
      : text_(text), path_(path) {}

  std::size_t line_of_deepest() {
    value(0);
    return line_;
  }

 private:
  void skip_space() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '\n') {
        ++current_line_;
      } else if (c != ' ' && c != '\t' && c != '\r') {
        return;
      }
      ++at_;
    }
  }

  // A string token, quotes included; returns its raw contents (escapes kept).
  std::string_view string_token() {
    const std::size_t start = ++at_;
    while (at_ < text_.size() && text_[at_] != '"') at_ += text_[at_] == '\\' ? 2 : 1;
    const std::string_view contents = text_.substr(start, at_ - start);
    ++at_;
    return contents;
  }

  // Skips one value up to the comma or bracket after it. Strings may hold brackets
  // but, in valid JSON, no newlines.
  void skip_value() {
    std::size_t depth = 0;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '"') {
        string_token();
        continue;
      }
      if (depth == 0 && (c == ',' || c == '}' || c == ']')) return;
      if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        --depth;
      } else if (c == '\n') {
        ++current_line_;
      }
      ++at_;
    }
  }

  // The value at the start of the text after `depth` steps along the path.
  void value(std::size_t depth) {
    skip_space();
    line_ = current_line_;
    if (depth == path_.size() || at_ >= text_.size()) return;
    const char c = text_[at_];
    if (c != '{' && c != '[') return;
    const bool is_object = c == '{';
    const char close = is_object ? '}' : ']';
    ++at_;
    for (std::size_t index = 0;; ++index) {
      skip_space();
      if (at_ >= text_.size() || text_[at_] == close) return;
      std::string name;
      if (is_object) {
        name = std::string(string_token());
        skip_space();
        ++at_;  // ':'
      } else {
        name = std::to_string(index);
      }
      if (name == path_[depth]) {
        value(depth + 1);
        return;
      }
      skip_value();
      skip_space();
      if (at_ < text_.size() && text_[at_] == ',') ++at_;
    }
  }

  std::string_view text_;
  const std::vector<std::string>& path_;
  std::size_t at_ = 0;
  std::size_t current_line_ = 1;
  std::size_t line_ = 1;
};

}  // namespace

TextPosition position_of_offset(std::string_view text, std::size_t offset) {
  if (offset > text.size()) offset = text.size();
  TextPosition position;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++position.line;
      line_start = i + 1;
    }
  }
  position.column = offset - line_start + 1;
  return position;
}

std::optional<nlohmann::json> parse_json_text(std::string_view text, JsonSyntaxError& error) {
  DocumentBuilder builder;
  if (Json::sax_parse(text.begin(), text.end(), &builder)) return std::move(builder.document());
  // nlohmann counts the bytes read, the failing one included.
  const std::size_t failed_at = builder.failed_at();
  const TextPosition position = position_of_offset(text, failed_at == 0 ? 0 : failed_at - 1);
  error.line = position.line;
  error.column = position.column;
  error.message = without_nlohmann_prefix(builder.message());
  return std::nullopt;
}

std::size_t line_of_json_value(std::string_view text, const std::vector<std::string>& path) {
  return PathScanner(text, path).line_of_deepest();
}

}  // namespace hotpath::detail
