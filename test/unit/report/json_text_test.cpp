// Tests for JSON text with positions: byte offsets to lines and columns, the
// position of a syntax error, and the line of a value found by its path.
#include "json_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace hotpath::detail {
namespace {

TEST(JsonText, PositionOfOffset) {
  const std::string text = "ab\ncd\n\nef";
  EXPECT_EQ(position_of_offset(text, 0).line, 1u);
  EXPECT_EQ(position_of_offset(text, 0).column, 1u);
  EXPECT_EQ(position_of_offset(text, 2).column, 3u);  // the newline ends line 1
  EXPECT_EQ(position_of_offset(text, 3).line, 2u);
  EXPECT_EQ(position_of_offset(text, 3).column, 1u);
  EXPECT_EQ(position_of_offset(text, 7).line, 4u);
  EXPECT_EQ(position_of_offset(text, 8).column, 2u);
  // At or past the end: just after the last byte.
  EXPECT_EQ(position_of_offset(text, 9).column, 3u);
  EXPECT_EQ(position_of_offset(text, 99).line, 4u);
  EXPECT_EQ(position_of_offset(text, 99).column, 3u);
}

TEST(JsonText, ParsesValidText) {
  JsonSyntaxError error;
  const std::optional<nlohmann::json> document =
      parse_json_text(R"({"a": [1, -2, 2.5, "x", null, true, {"b": {}}], "c": {"d": []}})", error);
  ASSERT_TRUE(document);
  EXPECT_EQ(document->dump(), R"({"a":[1,-2,2.5,"x",null,true,{"b":{}}],"c":{"d":[]}})");
  EXPECT_TRUE(document->at("a").at(0).is_number_unsigned());
  EXPECT_TRUE(document->at("a").at(1).is_number_integer());
}

TEST(JsonText, SyntaxErrorPosition) {
  JsonSyntaxError error;
  EXPECT_FALSE(parse_json_text("{\"a\": 1,\n \"b\": [1,2", error));
  EXPECT_EQ(error.line, 2u);
  EXPECT_EQ(error.column, 11u);
  EXPECT_EQ(error.message,
            "syntax error while parsing array - unexpected end of input; expected ']'");

  EXPECT_FALSE(parse_json_text("{\"a\":1}\n}", error));
  EXPECT_EQ(error.line, 2u);
  EXPECT_EQ(error.column, 1u);
  EXPECT_EQ(error.message,
            "syntax error while parsing value - unexpected '}'; expected end of input");
}

TEST(JsonText, LineOfValue) {
  const std::string text =
      "{\n"
      "  \"s\": \"[{,\\\"\",\n"
      "  \"list\": [\n"
      "    {\"x\": 1},\n"
      "    {\n"
      "      \"x\": [2,\n"
      "        3]\n"
      "    }\n"
      "  ]\n"
      "}\n";
  EXPECT_EQ(line_of_json_value(text, {}), 1u);
  EXPECT_EQ(line_of_json_value(text, {"s"}), 2u);
  EXPECT_EQ(line_of_json_value(text, {"list"}), 3u);
  EXPECT_EQ(line_of_json_value(text, {"list", "0"}), 4u);
  EXPECT_EQ(line_of_json_value(text, {"list", "1"}), 5u);
  EXPECT_EQ(line_of_json_value(text, {"list", "1", "x"}), 6u);
  EXPECT_EQ(line_of_json_value(text, {"list", "1", "x", "1"}), 7u);
  // Missing: the deepest value that exists on the path.
  EXPECT_EQ(line_of_json_value(text, {"list", "1", "y"}), 5u);
  EXPECT_EQ(line_of_json_value(text, {"list", "7"}), 3u);
  EXPECT_EQ(line_of_json_value(text, {"none", "x"}), 1u);
}

}  // namespace
}  // namespace hotpath::detail
