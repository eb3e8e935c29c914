// UTF-8 sanitizing, XML escaping, and cutting labels at character boundaries.
#include "xml_text.hpp"

#include <string>

#include <gtest/gtest.h>

namespace hotpath::flamegraph {
namespace {

std::string escaped(std::string_view text) {
  std::string out;
  append_xml_escaped(out, text);
  return out;
}

TEST(XmlText, EscapesTheFiveSpecialCharacters) {
  EXPECT_EQ(escaped("bool operator<(A const&, B const&)"),
            "bool operator&lt;(A const&amp;, B const&amp;)");
  EXPECT_EQ(escaped("a->b \"quoted\" it's"), "a-&gt;b &quot;quoted&quot; it&apos;s");
  EXPECT_EQ(escaped("plain"), "plain");
}

TEST(XmlText, KeepsValidUtf8) {
  const std::string text = "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x94\xA5\ttab\nline";
  EXPECT_EQ(sanitized_utf8(text), text);
}

TEST(XmlText, ReplacesInvalidBytesAndControlCharacters) {
  const std::string replacement = "\xEF\xBF\xBD";
  EXPECT_EQ(sanitized_utf8("bad\xFF"), "bad" + replacement);
  EXPECT_EQ(sanitized_utf8("\xC3"), replacement);                                      // truncated
  EXPECT_EQ(sanitized_utf8("\xC0\xAF"), replacement + replacement);                    // overlong
  EXPECT_EQ(sanitized_utf8("\xED\xA0\x80"), replacement + replacement + replacement);  // surrogate
  EXPECT_EQ(sanitized_utf8("\xF4\x90\x80\x80").substr(0, 3), replacement);  // above U+10FFFF
  EXPECT_EQ(sanitized_utf8(std::string("a\0b\x1b\x7f", 5)),
            "a" + replacement + "b" + replacement + replacement);
}

TEST(XmlText, CountsCharactersNotBytes) {
  EXPECT_EQ(character_count(""), 0U);
  EXPECT_EQ(character_count("abc"), 3U);
  EXPECT_EQ(character_count("caf\xC3\xA9"), 4U);
  EXPECT_EQ(character_count("\xF0\x9F\x94\xA5!"), 2U);
}

TEST(XmlText, FitsLabelsWithTwoDots) {
  EXPECT_EQ(fitted_label("heavy_work", 10), "heavy_work");
  EXPECT_EQ(fitted_label("heavy_work", 20), "heavy_work");
  EXPECT_EQ(fitted_label("heavy_work", 9), "heavy_w..");
  EXPECT_EQ(fitted_label("heavy_work", 3), "h..");
  EXPECT_EQ(fitted_label("heavy_work", 2), "");
  EXPECT_EQ(fitted_label("heavy_work", 0), "");
  EXPECT_EQ(fitted_label("ab", 2), "");
}

TEST(XmlText, CutsLabelsBetweenCharacters) {
  EXPECT_EQ(fitted_label("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", 4),
            "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9");
  EXPECT_EQ(fitted_label("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", 4), "\xC3\xA9\xC3\xA9..");
  EXPECT_EQ(fitted_label("\xF0\x9F\x94\xA5\xF0\x9F\x94\xA5xyz", 3), "\xF0\x9F\x94\xA5..");
}

}  // namespace
}  // namespace hotpath::flamegraph
