// Abbreviation of names too wide for a table: template arguments first, longest
// first, then the middle; operators are names, not argument lists; UTF-8 counts in
// code points.
#include "name_abbreviation.hpp"

#include <gtest/gtest.h>

namespace hotpath::detail {
namespace {

TEST(NameAbbreviation, NamesThatFitAreUnchanged) {
  EXPECT_EQ(abbreviate_name("app::Worker::run", 16), "app::Worker::run");
  EXPECT_EQ(abbreviate_name("std::map<int, int>::find", 100), "std::map<int, int>::find");
}

TEST(NameAbbreviation, TheLongestArgumentListGoesFirst) {
  const std::string name = "std::map<std::string, std::vector<int>>::find<const char*>";
  EXPECT_EQ(abbreviate_name(name, 50), "std::map<...>::find<const char*>");
  EXPECT_EQ(abbreviate_name(name, 24), "std::map<...>::find<...>");
}

TEST(NameAbbreviation, InnerListsGoBeforeTheMiddleIsCut) {
  // The outer list's contents are the longest: elided whole.
  EXPECT_EQ(abbreviate_name("app::Box<app::Pair<int, double>, long>::get", 30),
            "app::Box<...>::get");
}

TEST(NameAbbreviation, WhatIsStillTooWideLosesItsMiddle) {
  const std::string name = "app::a_very_long_namespace_name::and_a_long_class_name::member";
  const std::string shortened = abbreviate_name(name, 30);
  EXPECT_EQ(shortened, "app::a_ve...class_name::member");
  EXPECT_EQ(display_width(shortened), 30u);
}

TEST(NameAbbreviation, OperatorsAreNotArgumentLists) {
  EXPECT_EQ(abbreviate_name("app::Vec<double, 3>::operator<<=", 28), "app::Vec<...>::operator<<=");
  EXPECT_EQ(abbreviate_name("app::Ptr<std::string>::operator->", 25), "app::Ptr<...>::operator->");
  EXPECT_EQ(abbreviate_name("app::less<long long>::operator<", 25), "app::less<...>::operator<");
}

TEST(NameAbbreviation, Utf8CountsInCodePoints) {
  const std::string name = "app::größe<äöü, ßßß>::f";  // 23 code points, 29 bytes
  EXPECT_EQ(display_width(name), 23u);
  EXPECT_EQ(abbreviate_name(name, 23), name);
  EXPECT_EQ(abbreviate_name(name, 20), "app::größe<...>::f");
}

TEST(NameAbbreviation, TheWidthIsAtLeastEight) {
  EXPECT_EQ(abbreviate_name("abcdefghijklmnop", 2), "a...mnop");
}

}  // namespace
}  // namespace hotpath::detail
