// The JSON written as it goes must be the text nlohmann::ordered_json::dump writes
// for the same values (error_handler_t::replace), byte for byte: numbers, escapes,
// invalid UTF-8, separators and indentation.
#include "json_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hotpath::detail {
namespace {

using Json = nlohmann::ordered_json;

std::string nlohmann_text(const Json& value, bool pretty = false) {
  return value.dump(pretty ? 2 : -1, ' ', false, Json::error_handler_t::replace);
}

std::string number_text(double number) {
  std::string text;
  append_json_number(text, number);
  return text;
}

std::string string_text(const std::string& value) {
  std::string text;
  append_json_string(text, value);
  return text;
}

TEST(JsonWriter, NumbersAreWrittenAsNlohmannWritesThem) {
  std::vector<double> numbers = {0.0,
                                 -0.0,
                                 1.0,
                                 -1.0,
                                 95.0,
                                 99.9,
                                 0.1,
                                 0.01,
                                 0.001,
                                 0.0001,
                                 0.00001,
                                 1e-7,
                                 123.456,
                                 1e14,
                                 1e15,
                                 1e16,
                                 1.5e15,
                                 123456789012345.0,
                                 1e21,
                                 1e100,
                                 -2.5e-8,
                                 5e-324,
                                 1.7976931348623157e308,
                                 1.0 / 3,
                                 2.0 / 3,
                                 1e-4 / 3};
  // Every figure a report rounds to hundredths, from 0 to 1000.
  for (int hundredths = 0; hundredths <= 100'000; ++hundredths)
    numbers.push_back(std::round(hundredths / 100.0 * 100.0) / 100.0);
  for (double number : numbers)
    EXPECT_EQ(number_text(number), nlohmann_text(Json(number))) << number;
}

TEST(JsonWriter, NumbersThatJsonCannotHoldAreNull) {
  EXPECT_EQ(number_text(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(number_text(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(number_text(-std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonWriter, StringsAreEscapedAsNlohmannEscapesThem) {
  const std::vector<std::string> strings = {"",
                                            "plain",
                                            "quote \" and backslash \\",
                                            "tab\tnewline\nreturn\rbell\a",
                                            std::string("nul\0byte", 8),
                                            "\x01\x1f\x7f",
                                            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80",
                                            "operator<<(std::ostream &, const T &)"};
  for (const std::string& value : strings)
    EXPECT_EQ(string_text(value), nlohmann_text(Json(value))) << value;
}

TEST(JsonWriter, InvalidUtf8BecomesTheReplacementCharacterAsWithNlohmann) {
  const std::vector<std::string> strings = {
      "\xFF",                 // starts nothing
      "a\x80z",               // a lone continuation byte
      "\xC0\xAF",             // overlong
      "\xE0\x80\xAF",         // overlong, three bytes
      "\xED\xA0\x80",         // a surrogate
      "\xF4\x90\x80\x80",     // past U+10FFFF
      "\xF5\x80\x80\x80",     // starts nothing
      "\xE2\x82",             // cut short by the end
      "\xE2\x82z",            // cut short by an ASCII byte, read again
      "\xE2\xC3\xA9",         // cut short by the start of a valid sequence
      "\xF0\x9F\x98",         // four bytes cut short
      "x\xC3\xA9\xC3",        // valid, then cut short
      "\xC3\xA9\xFE\xC3\xA9"  // valid around an invalid byte
  };
  for (const std::string& value : strings)
    EXPECT_EQ(string_text(value), nlohmann_text(Json(value))) << value;
}

TEST(JsonWriter, DocumentsAreLaidOutAsNlohmannLaysThemOut) {
  Json expected;
  expected["name"] = "main";
  expected["count"] = std::uint64_t{3};
  expected["delta"] = std::int64_t{-7};
  expected["share"] = 12.5;
  expected["flag"] = true;
  expected["nothing"] = nullptr;
  expected["empty_object"] = Json::object();
  expected["empty_array"] = Json::array();
  expected["list"] = Json::array({1, Json::object({{"a", 1}}), Json::array()});
  for (bool pretty : {false, true}) {
    std::string text;
    JsonWriter json(text, pretty);
    json.begin_object();
    json.member("name", "main");
    json.member("count", std::uint64_t{3});
    json.member("delta", std::int64_t{-7});
    json.member("share", 12.5);
    json.member("flag", true);
    json.key("nothing");
    json.null();
    json.key("empty_object");
    json.begin_object();
    json.end_object();
    json.key("empty_array");
    json.begin_array();
    json.end_array();
    json.key("list");
    json.begin_array();
    json.value(1);
    json.begin_object();
    json.member("a", 1);
    json.end_object();
    json.begin_array();
    json.end_array();
    json.end_array();
    json.end_object();
    EXPECT_EQ(text, nlohmann_text(expected, pretty)) << (pretty ? "pretty" : "compact");
  }
}

}  // namespace
}  // namespace hotpath::detail
