// Matching the signatures a filter file lists against the signature patterns the
// plugin and clang-hotpath-rewrite print.
#include "signature_match.hpp"

#include <gtest/gtest.h>

namespace hotpath::names {
namespace {

bool matches(const char* entry, const char* pattern, const char* file = "") {
  return signature_matches_pattern(read_signature_entry(entry), pattern, file);
}

TEST(NamesSignatureMatch, FunctionsWithoutTemplatesMatchTheirSignatureOnly) {
  EXPECT_TRUE(matches("app::f(int)", "app::f(int)"));
  EXPECT_FALSE(matches("app::f(int)", "app::f(double)"));
  EXPECT_FALSE(matches("app::f(int)", "app::g(int)"));
  EXPECT_FALSE(matches("app::f(int)", "app::f(int, int)"));
  EXPECT_TRUE(matches("app::S::get() const", "app::S::get() const"));
  EXPECT_FALSE(matches("app::S::get() const", "app::S::get()"));
  EXPECT_FALSE(matches("app::S::get()", "app::S::get() const"));
  EXPECT_FALSE(matches("app::S", "app::S::get()"));
}

TEST(NamesSignatureMatch, ANameWithoutParametersMatchesEveryOverload) {
  EXPECT_TRUE(matches("app::f", "app::f(int)"));
  EXPECT_TRUE(matches("app::f", "app::f(double) const"));
  EXPECT_TRUE(matches("app::Stack<int>::push", "app::Stack<${T}>::push(const ${T} &)"));
  EXPECT_FALSE(matches("app::f", "app::ff(int)"));
}

TEST(NamesSignatureMatch, AnInstantiationMatchesItsTemplatesPattern) {
  EXPECT_TRUE(matches("ns::Box<int>::get() const", "ns::Box<${T}>::get() const"));
  EXPECT_TRUE(matches("ns::Box<std::string>::get() const", "${types=T}ns::Box<${T}>::get() const"));
  EXPECT_FALSE(matches("ns::Box<int>::get() const", "ns::Box<${T}>::set(${T})"));
  EXPECT_FALSE(matches("ns::Bag<int>::get() const", "ns::Box<${T}>::get() const"));
  EXPECT_TRUE(
      matches("app::Map<int>::find(const int &) const",
              "${inline=app::v1}app::Map<${K}, ${V=std::string}>::find(const ${K} &) const"));
  EXPECT_TRUE(matches("app::first<int *>(int *const &)", "app::first<${T}>(const ${T} &)"));
  EXPECT_TRUE(
      matches("app::print<>(const char *)", "app::print<${Ts}...>(const char *, ${Ts} &&...)"));
  EXPECT_TRUE(matches("app::print<int, double>(const char *, int &&, double &&)",
                      "app::print<${Ts}...>(const char *, ${Ts} &&...)"));
  EXPECT_FALSE(matches("app::print<int>(int)", "app::print<${Ts}...>(const char *, ${Ts} &&...)"));
  EXPECT_TRUE(
      matches("app::Pt::operator int *<int>() const", "app::Pt::operator ${T} *<${T}>() const"));
}

TEST(NamesSignatureMatch, LambdasMatchByWhereTheyAreWritten) {
  EXPECT_TRUE(matches("app::run::(lambda at a.cpp:12)", "app::run::(lambda at a.cpp:12)"));
  EXPECT_FALSE(matches("app::run::(lambda at a.cpp:12)", "app::run::(lambda at a.cpp:13)"));
}

TEST(NamesSignatureMatch, AFileTagMatchesFunctionsWithInternalLinkageOfThatFile) {
  EXPECT_TRUE(matches("helper() [a.cpp]", "helper()", "a.cpp"));
  EXPECT_FALSE(matches("helper() [a.cpp]", "helper()", "b.cpp"));
  EXPECT_FALSE(matches("helper() [a.cpp]", "helper()", ""));
  EXPECT_TRUE(matches("helper()", "helper()", "b.cpp"));
}

}  // namespace
}  // namespace hotpath::names
