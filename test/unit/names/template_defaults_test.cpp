// Default template arguments left out of the specializations GCC spells with
// them, by the entries clang-hotpath-rewrite writes for a translation unit.
#include "template_defaults.hpp"

#include <gtest/gtest.h>

#include <string>

#include "pattern.hpp"

namespace hotpath::names {
namespace {

std::string with_defaults(const TemplateDefaults& defaults, const std::string& text) {
  Nodes nodes = parse(text);
  defaults.apply(nodes);
  return print(nodes);
}

TemplateDefaults example_defaults() {
  TemplateDefaults defaults;
  EXPECT_TRUE(defaults.add("fmt::join_view<${It}, ${Sentinel}, ${Char=char}>"));
  EXPECT_TRUE(defaults.add("app::Map<${K}, ${V=std::string}, ${Hash=std::hash<${K}>}>"));
  EXPECT_TRUE(defaults.add("app::Buffer<${T}, ${N=500}>"));
  EXPECT_TRUE(defaults.add("app::List<${T}, ${Ts}...>"));
  return defaults;
}

TEST(NamesTemplateDefaults, TrailingDefaultArgumentsAreLeftOut) {
  const TemplateDefaults defaults = example_defaults();
  EXPECT_EQ(with_defaults(defaults, "fmt::join_view<int *, int *, char>"),
            "fmt::join_view<int *, int *>");
  EXPECT_EQ(with_defaults(defaults, "fmt::join_view<int *, int *, wchar_t>"),
            "fmt::join_view<int *, int *, wchar_t>");
  EXPECT_EQ(with_defaults(defaults, "app::Buffer<char, 500>"), "app::Buffer<char>");
  EXPECT_EQ(with_defaults(defaults, "app::Buffer<char, 64>"), "app::Buffer<char, 64>");
}

TEST(NamesTemplateDefaults, ExplicitSpecializationsAreRespelled) {
  // Clang writes libstdc++'s `template <> struct hash<string>` as declared.
  TemplateDefaults defaults = example_defaults();
  EXPECT_TRUE(defaults.add("std::hash<string> = std::hash<std::basic_string<char>>"));
  EXPECT_TRUE(
      defaults.add("app::formatter<test_string> = app::formatter<basic_test_string<char>>"));
  EXPECT_FALSE(defaults.add("std::hash<string> = std::hash<other>"));  // the first stays
  EXPECT_FALSE(defaults.add("std::hash<int> = not a specialization"));
  EXPECT_EQ(with_defaults(defaults, "app::Map<int, std::string, std::hash<string>>"),
            "app::Map<int, std::string, std::hash<std::string>>");
  // Respelled first, then left out as the default it is.
  EXPECT_EQ(with_defaults(defaults, "app::Map<std::string, std::string, std::hash<string>>"),
            "app::Map<std::string>");
  EXPECT_EQ(with_defaults(defaults, "app::use<app::formatter<test_string>>"),
            "app::use<app::formatter<basic_test_string<char>>>");
  // Only the whole name: another namespace's `hash<string>` is another template.
  EXPECT_EQ(with_defaults(defaults, "lib::hash<string>"), "lib::hash<string>");
  TemplateDefaults only_spellings;
  EXPECT_TRUE(only_spellings.add("std::hash<string> = std::hash<std::string>"));
  EXPECT_FALSE(only_spellings.empty());
  EXPECT_EQ(with_defaults(only_spellings, "f<std::hash<string>>"), "f<std::hash<std::string>>");
}

TEST(NamesTemplateDefaults, DefaultsThatDependOnEarlierArguments) {
  const TemplateDefaults defaults = example_defaults();
  EXPECT_EQ(with_defaults(defaults, "app::Map<int, std::string, std::hash<int>>"), "app::Map<int>");
  EXPECT_EQ(with_defaults(defaults, "app::Map<int, long, std::hash<int>>"), "app::Map<int, long>");
  // An argument before one that is not its default stays.
  EXPECT_EQ(with_defaults(defaults, "app::Map<int, std::string, my_hash>"),
            "app::Map<int, std::string, my_hash>");
  EXPECT_EQ(with_defaults(defaults, "app::Map<int, std::string, std::hash<long>>"),
            "app::Map<int, std::string, std::hash<long>>");
}

TEST(NamesTemplateDefaults, EverySpecializationInANameIsDone) {
  const TemplateDefaults defaults = example_defaults();
  EXPECT_EQ(with_defaults(defaults,
                          "fmt::basic_format_string<char, fmt::join_view<int *, int *, char>>::"
                          "basic_format_string(const fmt::join_view<const char *, const char *, "
                          "char> &)"),
            "fmt::basic_format_string<char, fmt::join_view<int *, int *>>::basic_format_string("
            "const fmt::join_view<const char *, const char *> &)");
  EXPECT_EQ(with_defaults(defaults,
                          "app::Map<app::Buffer<char, 500>, std::string, "
                          "std::hash<app::Buffer<char>>>"),
            "app::Map<app::Buffer<char>>");
}

TEST(NamesTemplateDefaults, OnlyTheTemplatesItKnows) {
  const TemplateDefaults defaults = example_defaults();
  for (const char* text :
       {"other::join_view<int *, int *, char>", "join_view<int *, int *, char>",
        "app::Outer<int>::fmt::join_view<int *, int *, char>", "app::List<int, char, char>",
        "app::Buffer<char, 500, 1>", "app::Map<>"}) {
    EXPECT_EQ(with_defaults(defaults, text), print(parse(text))) << text;
  }
}

TEST(NamesTemplateDefaults, EntriesAreOneTemplateEach) {
  TemplateDefaults defaults;
  EXPECT_TRUE(defaults.empty());
  EXPECT_FALSE(defaults.add("fmt::join_view"));
  EXPECT_FALSE(defaults.add("const fmt::join_view<${It}, ${Char=char}>"));
  EXPECT_FALSE(defaults.add("<${It}, ${Char=char}>"));
  EXPECT_TRUE(defaults.empty());
  EXPECT_TRUE(defaults.add("fmt::join_view<${It}, ${Char=char}>"));
  // The first entry of a name stays.
  EXPECT_FALSE(defaults.add("fmt::join_view<${It}, ${Char=wchar_t}>"));
  EXPECT_EQ(with_defaults(defaults, "fmt::join_view<int, char>"), "fmt::join_view<int>");
}

TEST(NamesTemplateDefaults, PatternsAreCompletedWithoutDefaults) {
  const TemplateDefaults defaults = example_defaults();
  EXPECT_EQ(resolve_pattern("${inline=fmt::v9}fmt::print<${T}>(const ${T} &)",
                            "void fmt::v9::print(const T&) [with T = "
                            "fmt::v9::join_view<int*, int*, char>]",
                            "", "", &defaults),
            "fmt::print<fmt::join_view<int *, int *>>(const fmt::join_view<int *, int *> &)");
  EXPECT_EQ(resolve_pattern("${inline=fmt::v9}fmt::print<${T}>(const ${T} &)",
                            "void fmt::v9::print(const T&) [with T = "
                            "fmt::v9::join_view<int*, int*, char>]"),
            "fmt::print<fmt::join_view<int *, int *, char>>(const fmt::join_view<int *, int *, "
            "char> &)");
}

TEST(NamesTemplateDefaults, ASpecializationIsRememberedWithItsTemplate) {
  TemplateDefaults defaults = example_defaults();
  EXPECT_TRUE(defaults.add("app::Other<${T}, ${N=64}>"));
  // The same arguments of two templates, each with its own defaults, asked twice.
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(with_defaults(defaults, "app::Buffer<char, 500>"), "app::Buffer<char>");
    EXPECT_EQ(with_defaults(defaults, "app::Other<char, 500>"), "app::Other<char, 500>");
    EXPECT_EQ(with_defaults(defaults, "app::Other<char, 64>"), "app::Other<char>");
    EXPECT_EQ(with_defaults(defaults, "app::Buffer<char, 64>"), "app::Buffer<char, 64>");
  }
}

}  // namespace
}  // namespace hotpath::names
