// Canonical spelling: one spelling for what GCC and Clang print differently
// (integer type names, the standard libraries' inline namespaces, std::string,
// default arguments of standard templates, unnamed entities, literals), following
// Clang's printing.
#include "canonical.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "syntax.hpp"

namespace hotpath::names {
namespace {

struct SpellingCase {
  const char* text;
  const char* canonical;
};

void expect_spellings(const std::vector<SpellingCase>& cases,
                      const InlineNamespaces& inline_namespaces = {}) {
  for (const SpellingCase& test : cases) {
    SCOPED_TRACE(test.text);
    EXPECT_EQ(canonical_spelling(test.text, inline_namespaces), test.canonical);
    // The canonical spelling is its own canonical spelling.
    EXPECT_EQ(canonical_spelling(test.canonical, inline_namespaces), test.canonical);
  }
}

// Expressions in template arguments (enable_if conditions) keep their operators
// whole: `a == b`, never `a = = b`.
TEST(NamesCanonical, ComparisonAndLogicalOperatorsStayWhole) {
  expect_spellings({
      {"fmt::enable_if_t<(fmt::kind::seq == kind::seq || fmt::kind::map == kind::map)>",
       "fmt::enable_if_t<(fmt::kind::seq == kind::seq || fmt::kind::map == kind::map)>"},
      {"f<(a != b)>", "f<(a != b)>"},
  });
}

// GCC orders the keywords of integer types `long unsigned int`.
TEST(NamesCanonical, IntegerTypesAsClangNamesThem) {
  expect_spellings({
      {"long unsigned int", "unsigned long"},
      {"long long unsigned int", "unsigned long long"},
      {"long long int", "long long"},
      {"long int", "long"},
      {"short int", "short"},
      {"short unsigned int", "unsigned short"},
      {"unsigned int", "unsigned int"},
      {"unsigned", "unsigned int"},
      {"signed", "int"},
      {"signed char", "signed char"},
      {"unsigned char", "unsigned char"},
      {"char", "char"},
      {"int", "int"},
      {"long double", "long double"},
      {"unsigned long long", "unsigned long long"},
      {"__int128", "__int128"},
      {"__int128 unsigned", "unsigned __int128"},  // g++ 12
      {"unsigned __int128", "unsigned __int128"},  // Clang
      {"const __int128 unsigned&", "const unsigned __int128 &"},
      {"const long unsigned int&", "const unsigned long &"},
      {"const volatile long unsigned int&", "const volatile unsigned long &"},
      {"std::vector<long unsigned int>", "std::vector<unsigned long>"},
      {"std::tuple<int, long int>", "std::tuple<int, long>"},
      {"std::__cxx11::list<long unsigned int>", "std::list<unsigned long>"},
      {"app::f(long long unsigned int, long int, short int, unsigned char)",
       "app::f(unsigned long long, long, short, unsigned char)"},
  });
}

TEST(NamesCanonical, StandardInlineNamespacesAreLeftOut) {
  expect_spellings({
      {"std::__cxx11::list<int>", "std::list<int>"},
      {"std::__1::basic_string<char>", "std::string"},
      {"std::__1::vector<int, std::__1::allocator<int> >", "std::vector<int>"},
      {"std::__1::unordered_map<int, int>", "std::unordered_map<int, int>"},
      {"std::chrono::_V2::steady_clock", "std::chrono::steady_clock"},
      {"std::_V2::error_category", "std::error_category"},
      {"::std::vector<int>", "std::vector<int>"},
      {"std::__cxx11::basic_string<char>::size", "std::string::size"},
      // Only the standard library's: namespaces of the same name elsewhere stay.
      {"app::__cxx11::list<int>", "app::__cxx11::list<int>"},
      {"mystd::__1::list<int>", "mystd::__1::list<int>"},
  });
}

TEST(NamesCanonical, GivenInlineNamespacesAreLeftOut) {
  expect_spellings(
      {
          {"fmt::v12::format_to<fmt::v12::memory_buffer>", "fmt::format_to<fmt::memory_buffer>"},
          {"void fmt::v12::detail::vformat_to(fmt::v12::detail::buffer<char>&)",
           "void fmt::detail::vformat_to(fmt::detail::buffer<char> &)"},
          {"std::vector<fmt::v12::string_view>", "std::vector<fmt::string_view>"},
          {"app::v12::Fmt<app::v12::Arg>::go(const app::v12::Arg&)",
           "app::Fmt<app::Arg>::go(const app::Arg &)"},
          {"::fmt::v12::x", "fmt::x"},
          // `fmt::v12` only: not another namespace's `fmt::v12`, nor `fmt::v11`.
          {"other::fmt::v12::x", "other::fmt::v12::x"},
          {"fmt::v11::x", "fmt::v11::x"},
          {"std::__cxx11::list<fmt::v12::x>", "std::list<fmt::x>"},
      },
      {"fmt::v12", "app::v12"});
  // Without the list, a library's inline namespace is printed.
  EXPECT_EQ(canonical_spelling("fmt::v12::format_to"), "fmt::v12::format_to");
  EXPECT_EQ(canonical_spelling("app::v12::Fmt::go()"), "app::v12::Fmt::go()");
}

TEST(NamesCanonical, StringsAreNamedAsUsersWriteThem) {
  expect_spellings({
      {"std::__cxx11::basic_string<char>", "std::string"},
      {"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >",
       "std::string"},
      {"std::basic_string<char, std::char_traits<char>, std::allocator<char>>", "std::string"},
      {"std::basic_string<char>", "std::string"},
      {"std::__cxx11::basic_string<wchar_t>", "std::wstring"},
      {"std::basic_string<char8_t>", "std::u8string"},
      {"std::basic_string<char16_t>", "std::u16string"},
      {"std::basic_string<char32_t>", "std::u32string"},
      {"std::basic_string_view<char>", "std::string_view"},
      {"std::basic_string_view<char, std::char_traits<char> >", "std::string_view"},
      {"std::basic_ostream<char>", "std::ostream"},
      {"std::basic_istream<char, std::char_traits<char> >", "std::istream"},
      {"std::__cxx11::basic_ostringstream<char>", "std::ostringstream"},
      {"const std::__cxx11::basic_string<char>&", "const std::string &"},
      // Other traits or allocators are kept.
      {"std::basic_string<char, my_traits>", "std::basic_string<char, my_traits>"},
      {"std::basic_string<char, std::char_traits<char>, my_alloc<char> >",
       "std::basic_string<char, std::char_traits<char>, my_alloc<char>>"},
      {"std::basic_string<unsigned char>", "std::basic_string<unsigned char>"},
  });
}

TEST(NamesCanonical, DefaultArgumentsOfStandardTemplatesAreLeftOut) {
  expect_spellings({
      {"std::vector<int, std::allocator<int> >", "std::vector<int>"},
      {"std::vector<std::vector<int> >", "std::vector<std::vector<int>>"},
      {"std::deque<int, std::allocator<int> >", "std::deque<int>"},
      {"std::__cxx11::list<int, std::allocator<int> >", "std::list<int>"},
      {"std::forward_list<int, std::allocator<int> >", "std::forward_list<int>"},
      {"std::set<int, std::less<int>, std::allocator<int> >", "std::set<int>"},
      {"std::set<int, std::less<int> >", "std::set<int>"},
      {"std::multiset<long int, std::less<long int> >", "std::multiset<long>"},
      {"std::map<int, std::__cxx11::basic_string<char>, std::less<int>, "
       "std::allocator<std::pair<const int, std::__cxx11::basic_string<char> > > >",
       "std::map<int, std::string>"},
      {"std::multimap<int, int, std::less<int> >", "std::multimap<int, int>"},
      {"std::unordered_map<std::__cxx11::basic_string<char>, int, "
       "std::hash<std::__cxx11::basic_string<char> >, "
       "std::equal_to<std::__cxx11::basic_string<char> >, "
       "std::allocator<std::pair<const std::__cxx11::basic_string<char>, int> > >",
       "std::unordered_map<std::string, int>"},
      {"std::unordered_set<int, std::hash<int>, std::equal_to<int>, std::allocator<int> >",
       "std::unordered_set<int>"},
      {"std::unique_ptr<int, std::default_delete<int> >", "std::unique_ptr<int>"},
      {"std::unique_ptr<int [], std::default_delete<int []> >", "std::unique_ptr<int[]>"},
      {"std::map<std::__cxx11::basic_string<char>, std::vector<std::__cxx11::basic_string<char> "
       "> >",
       "std::map<std::string, std::vector<std::string>>"},
      {"std::optional<std::__cxx11::basic_string<char> >", "std::optional<std::string>"},
      {"std::pair<const int, std::__cxx11::basic_string<char> >",
       "std::pair<const int, std::string>"},
      {"std::ratio<1000000, 1>", "std::ratio<1000000>"},
      {"std::chrono::duration<long int, std::ratio<1, 1> >", "std::chrono::duration<long>"},
      {"std::chrono::duration<long unsigned int, std::ratio<1> >",
       "std::chrono::duration<unsigned long>"},
      {"std::chrono::duration<double, std::ratio<1, 1000> >",
       "std::chrono::duration<double, std::ratio<1, 1000>>"},
      {"std::chrono::duration<float, std::ratio<1000000000000000000, 1> >",
       "std::chrono::duration<float, std::ratio<1000000000000000000>>"},
      {"std::span<int, 18446744073709551615>", "std::span<int>"},
      {"std::stack<int, std::deque<int, std::allocator<int> > >", "std::stack<int>"},
      {"std::priority_queue<int, std::vector<int>, std::less<int> >", "std::priority_queue<int>"},
      {"std::basic_ofstream<char, std::char_traits<char> >", "std::basic_ofstream<char>"},
      // Arguments that are not the defaults are kept, and so are those before them.
      {"std::set<int, std::greater<int> >", "std::set<int, std::greater<int>>"},
      {"std::set<int, std::greater<int>, std::allocator<int> >",
       "std::set<int, std::greater<int>>"},
      {"std::vector<int, my_alloc<int> >", "std::vector<int, my_alloc<int>>"},
      {"std::map<int, int, std::greater<int> >", "std::map<int, int, std::greater<int>>"},
      {"std::vector<long, std::allocator<int> >", "std::vector<long, std::allocator<int>>"},
      // Only the standard library's templates.
      {"app::vector<int, std::allocator<int> >", "app::vector<int, std::allocator<int>>"},
      {"std::shared_ptr<int>", "std::shared_ptr<int>"},
      {"std::allocator<int>", "std::allocator<int>"},
      {"std::array<int, 3>", "std::array<int, 3>"},
      {"std::span<int, 3>", "std::span<int, 3>"},
      {"app::chrono::duration<int, std::ratio<1> >", "app::chrono::duration<int, std::ratio<1>>"},
  });
}

TEST(NamesCanonical, DeclaratorsAndFunctionTypesAreSpacedAsClangSpacesThem) {
  expect_spellings({
      {"const char*", "const char *"},
      {"const char* const*", "const char *const *"},
      {"int []", "int[]"},
      {"int [3]", "int[3]"},
      {"std::unique_ptr<int []>", "std::unique_ptr<int[]>"},
      {"std::function<int(double)>", "std::function<int (double)>"},
      {"std::function<void()>", "std::function<void ()>"},
      {"std::function<int(double, const char*)>", "std::function<int (double, const char *)>"},
      {"app::Box<int(double)>", "app::Box<int (double)>"},
      {"app::Box<void (*)(int)>", "app::Box<void (*)(int)>"},
      {"app::Box<void (* (*)())(int)>", "app::Box<void (*(*)())(int)>"},
      {"app::Box<int (*)[3]>", "app::Box<int (*)[3]>"},
      {"A&& ...", "A &&..."},
      {"std::vector<std::vector<std::vector<int> > >",
       "std::vector<std::vector<std::vector<int>>>"},
      // At the top level too, as Clang prints types (syntax.hpp's own example).
      {"int (&)[4]", "int (&)[4]"},
      {"void (*)(int)", "void (*)(int)"},
      {"void (Pt::*)(int) const", "void (Pt::*)(int) const"},
  });
}

TEST(NamesCanonical, IntegerLiteralSuffixesAreLeftOut) {
  expect_spellings({
      {"7U", "7"},
      {"-3L", "-3"},
      {"9UL", "9"},
      {"10000000000ULL", "10000000000"},
      {"-9223372036854775807LL", "-9223372036854775807"},
      {"18446744073709551615ull", "18446744073709551615"},
      {"0x1FUL", "0x1F"},
      {"app::nt<7U, -3L, 9UL>", "app::nt<7, -3, 9>"},
      // Not integers: left alone.
      {"1.5e+10", "1.5e+10"},
      {"2.5", "2.5"},
  });
}

// Clang prints a cast before an integer template argument of a type narrower
// than int (`S = (short)-5`), GCC the value (`short int S = -5`).
TEST(NamesCanonical, ClangCastsOfSmallIntegerArgumentsAreLeftOut) {
  expect_spellings({
      {"(short)-5", "-5"},
      {"(unsigned short)7", "7"},
      {"(signed char)'\\xfd'", "-3"},
      {"(unsigned char)'\\xc8'", "200"},
      {"app::small<(short)-5, (unsigned short)7>", "app::small<-5, 7>"},
  });
}

// GCC prints character arguments in octal (`'\012'`), Clang with C escapes or in
// hexadecimal (`'\n'`, `'\x7f'`).
TEST(NamesCanonical, CharacterLiteralsAsClangPrintsThem) {
  expect_spellings({
      {"'\\012'", "'\\n'"},
      {"'\\011'", "'\\t'"},
      {"'\\000'", "'\\x00'"},
      {"'\\001'", "'\\x01'"},
      {"'\\177'", "'\\x7f'"},
      {"'\\\"'", "'\"'"},
      {"'\\''", "'\\''"},
      {"'\\\\'", "'\\\\'"},
      {"'A'", "'A'"},
      {"' '", "' '"},
  });
}

TEST(NamesCanonical, UnnamedEntities) {
  expect_spellings({
      {"{anonymous}", "(anonymous namespace)"},
      {"app::{anonymous}::Hidden", "app::(anonymous namespace)::Hidden"},
      {"app::Box<app::<unnamed>::first>", "app::Box<app::(anonymous namespace)::first>"},
      {"app::(anonymous namespace)::Hidden", "app::(anonymous namespace)::Hidden"},
      {"(lambda at /x/y/a.cpp:41:13)", "(lambda at a.cpp:41)"},
      {"(lambda at cases.cpp:41:13)", "(lambda at cases.cpp:41)"},
      {"(lambda at a.cpp:41)", "(lambda at a.cpp:41)"},
      {"app::call<(lambda at /src/cases.cpp:41:35)>", "app::call<(lambda at cases.cpp:41)>"},
      {"main()::<lambda()>", "main()::(lambda)"},
      {"main()::<lambda(int)>", "main()::(lambda)"},
      {"app::lam_free()::<lambda(auto:14, auto:15)>", "app::lam_free()::(lambda)"},
      {"app::lam_free()::<lambda()>::<lambda()>", "app::lam_free()::(lambda)::(lambda)"},
      {"main()::(anonymous class)", "main()::(lambda)"},
      {"{lambda(int)#1}", "(lambda)"},
      {"(unnamed struct at /x/cases5.cpp:13:3)", "(unnamed at cases5.cpp:13)"},
      {"main()::<unnamed struct>", "main()::(unnamed)"},
      {"app::(anonymous struct)", "app::(unnamed)"},
  });
}

TEST(NamesCanonical, ParametersLoseTheirOwnQualifiers) {
  expect_spellings({
      {"with_const(const unsigned int, const int)", "with_const(unsigned int, int)"},
      {"f(unsigned int const, volatile int)", "f(unsigned int, int)"},
      {"f(char *const, const char *const volatile)", "f(char *, const char *)"},
      // What a pointer or a reference refers to keeps its qualifiers.
      {"f(const char *, const std::string &, const T &&...)",
       "f(const char *, const std::string &, const T &&...)"},
      {"f(const int[4], int (*const)(const int))", "f(const int[4], int (*const)(const int))"},
      {"app::S::get(const int) const &", "app::S::get(int) const &"},
      {"void (const int, const std::vector<const int>)", "void(int, std::vector<const int>)"},
      // Not a parameter list: template arguments keep theirs.
      {"app::Box<const int>", "app::Box<const int>"},
  });
}

TEST(NamesCanonical, CanonicalizeInPlaceMatchesTheSpelling) {
  for (const char* text : {"std::vector<long unsigned int, std::allocator<long unsigned int> >",
                           "app::{anonymous}::f(const char*)", "fmt::v12::x<7UL>"}) {
    SCOPED_TRACE(text);
    Nodes nodes = parse(text);
    canonicalize(nodes, {"fmt::v12"});
    EXPECT_EQ(print(nodes), canonical_spelling(text, {"fmt::v12"}));
  }
  Nodes nodes = parse("std::__cxx11::basic_string<char>");
  canonicalize(nodes);
  EXPECT_EQ(print(nodes), "std::string");
}

TEST(NamesCanonical, EmptyAndPlainText) {
  EXPECT_EQ(canonical_spelling(""), "");
  EXPECT_EQ(canonical_spelling("main"), "main");
  EXPECT_EQ(canonical_spelling("app::S::f() const"), "app::S::f() const");
}

}  // namespace
}  // namespace hotpath::names
