// The syntax tree of names: tokens and bracket groups, operator function names,
// the specials Clang and GCC print for unnamed entities, placeholders, Clang's
// spacing when printing, and input that is not well formed (never a crash).
#include "syntax.hpp"

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace hotpath::names {
namespace {

/// The tree in one line: `W:std|P:::|W:map|G<(W:int|P:,|W:long)`; placeholders as
/// `${T}` or `${T=(...)}`.
std::string describe(const Nodes& nodes) {
  std::string out;
  for (const Node& node : nodes) {
    if (!out.empty()) out += '|';
    switch (node.kind) {
      case Node::Kind::Word:
        out += "W:" + node.text;
        break;
      case Node::Kind::Number:
        out += "N:" + node.text;
        break;
      case Node::Kind::Literal:
        out += "L:" + node.text;
        break;
      case Node::Kind::Punct:
        out += "P:" + node.text;
        break;
      case Node::Kind::Special:
        out += "S:" + node.text;
        break;
      case Node::Kind::Placeholder:
        out += "${" + node.text;
        if (node.has_default) out += "=(" + describe(node.children) + ")";
        out += "}";
        break;
      case Node::Kind::Group:
        out += "G" + node.text + "(" + describe(node.children) + ")";
        break;
    }
  }
  return out;
}

std::string round_trip(std::string_view text) { return print(parse(text)); }

TEST(NamesSyntax, ReadsTokensAndBracketGroups) {
  EXPECT_EQ(describe(parse("std::map<int, long>")), "W:std|P:::|W:map|G<(W:int|P:,|W:long)");
  EXPECT_EQ(describe(parse("f(const char *, int (&)[4])")),
            "W:f|G((W:const|W:char|P:*|P:,|W:int|G((P:&)|G[(N:4))");
  EXPECT_EQ(describe(parse("T &&...")), "W:T|P:&&|P:...");
  EXPECT_EQ(describe(parse("[with T = int; N = 3]")), "G[(W:with|W:T|P:=|W:int|P:;|W:N|P:=|N:3)");
  EXPECT_EQ(describe(parse("{int, double}")), "G{(W:int|P:,|W:double)");
  EXPECT_EQ(describe(parse("::a")), "P:::|W:a");
  EXPECT_EQ(describe(parse("app::Pt::~Pt()")), "W:app|P:::|W:Pt|P:::|P:~|W:Pt|G(()");
  EXPECT_EQ(describe(parse("")), "");
  EXPECT_EQ(describe(parse("   ")), "");
}

TEST(NamesSyntax, ReadsLiterals) {
  EXPECT_EQ(describe(parse("'a'")), "L:'a'");
  EXPECT_EQ(describe(parse("'\\''")), "L:'\\''");
  EXPECT_EQ(describe(parse("'\\\\'")), "L:'\\\\'");
  EXPECT_EQ(describe(parse("\"a\\\"b\"")), "L:\"a\\\"b\"");
  EXPECT_EQ(describe(parse("1.5e+10")), "N:1.5e+10");
  EXPECT_EQ(describe(parse("0x1FUL")), "N:0x1FUL");
  EXPECT_EQ(describe(parse("-3L")), "P:-|N:3L");
  EXPECT_EQ(describe(parse("X<'<', '>'>")), "W:X|G<(L:'<'|P:,|L:'>')");
}

// A `<` is a template argument list only after a name: elsewhere it is a less-than
// sign, and a group that another bracket closes is dissolved into tokens.
TEST(NamesSyntax, TellsTemplateArgumentsFromLessThan) {
  EXPECT_EQ(describe(parse("app::Box<(1 < 2)>::f()")),
            "W:app|P:::|W:Box|G<(G((N:1|P:<|N:2))|P:::|W:f|G(()");
  EXPECT_EQ(describe(parse("f(a < b)")), "W:f|G((W:a|P:<|W:b)");
  EXPECT_EQ(describe(parse("f(1 < 2)")), "W:f|G((N:1|P:<|N:2)");
}

struct OperatorCase {
  const char* text;
  const char* word;  // the operator function's name, one word
};

TEST(NamesSyntax, ReadsOperatorFunctionNamesAsOneWord) {
  const std::vector<OperatorCase> cases = {
      {"app::Pt::operator<(const Pt &) const", "operator<"},
      {"app::Pt::operator>(const Pt &) const", "operator>"},
      {"app::Pt::operator<=(const Pt &) const", "operator<="},
      {"app::Pt::operator<=>(const Pt &) const", "operator<=>"},
      {"app::operator<<(std::ostream &, const Pt &)", "operator<<"},
      {"app::Pt::operator>>(int) const", "operator>>"},
      {"app::Pt::operator<<=(int)", "operator<<="},
      {"app::Pt::operator>>=(int)", "operator>>="},
      {"app::Pt::operator()(int)", "operator()"},
      {"app::Pt::operator[](int) const", "operator[]"},
      {"app::Pt::operator->()", "operator->"},
      {"app::Pt::operator->*(int app::Pt::*) const", "operator->*"},
      {"app::Pt::operator,(int) const", "operator,"},
      {"app::Pt::operator!() const", "operator!"},
      {"app::Pt::operator~()", "operator~"},
      {"app::Pt::operator=(const Pt &)", "operator="},
      {"app::Pt::operator==(const Pt &) const", "operator=="},
      {"app::Pt::operator!=(const Pt &) const", "operator!="},
      {"app::Pt::operator++(int)", "operator++"},
      {"app::Pt::operator&&(int)", "operator&&"},
      {"app::Pt::operator new(std::size_t)", "operator new"},
      {"app::Pt::operator delete(void *)", "operator delete"},
      {"app::Pt::operator new[](std::size_t)", "operator new[]"},
      {"app::Pt::operator new [](std::size_t)", "operator new[]"},  // GCC
      {"app::Pt::operator delete[](void *)", "operator delete[]"},
      {"app::Pt::operator delete [](void*)", "operator delete[]"},  // GCC
      {"app::operator\"\"_km(long double)", "operator\"\"_km"},
      {"app::Pt::operator co_await()", "operator co_await"},
  };
  for (const OperatorCase& test : cases) {
    SCOPED_TRACE(test.text);
    const Nodes nodes = parse(test.text);
    ASSERT_GE(nodes.size(), 4u);
    const Node& name = nodes[nodes.size() - (nodes.back().is_word("const") ? 3 : 2)];
    EXPECT_EQ(name.kind, Node::Kind::Word);
    EXPECT_EQ(name.text, test.word);
    EXPECT_TRUE(nodes[nodes.size() - (nodes.back().is_word("const") ? 2 : 1)].is_group('('));
  }
}

TEST(NamesSyntax, OperatorFollowedByTemplateArguments) {
  EXPECT_EQ(describe(parse("app::operator< <int>(const Pt &, const int &)")),
            "W:app|P:::|W:operator<|G<(W:int)|G((W:const|W:Pt|P:&|P:,|W:const|W:int|P:&)");
  EXPECT_EQ(describe(parse("app::operator<< <int>(const int &)")),
            "W:app|P:::|W:operator<<|G<(W:int)|G((W:const|W:int|P:&)");
  EXPECT_EQ(describe(parse("app::Fn<int>::operator==<double>(const Fn<double> &)")),
            "W:app|P:::|W:Fn|G<(W:int)|P:::|W:operator==|G<(W:double)|"
            "G((W:const|W:Fn|G<(W:double)|P:&)");
}

TEST(NamesSyntax, ConversionOperatorKeepsItsTypeApart) {
  EXPECT_EQ(describe(parse("app::Op::operator const char *() const")),
            "W:app|P:::|W:Op|P:::|W:operator|W:const|W:char|P:*|G(()|W:const");
  EXPECT_EQ(describe(parse("app::Op::operator bool() const")),
            "W:app|P:::|W:Op|P:::|W:operator|W:bool|G(()|W:const");
  // `new` at the start of a longer identifier is no operator new.
  EXPECT_EQ(describe(parse("app::Op::operator newline_t()")),
            "W:app|P:::|W:Op|P:::|W:operator|W:newline_t|G(()");
  EXPECT_EQ(describe(parse("app::Op::operator std::vector<int>()")),
            "W:app|P:::|W:Op|P:::|W:operator|W:std|P:::|W:vector|G<(W:int)|G(()");
}

TEST(NamesSyntax, ReadsSpecialsAsOneToken) {
  const std::vector<const char*> specials = {
      "(anonymous namespace)",
      "(anonymous class)",
      "(anonymous struct)",
      "(lambda at /src/app/a.cpp:41:13)",
      "(lambda at cases.cpp:41:13)",
      "(unnamed struct at cases5.cpp:13:3)",
      "(lambda)",
      "{anonymous}",
      "{lambda(int)#1}",
      "{unnamed type#1}",
      "<lambda()>",
      "<lambda(int)>",
      "<lambda(auto:14, auto:15)>",
      "<lambda(auto:16 ...)>",
      "<lambda(const std::string&, std::vector<int>*)>",
      "<lambda(T)>",
      "<unnamed struct>",
      "<template-parameter-1-2>",
      "<anonymous>",
      "<dependent type>",
  };
  for (const char* special : specials) {
    SCOPED_TRACE(special);
    const Nodes nodes = parse(special);
    ASSERT_EQ(nodes.size(), 1u);
    EXPECT_EQ(nodes[0].kind, Node::Kind::Special);
    EXPECT_EQ(nodes[0].text, special);
  }
  EXPECT_EQ(describe(parse("app::{anonymous}::helper(long int)")),
            "W:app|P:::|S:{anonymous}|P:::|W:helper|G((W:long|W:int)");
  EXPECT_EQ(describe(parse("app::lam_free()::<lambda(int)>::<lambda()>")),
            "W:app|P:::|W:lam_free|G(()|P:::|S:<lambda(int)>|P:::|S:<lambda()>");
  EXPECT_EQ(describe(parse("void app::Sfinae<T, <template-parameter-1-2> >::f()")),
            "W:void|W:app|P:::|W:Sfinae|G<(W:T|P:,|S:<template-parameter-1-2>)|P:::|W:f|G(()");
}

TEST(NamesSyntax, ReadsInventedParametersOfGenericLambdasAsOneWord) {
  EXPECT_EQ(describe(parse("[with auto:14 = int; auto:15 = double]")),
            "G[(W:with|W:auto:14|P:=|W:int|P:;|W:auto:15|P:=|W:double)");
  EXPECT_EQ(describe(parse("[a:auto = int, xs:auto = <>]")),
            "G[(W:a:auto|P:=|W:int|P:,|W:xs:auto|P:=|G<())");
  // Not an invented parameter: a label, a scope, a bit field.
  EXPECT_EQ(describe(parse("a::b")), "W:a|P:::|W:b");
  EXPECT_EQ(describe(parse("x:y")), "W:x|P::|W:y");
}

TEST(NamesSyntax, ReadsPlaceholders) {
  EXPECT_EQ(describe(parse("${T}")), "${T}");
  EXPECT_EQ(describe(parse("${auto#0}")), "${auto#0}");
  EXPECT_EQ(describe(parse("${#1-2}")), "${#1-2}");
  EXPECT_EQ(describe(parse("${V=std::string}")), "${V=(W:std|P:::|W:string)}");
  EXPECT_EQ(describe(parse("${P=}")), "${P=()}");
  EXPECT_EQ(describe(parse("${H=std::hash<${K}>}")), "${H=(W:std|P:::|W:hash|G<(${K}))}");
  EXPECT_EQ(describe(parse("app::Map<${K}, ${V=std::string}>::find(const ${K} &) const")),
            "W:app|P:::|W:Map|G<(${K}|P:,|${V=(W:std|P:::|W:string)})|P:::|W:find|"
            "G((W:const|${K}|P:&)|W:const");
  EXPECT_EQ(describe(parse("print<${A}...>(const char *, ${A} &&...)")),
            "W:print|G<(${A}|P:...)|G((W:const|W:char|P:*|P:,|${A}|P:&&|P:...)");
  const Nodes with_default = parse("${N=4}");
  ASSERT_EQ(with_default.size(), 1u);
  EXPECT_TRUE(with_default[0].has_default);
  EXPECT_FALSE(parse("${N}")[0].has_default);
}

// Clang's spelling is printed as it was read.
TEST(NamesSyntax, ClangSpellingIsAFixedPoint) {
  const std::vector<const char*> texts = {
      "f(int)",
      "app::S::f(int) const &",
      "app::Q::crr() const &&",
      "app::Q::cv() const volatile",
      "std::map<int, int>",
      "std::map<std::string, std::vector<int>>",
      "const char *",
      "const char *const *",
      "T &&...",
      "int (&)[4]",
      "void (*)(int)",
      "f(void (*)(int), int (&)[4], const std::function<int (double)> &, std::unique_ptr<int[]>)",
      "f(void (*(*)())(int))",
      "f(void (app::Pt::*)(int) const, int app::Pt::*, int (*)[3], const char (&)[6])",
      "app::Box<void (app::Pt::*)(int) const>::f()",
      "app::Box<int (double)>::f()",
      "std::function<int (double, const char *)>",
      "std::function<void ()>",
      "app::loc(int)::L::m()",
      "app::tlam(double)::Loc::m()",
      "app::(anonymous namespace)::helper(unsigned long long, long, short, unsigned char)",
      "app::operator< <int>(const app::Pt &, const int &)",
      "app::operator<<(std::ostream &, const app::Pt &)",
      "app::Pt::operator->*(int app::Pt::*) const",
      "app::Op::operator const char *() const",
      "app::Pt::operator new[](std::size_t)",
      "app::nt<app::Color::Green, app::B1, true, 'x', 7, -3, 9>()",
      "app::ints<1, -2, 3>()",
      "app::print<>(const char *)",
      "app::Tup<>::f()",
      "app::vf(int, ...)",
      "app::tv<double>(double, ...)",
      "main()::(lambda)<int>",
      "app::call<(lambda at cases.cpp:41)>((lambda at cases.cpp:41))",
      "app::Map<${K}, ${V=std::string}>::bucket(const ${K} &) const",
      "app::HMap<${K}, ${V=double}, ${H=std::hash<${K}>}>::emplace<${A}...>(${A} &&...)",
  };
  for (const char* text : texts) EXPECT_EQ(round_trip(text), text);
}

struct SpacingCase {
  const char* text;
  const char* printed;
};

// GCC's spacing, and spacing nobody prints, come out as Clang's.
TEST(NamesSyntax, PrintsWithClangSpacing) {
  const std::vector<SpacingCase> cases = {
      {"const char*", "const char *"},
      {"int* const*", "int *const *"},
      {"const app::Pt&", "const app::Pt &"},
      {"T&& ...", "T &&..."},
      {"Ts ...", "Ts..."},
      {"std::vector<std::vector<int> >", "std::vector<std::vector<int>>"},
      {"std::map<int,int>", "std::map<int, int>"},
      {"std::map < int , int >", "std::map<int, int>"},
      {"std::function<int(double)>", "std::function<int (double)>"},
      {"std::function<void()>", "std::function<void ()>"},
      {"app::Box<int [3]>", "app::Box<int[3]>"},
      {"app::Box<int(double)>", "app::Box<int (double)>"},
      {"f(void (* (*)())(int))", "f(void (*(*)())(int))"},
      {"f(const volatile long unsigned int&)", "f(const volatile long unsigned int &)"},
      {"app::Pt::operator new [](std::size_t)", "app::Pt::operator new[](std::size_t)"},
      {"app::Pt::operator delete [](void*)", "app::Pt::operator delete[](void *)"},
      {"app::Op::operator const char*() const", "app::Op::operator const char *() const"},
      {"app::operator<<(std::ostream&, const Pt&)", "app::operator<<(std::ostream &, const Pt &)"},
      {"void app::Sfinae<T, <template-parameter-1-2> >::f()",
       "void app::Sfinae<T, <template-parameter-1-2>>::f()"},
      {"app::vf(int,...)", "app::vf(int, ...)"},
      {"f( int )", "f(int)"},
      {"a :: b", "a::b"},
      {"int x = 3", "int x = 3"},
      {"[T = int, U = long]", "[T = int, U = long]"},
  };
  for (const SpacingCase& test : cases) {
    SCOPED_TRACE(test.text);
    EXPECT_EQ(round_trip(test.text), test.printed);
  }
}

TEST(NamesSyntax, PrintsPlaceholdersAsWritten) {
  EXPECT_EQ(round_trip("${T}"), "${T}");
  EXPECT_EQ(round_trip("${V=std::string}"), "${V=std::string}");
  EXPECT_EQ(round_trip("${H=std::hash<${K}>}"), "${H=std::hash<${K}>}");
  EXPECT_EQ(round_trip("const ${T}&"), "const ${T} &");
  EXPECT_EQ(round_trip("${A}&& ..."), "${A} &&...");
}

TEST(NamesSyntax, SplitsAndJoinsLists) {
  const Nodes nodes = parse("a, b<c, d>, e f");
  const std::vector<Nodes> items = split(nodes, ",");
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(print(items[0]), "a");
  EXPECT_EQ(print(items[1]), "b<c, d>");
  EXPECT_EQ(print(items[2]), "e f");
  EXPECT_EQ(print(join(items)), "a, b<c, d>, e f");

  const std::vector<Nodes> gcc = split(parse("T = int; Ts = {long, char}"), ";");
  ASSERT_EQ(gcc.size(), 2u);
  EXPECT_EQ(print(gcc[1]), "Ts = {long, char}");

  // No separator: one item; nothing: one empty item.
  EXPECT_EQ(split(parse("int"), ",").size(), 1u);
  const std::vector<Nodes> empty = split(Nodes{}, ",");
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_TRUE(empty[0].empty());
  EXPECT_TRUE(join({}).empty());
}

// Text that is not well formed is read without failing: brackets that do not
// match become plain tokens and every word is kept.
TEST(NamesSyntax, UnbalancedTextIsReadWithoutFailing) {
  const std::vector<const char*> texts = {
      "f(",          ")",
      "f)",          "std::vector<int",
      "a>b",         "a<b",
      "x<y>(z",      "std::map<int, (>",
      ")))",         ">>>",
      "[[[",         "]]]",
      "}{",          "<>",
      "${T",         "${T=",
      "${",          "${}",
      "${=x}",       "'abc",
      "\"abc",       "'",
      "\\",          "operator",
      "operator ",   "operator\"\"",
      "<lambda(",    "<lambda(int",
      "(lambda at ", "(lambda at x.cpp",
      "{anonymous",  "<template-parameter-1",
      "auto:",       ":auto",
      "x:",          "::",
      ":::",         "...",
      "1e+",         "0x",
      "-",
  };
  for (const char* text : texts) {
    SCOPED_TRACE(text);
    const Nodes nodes = parse(text);
    const std::string printed = print(nodes);
    EXPECT_EQ(printed.empty(), std::string_view(text).find_first_not_of(' ') == std::string::npos);
  }
  EXPECT_EQ(round_trip("a < b"), "a < b");
  const Nodes placeholder = parse("${T");
  ASSERT_EQ(placeholder.size(), 1u);
  EXPECT_EQ(placeholder[0].kind, Node::Kind::Placeholder);
  EXPECT_EQ(placeholder[0].text, "T");
}

// Every prefix and suffix of real pretty function strings: nothing crashes, and
// what is printed holds every identifier of the input.
TEST(NamesSyntax, PrefixesAndSuffixesOfRealStringsAreReadWithoutFailing) {
  const std::vector<std::string> texts = {
      "app::Map<K, V>::size_type app::Map<K, V>::bucket(const K&) const [with K = int; V = "
      "std::__cxx11::basic_string<char>; size_type = unsigned int]",
      "void app::print(const char*, A&& ...) [with A = {int, double}]",
      "void app::unnamed(T) [with <template-parameter-1-1> = int; T = double]",
      "app::lam_free()::<lambda(auto:14, auto:15)> [with auto:14 = int; auto:15 = double]",
      "auto app::lam_free()::(anonymous class)::operator()(auto, auto) const [a:auto = int, "
      "b:auto = double]",
      "void app::call(F) [F = (lambda at cases.cpp:41:13)]",
      "T (*app::maker() [T = int])(T)",
      "void app::chars() [with char C = '\\'']",
      "static void* app::Pt::operator new [](std::size_t)",
      "app::HMap<${K}, ${V=double}, ${H=std::hash<${K}>}>::find(const ${K} &) const",
  };
  for (const std::string& text : texts) {
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      const std::string prefix = text.substr(0, cut);
      const std::string suffix = text.substr(cut);
      (void)print(parse(prefix));
      (void)print(parse(suffix));
    }
    const std::string printed = print(parse(text));
    for (const char* word : {"app", "int"}) {
      if (text.find(word) != std::string::npos) {
        EXPECT_NE(printed.find(word), std::string::npos);
      }
    }
  }
}

}  // namespace
}  // namespace hotpath::names
