// A JSON document written as it goes, into a string: no tree of values is built.
// A report of thousands of functions and call paths is megabytes of JSON, and a
// tree of it costs an allocation per key and value (and glibc merging them all
// when they are freed) for text that is written once and thrown away.
//
// The text is what nlohmann::ordered_json::dump writes for the same values with
// error_handler_t::replace: the same separators and indentation, strings escaped
// the same way (invalid UTF-8 becomes U+FFFD), numbers printed the same way, so
// that readers see no difference.
#ifndef HOTPATH_REPORT_JSON_WRITER_HPP
#define HOTPATH_REPORT_JSON_WRITER_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hotpath::detail {

class JsonWriter {
 public:
  /// Appends to `out`; `pretty`: two spaces of indentation per level, one member
  /// or element per line.
  JsonWriter(std::string& out, bool pretty) : out_(out), pretty_(pretty) {}

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  /// The next member's name; its value follows.
  void key(std::string_view name);

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(std::uint64_t number);
  void value(std::int64_t number);
  void value(std::uint32_t number) { value(static_cast<std::uint64_t>(number)); }
  void value(int number) { value(static_cast<std::int64_t>(number)); }
  /// Non-finite numbers are written as null, as JSON has no such numbers.
  void value(double number);
  void value(bool flag);
  void null();

  /// `key(name)` then `value(v)`.
  template <typename Value>
  void member(std::string_view name, const Value& v) {
    key(name);
    value(v);
  }

 private:
  /// Before a value or a key: the comma after the previous one and the line break
  /// and indentation of pretty output. Nothing after a key.
  void separate();
  void open(char bracket);
  void close(char bracket);
  void newline_and_indent();

  std::string& out_;
  bool pretty_;
  /// For each open object or array: true once it has a member or element.
  std::vector<bool> filled_;
  bool after_key_ = false;
};

/// Appends `text` as a JSON string, quotes included.
void append_json_string(std::string& out, std::string_view text);

/// Appends `number` as nlohmann's dump writes a floating-point number.
void append_json_number(std::string& out, double number);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_JSON_WRITER_HPP
