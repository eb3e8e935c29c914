// The template argument lists at the end of pretty function strings, as Clang
// (`[T = int, Ts = <long, char>]`) and GCC (`[with T = int; Ts = {long, char}]`)
// print them; the strings are those of g++ 12 and Clang 14 to 19.
#include "bindings.hpp"

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "syntax.hpp"

namespace hotpath::names {
namespace {

/// `T = int; Ts... = {long, char}` (packs marked with `...`, elements in braces).
std::string describe(const Bindings& bindings) {
  std::string out;
  for (const Binding& binding : bindings) {
    if (!out.empty()) out += "; ";
    out += binding.parameter;
    if (binding.pack) {
      out += "... = {";
      for (std::size_t i = 0; i < binding.elements.size(); ++i) {
        if (i > 0) out += ", ";
        out += print(binding.elements[i]);
      }
      out += "}";
    } else {
      out += " = " + print(binding.value);
    }
  }
  return out;
}

std::string bindings(std::string_view pretty) { return describe(bindings_of(pretty)); }

TEST(NamesBindings, ClangList) {
  EXPECT_EQ(bindings("void f(T) [T = int, Ts = <long, char>, x:auto = double]"),
            "T = int; Ts... = {long, char}; auto#0 = double");
  EXPECT_EQ(bindings("void app::Map<int>::put(U, const char *) [K = int, V = "
                     "std::basic_string<char>, U = long]"),
            "K = int; V = std::string; U = long");
  EXPECT_EQ(bindings("void app::nt() [C = app::Color::Green, Q = app::B1, B = true, Ch = 'x', U = "
                     "7U, L = -3L, Z = 9UL]"),
            "C = app::Color::Green; Q = app::B1; B = true; Ch = 'x'; U = 7; L = -3; Z = 9");
  EXPECT_EQ(bindings("void app::tt(C<int> &) [C = std::vector]"), "C = std::vector");
  EXPECT_EQ(bindings("void app::call(F) [F = (lambda at cases.cpp:41:13)]"),
            "F = (lambda at cases.cpp:41)");
  EXPECT_EQ(bindings("void app::Box<int[3]>::f() [T = int[3]]"), "T = int[3]");
  // Inside the declarator of a function returning a reference to an array.
  EXPECT_EQ(bindings("const T (&M<int>::map(const T (&)[N]) [C = int, T = const char *, N = "
                     "2UL])[N]"),
            "C = int; T = const char *; N = 2");
  EXPECT_EQ(bindings("int (*app::pick(int) [T = long])(double)"), "T = long");
  EXPECT_EQ(bindings("void app::Box<void (*)(int)>::f() [T = void (*)(int)]"), "T = void (*)(int)");
  EXPECT_EQ(bindings("void app::tstd(T) [T = std::function<int (double, const char *)>]"),
            "T = std::function<int (double, const char *)>");
  EXPECT_EQ(bindings("void app::tstd(T) [T = std::map<std::basic_string<char>, "
                     "std::vector<std::basic_string<char>>>]"),
            "T = std::map<std::string, std::vector<std::string>>");
}

TEST(NamesBindings, GccList) {
  EXPECT_EQ(bindings("void f(T) [with T = int; Ts = {long, char}; int N = 3; auto:1 = double; "
                     "<template-parameter-1-1> = int; size_type = unsigned int]"),
            "T = int; Ts... = {long, char}; N = 3; auto#0 = double; #1-1 = int; "
            "size_type = unsigned int");
  EXPECT_EQ(bindings("void app::Map<K, V>::put(U, const char*) [with U = long int; K = int; V = "
                     "std::__cxx11::basic_string<char>]"),
            "U = long; K = int; V = std::string");
  EXPECT_EQ(bindings("void app::nt() [with Color C = app::Color::Green; Plain Q = app::B1; bool B "
                     "= true; char Ch = 'x'; unsigned int U = 7; long int L = -3; long unsigned "
                     "int Z = 9]"),
            "C = app::Color::Green; Q = app::B1; B = true; Ch = 'x'; U = 7; L = -3; Z = 9");
  EXPECT_EQ(bindings("void app::autov() [with auto V = 5]"), "V = 5");
  EXPECT_EQ(bindings("void app::bools() [with bool B = false]"), "B = false");
  EXPECT_EQ(bindings("void app::tt(C<int>&) [with C = std::vector]"), "C = std::vector");
  EXPECT_EQ(bindings("void app::call(F) [with F = main()::<lambda()>]"), "F = (lambda)");
  EXPECT_EQ(bindings("void app::Box<T>::f() [with T = int [3]]"), "T = int[3]");
  EXPECT_EQ(bindings("void app::Box<T>::f() [with T = void (* (*)())(int)]"),
            "T = void (*(*)())(int)");
  EXPECT_EQ(bindings("void app::tstd(T) [with T = std::function<int(double, const char*)>]"),
            "T = std::function<int (double, const char *)>");
  EXPECT_EQ(bindings("void app::Box<T>::f() [with T = std::unordered_map<"
                     "std::__cxx11::basic_string<char>, std::__cxx11::basic_string<char> >]"),
            "T = std::unordered_map<std::string, std::string>");
}

// GCC qualifies a local class or a lambda by its function (`a()::L`), Clang does
// not (`L`): in arguments both are the class's own name.
TEST(NamesBindings, ClassesLocalToFunctions) {
  EXPECT_EQ(bindings("int app::size_of() [with T = a()::L]"), "T = L");
  EXPECT_EQ(bindings("int app::size_of() [T = L]"), "T = L");
  EXPECT_EQ(bindings("void app::call(F) [with F = tlam<double>(double)::<lambda()>]"),
            "F = (lambda)");
  EXPECT_EQ(bindings("void app::each(F) [with F = app::Map<int>::run()::<lambda(int)>]"),
            "F = (lambda)");
  EXPECT_EQ(bindings("void app::tag(T) [with T = main()::<unnamed struct>]"), "T = (unnamed)");
  EXPECT_EQ(bindings("void app::tstd(T) [with T = std::vector<a()::L>]"), "T = std::vector<L>");
  // A class local to a lambda.
  EXPECT_EQ(bindings("void f(const S&) [with S = app::T_Test::TestBody()::<lambda()>::STR]"),
            "S = STR");
  EXPECT_EQ(bindings("void f(const S&) [with S = main()::<lambda()>::<lambda(int)>::STR]"),
            "S = STR");
  // A const member function.
  EXPECT_EQ(bindings("void f(const S&) [with S = fmt::formatter<bigint>::format<Ctx>(const "
                     "bigint&, Ctx&) const::<lambda()>::STR]"),
            "S = STR");
  // Scopes that are no functions stay.
  EXPECT_EQ(bindings("void app::tstd(T) [with T = app::Box<void (Q::*)() const>]"),
            "T = app::Box<void (Q::*)() const>");
  EXPECT_EQ(bindings("void app::tstd(T) [with T = std::function<void()>]"),
            "T = std::function<void ()>");
}

// GCC names a non-type parameter after its type, which may be qualified:
// `app::Plain E = app::A1` binds `E`.
TEST(NamesBindings, GccNonTypeParameterOfQualifiedType) {
  EXPECT_EQ(bindings("void app::En<E>::f() [with app::Plain E = app::A1]"), "E = app::A1");
  EXPECT_EQ(bindings("void f() [with std::size_t N = 4]"), "N = 4");
  EXPECT_EQ(bindings("void app::cptr() [with const char* S = (& kName)]").substr(0, 4), "S = ");
}

// GCC adds the typedefs the signature uses; they keep their qualified names.
TEST(NamesBindings, GccTypedefEntries) {
  EXPECT_EQ(bindings("app::Map<K, V>::size_type app::Map<K, V>::bucket(const K&) const [with K = "
                     "int; V = std::__cxx11::basic_string<char>; size_type = unsigned int]"),
            "K = int; V = std::string; size_type = unsigned int");
  EXPECT_EQ(bindings("V* app::Map<K, V>::ptr(std::string*) [with K = int; V = "
                     "std::__cxx11::basic_string<char>; std::string = "
                     "std::__cxx11::basic_string<char>]"),
            "K = int; V = std::string; std::string = std::string");
  EXPECT_EQ(bindings("T app::Fn<T>::operator[](std::size_t) const [with T = int; std::size_t = "
                     "long unsigned int]"),
            "T = int; std::size_t = unsigned long");
}

TEST(NamesBindings, Packs) {
  const Bindings gcc = bindings_of(
      "static void app::Wide::many(Ts ...) [with Ts = {int, const char*, "
      "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >}]");
  ASSERT_EQ(gcc.size(), 1u);
  EXPECT_EQ(gcc[0].parameter, "Ts");
  EXPECT_TRUE(gcc[0].pack);
  ASSERT_EQ(gcc[0].elements.size(), 3u);
  EXPECT_EQ(print(gcc[0].elements[1]), "const char *");
  EXPECT_EQ(print(gcc[0].elements[2]), "std::string");
  EXPECT_EQ(print(gcc[0].value), "int, const char *, std::string");

  EXPECT_EQ(bindings("static void app::Wide::many(Ts...) [Ts = <int, const char *, "
                     "std::basic_string<char>>]"),
            "Ts... = {int, const char *, std::string}");
  // Elements with commas of their own.
  EXPECT_EQ(bindings("void app::HMap<K, V, H>::emplace(A&& ...) [with A = {int, const char "
                     "(&)[2]}; K = int; V = double; H = std::hash<int>]"),
            "A... = {int, const char (&)[2]}; K = int; V = double; H = std::hash<int>");
  EXPECT_EQ(bindings("void app::HMap<int>::emplace(A &&...) [K = int, V = double, H = "
                     "std::hash<int>, A = <std::map<int, int>, std::pair<int, char>>]"),
            "K = int; V = double; H = std::hash<int>; A... = {std::map<int, int>, "
            "std::pair<int, char>}");
  // A non-type pack.
  EXPECT_EQ(bindings("void app::ints() [with int ...N = {1, -2, 3}]"), "N... = {1, -2, 3}");
  EXPECT_EQ(bindings("void app::ints() [N = <1, -2, 3>]"), "N... = {1, -2, 3}");
}

TEST(NamesBindings, EmptyPacks) {
  for (const char* pretty : {"void app::print(const char*, A&& ...) [with A = {}]",
                             "void app::print(const char *, A &&...) [A = <>]"}) {
    SCOPED_TRACE(pretty);
    const Bindings list = bindings_of(pretty);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].parameter, "A");
    EXPECT_TRUE(list[0].pack);
    EXPECT_TRUE(list[0].elements.empty());
    EXPECT_TRUE(list[0].value.empty());
  }
  EXPECT_EQ(bindings("void app::Tup<T>::g(U ...) [with U = {}; T = {int, char}]"),
            "U... = {}; T... = {int, char}");
  EXPECT_EQ(bindings("void app::Tup<>::f() [T = <>]"), "T... = {}");
}

// A generic lambda's invented parameters are `auto#0`, `auto#1`... in order,
// whatever the compiler's numbering (GCC `auto:14`) or names (Clang `a:auto`).
TEST(NamesBindings, InventedParametersOfGenericLambdas) {
  EXPECT_EQ(bindings("app::lam_free()::<lambda(auto:14, auto:15)> [with auto:14 = int; auto:15 "
                     "= double]"),
            "auto#0 = int; auto#1 = double");
  EXPECT_EQ(bindings("auto app::lam_free()::(anonymous class)::operator()(auto, auto) const "
                     "[a:auto = int, b:auto = double]"),
            "auto#0 = int; auto#1 = double");
  EXPECT_EQ(bindings("app::lam_free()::<lambda(auto:16 ...)> [with auto:16 = {int, char}]"),
            "auto#0... = {int, char}");
  EXPECT_EQ(bindings("auto app::lam_free()::(anonymous class)::operator()(auto...) const "
                     "[xs:auto = <>]"),
            "auto#0... = {}");
  EXPECT_EQ(bindings("auto app::Map<int>::work()::(anonymous class)::operator()(auto) const [K "
                     "= int, V = std::basic_string<char>, x:auto = int]"),
            "K = int; V = std::string; auto#0 = int");
  // An abbreviated function template.
  EXPECT_EQ(bindings("void app::abbrev(auto:18, T) [with T = char; auto:18 = int]"),
            "T = char; auto#0 = int");
  EXPECT_EQ(bindings("void app::abbrev(auto, T) [T = char, x:auto = int]"),
            "T = char; auto#0 = int");
}

TEST(NamesBindings, GccUnnamedParameters) {
  EXPECT_EQ(bindings("void app::unnamed(T) [with <template-parameter-1-1> = int; T = double]"),
            "#1-1 = int; T = double");
  EXPECT_EQ(bindings("void app::Sfinae<T, <template-parameter-1-2> >::f() [with T = int; "
                     "<template-parameter-1-2> = void]"),
            "T = int; #1-2 = void");
  EXPECT_EQ(bindings("void app::unnamed_pack() [with <template-parameter-1-1> = int; "
                     "<template-parameter-1-2> = {char, long int}]"),
            "#1-1 = int; #1-2... = {char, long}");
}

TEST(NamesBindings, CharacterArguments) {
  EXPECT_EQ(bindings("void app::chars() [with char C = '\\'']"), "C = '\\''");
  EXPECT_EQ(bindings("void app::chars() [C = '\\'']"), "C = '\\''");
  EXPECT_EQ(bindings("void app::chars() [with char C = '\\\\']"), "C = '\\\\'");
  EXPECT_EQ(bindings("void app::chars() [C = '\\\\']"), "C = '\\\\'");
  EXPECT_EQ(bindings("void app::chars() [with char C = 'A']"), "C = 'A'");
}

TEST(NamesBindings, InlineNamespacesOfArguments) {
  EXPECT_EQ(describe(bindings_of("void app::v12::Fmt<T>::go(const T&) [with T = app::v12::Arg]",
                                 {"app::v12"})),
            "T = app::Arg");
  EXPECT_EQ(describe(bindings_of("void app::Wide::many(Ts ...) [with Ts = {fmt::v12::x, int}]",
                                 {"fmt::v12"})),
            "Ts... = {fmt::x, int}");
  EXPECT_EQ(bindings("void app::v12::Fmt<T>::go(const T&) [with T = app::v12::Arg]"),
            "T = app::v12::Arg");
}

TEST(NamesBindings, NoList) {
  for (const char* pretty : {
           "int app::S::f() const",
           "void app::Box<char>::f()",
           "void app::fp(void (*)(int), int (&)[4], const std::function<int(double)>&, "
           "std::unique_ptr<int []>)",
           "int (& app::get())[4]",  // GCC: a function returning a reference to an array
           "int (&app::get())[4]",   // Clang
           "void app::tf(int)",
           "",
           "[",
           "]",
           "x [",
       }) {
    SCOPED_TRACE(pretty);
    EXPECT_TRUE(bindings_of(pretty).empty());
  }
}

TEST(NamesBindings, TakeBindingList) {
  std::string_view pretty = "void app::Map<K, V>::put(U, const char*) [with U = long int; K = int]";
  EXPECT_EQ(take_binding_list(pretty), "with U = long int; K = int");
  EXPECT_EQ(pretty, "void app::Map<K, V>::put(U, const char*)");

  pretty = "void app::Box<int[3]>::f() [T = int[3]]  ";
  EXPECT_EQ(take_binding_list(pretty), "T = int[3]");
  EXPECT_EQ(pretty, "void app::Box<int[3]>::f()");

  // An array declarator is no list: nothing is taken.
  pretty = "int (&app::get())[4]";
  EXPECT_EQ(take_binding_list(pretty), "");
  EXPECT_EQ(pretty, "int (&app::get())[4]");

  pretty = "int app::S::f() const";
  EXPECT_EQ(take_binding_list(pretty), "");
  EXPECT_EQ(pretty, "int app::S::f() const");

  pretty = "";
  EXPECT_EQ(take_binding_list(pretty), "");
}

TEST(NamesBindings, FindBinding) {
  const Bindings list =
      bindings_of("void f() [with T = int; auto:1 = long; size_type = short int]");
  ASSERT_NE(find_binding(list, "T"), nullptr);
  EXPECT_EQ(print(find_binding(list, "T")->value), "int");
  ASSERT_NE(find_binding(list, "auto#0"), nullptr);
  EXPECT_EQ(print(find_binding(list, "auto#0")->value), "long");
  ASSERT_NE(find_binding(list, "size_type"), nullptr);
  EXPECT_EQ(print(find_binding(list, "size_type")->value), "short");
  EXPECT_EQ(find_binding(list, "U"), nullptr);
  EXPECT_EQ(find_binding(list, "auto:1"), nullptr);
  EXPECT_EQ(find_binding({}, "T"), nullptr);
}

// Malformed lists give what can be read, and never fail.
TEST(NamesBindings, MalformedLists) {
  EXPECT_EQ(bindings("void f() [with T = int; garbage; U = long]"), "T = int; U = long");
  EXPECT_EQ(bindings("void f() [T = ]"), "T = ");
  for (const char* pretty : {"void f() [with = int]", "void f() [ = ]", "[with T = {]", "[T = <]",
                             "] = [", "void f() [with T = int; U = {long, char]"}) {
    SCOPED_TRACE(pretty);
    (void)bindings_of(pretty);
  }
}

TEST(NamesBindings, TheCacheReadsEachListOnceAndGivesWhatItReads) {
  BindingsCache cache;
  const std::string_view first = "void app::Reader<T>::parse() [with T = app::v1::Token]";
  const std::string_view second = "int app::Reader<T>::peek() const [with T = app::v1::Token]";
  const InlineNamespaces inline_v1 = {"app::v1"};
  // The second function's list is the first's: the same bindings, from memory.
  const Bindings& read = cache.of(first, inline_v1);
  EXPECT_EQ(describe(read), "T = app::Token");
  EXPECT_EQ(&cache.of(second, inline_v1), &read);
  // Other inline namespaces spell the same list otherwise.
  EXPECT_EQ(describe(cache.of(second, {})), "T = app::v1::Token");
  EXPECT_EQ(describe(cache.of("void f() [with T = int; U = long]", {})),
            bindings("void f() [with T = int; U = long]"));
  EXPECT_EQ(describe(cache.of("void g()", {})), "");
}

}  // namespace
}  // namespace hotpath::names
