// Signature patterns as the plugin and clang-hotpath-rewrite write them, completed
// with the pretty function strings of g++ 12 and Clang 14 to 19: defaults
// (dependent ones too), packs, unbound placeholders, inline namespaces, lambdas.
#include "pattern.hpp"
#include "template_defaults.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bindings.hpp"
#include "syntax.hpp"

namespace hotpath::names {
namespace {

struct Instantiation {
  const char* compiler;
  const char* pretty;
  const char* enclosing;  // the function around a lambda; "" otherwise
  const char* expected;
};

void expect_resolved(const char* pattern, const std::vector<Instantiation>& instantiations) {
  for (const Instantiation& test : instantiations) {
    SCOPED_TRACE(std::string(test.compiler) + ": " + test.pretty);
    EXPECT_EQ(resolve_pattern(pattern, test.pretty, test.enclosing), test.expected);
  }
}

// The example of the brief: GCC lists the default argument, Clang leaves it out of
// the name; both come out without it.
TEST(NamesPattern, MemberOfClassTemplateWithDefaultArgument) {
  const char* pattern = "app::Map<${K}, ${V=std::string}>::bucket(const ${K} &) const";
  expect_resolved(
      pattern,
      {
          {"g++ 12",
           "app::Map<K, V>::size_type app::Map<K, V>::bucket(const K&) const [with K = int; V = "
           "std::__cxx11::basic_string<char>; size_type = unsigned int]",
           "", "app::Map<int>::bucket(const int &) const"},
          {"clang 14, 15",
           "app::Map::size_type app::Map<int>::bucket(const K &) const [K = int, V = "
           "std::basic_string<char>]",
           "", "app::Map<int>::bucket(const int &) const"},
          {"clang 16, 19",
           "size_type app::Map<int>::bucket(const K &) const [K = int, V = "
           "std::basic_string<char>]",
           "", "app::Map<int>::bucket(const int &) const"},
          {"g++ 12",
           "app::Map<K, V>::size_type app::Map<K, V>::bucket(const K&) const [with K = "
           "std::vector<int>; V = std::map<int, int>; size_type = unsigned int]",
           "",
           "app::Map<std::vector<int>, std::map<int, int>>::bucket(const std::vector<int> &) "
           "const"},
          {"clang 16, 19",
           "size_type app::Map<std::vector<int>, std::map<int, int>>::bucket(const K &) const [K = "
           "std::vector<int>, V = std::map<int, int>]",
           "",
           "app::Map<std::vector<int>, std::map<int, int>>::bucket(const std::vector<int> &) "
           "const"},
      });
}

TEST(NamesPattern, MemberTemplateOfClassTemplate) {
  expect_resolved("app::Map<${K}, ${V=std::string}>::put<${U}>(${U}, const char *)",
                  {
                      {"g++ 12",
                       "void app::Map<K, V>::put(U, const char*) [with U = long int; K = int; V = "
                       "std::__cxx11::basic_string<char>]",
                       "", "app::Map<int>::put<long>(long, const char *)"},
                      {"clang 14-19",
                       "void app::Map<int>::put(U, const char *) [K = int, V = "
                       "std::basic_string<char>, U = long]",
                       "", "app::Map<int>::put<long>(long, const char *)"},
                  });
  expect_resolved("app::Outer<${T}>::Inner<${U}>::f<${W}>(${T}, ${U}, ${W})",
                  {
                      {"g++ 12",
                       "void app::Outer<T>::Inner<U>::f(T, U, W) [with W = double; U = char; T = "
                       "int]",
                       "", "app::Outer<int>::Inner<char>::f<double>(int, char, double)"},
                      {"clang 14-19",
                       "void app::Outer<int>::Inner<char>::f(T, U, W) [T = int, U = char, W = "
                       "double]",
                       "", "app::Outer<int>::Inner<char>::f<double>(int, char, double)"},
                  });
}

// A default that names an earlier parameter: `H = std::hash<K>`.
TEST(NamesPattern, DependentDefaults) {
  const char* pattern =
      "app::HMap<${K}, ${V=double}, ${H=std::hash<${K}>}>::find(const ${K} &) const";
  expect_resolved(
      pattern,
      {
          {"g++ 12",
           "void app::HMap<K, V, H>::find(const K&) const [with K = int; V = double; H = "
           "std::hash<int>]",
           "", "app::HMap<int>::find(const int &) const"},
          {"clang 14-19",
           "void app::HMap<int>::find(const K &) const [K = int, V = double, H = std::hash<int>]",
           "", "app::HMap<int>::find(const int &) const"},
          {"g++ 12",
           "void app::HMap<K, V, H>::find(const K&) const [with K = "
           "std::__cxx11::basic_string<char>; V = int; H = app::MyHash]",
           "", "app::HMap<std::string, int, app::MyHash>::find(const std::string &) const"},
          {"clang 14-19",
           "void app::HMap<std::basic_string<char>, int, app::MyHash>::find(const K &) const [K = "
           "std::basic_string<char>, V = int, H = app::MyHash]",
           "", "app::HMap<std::string, int, app::MyHash>::find(const std::string &) const"},
      });
  // The default is compared in canonical spelling.
  const char* vector_default = "app::X<${A}, ${B=std::vector<${A}>}>::f()";
  EXPECT_EQ(resolve_pattern(vector_default,
                            "void app::X<A, B>::f() [with A = int; B = "
                            "std::vector<int, std::allocator<int> >]"),
            "app::X<int>::f()");
  EXPECT_EQ(
      resolve_pattern(vector_default,
                      "void app::X<A, B>::f() [with A = long int; B = std::vector<long int>]"),
      "app::X<long>::f()");
  EXPECT_EQ(resolve_pattern(vector_default,
                            "void app::X<A, B>::f() [with A = long int; B = std::vector<int>]"),
            "app::X<long, std::vector<int>>::f()");
  EXPECT_EQ(resolve_pattern("app::X<${A}, ${B=unsigned long}>::f()",
                            "void app::X<A, B>::f() [with A = int; B = long unsigned int]"),
            "app::X<int>::f()");
}

TEST(NamesPattern, NonTypeDefaults) {
  const char* pattern = "app::Arr<${T}, ${N=4}>::f()";
  expect_resolved(
      pattern,
      {
          {"g++ 12", "void app::Arr<T, N>::f() [with T = int; int N = 4]", "",
           "app::Arr<int>::f()"},
          {"clang 14, 15", "void app::Arr<int, 4>::f() [T = int, N = 4]", "", "app::Arr<int>::f()"},
          {"clang 16, 19", "void app::Arr<int>::f() [T = int, N = 4]", "", "app::Arr<int>::f()"},
          {"g++ 12", "void app::Arr<T, N>::f() [with T = int; int N = 8]", "",
           "app::Arr<int, 8>::f()"},
          {"clang 14-19", "void app::Arr<int, 8>::f() [T = int, N = 8]", "",
           "app::Arr<int, 8>::f()"},
      });
  EXPECT_EQ(
      resolve_pattern("app::X<${A}, ${B=7}>::f()", "void app::X<int, 7UL>::f() [A = int, B = 7UL]"),
      "app::X<int>::f()");
}

// Only trailing arguments equal to their defaults are left out.
TEST(NamesPattern, DefaultsBeforeOtherArgumentsAreKept) {
  const char* pattern = "app::X<${A}, ${B=int}, ${C=char}>::f()";
  EXPECT_EQ(
      resolve_pattern(pattern, "void app::X<A, B, C>::f() [with A = int; B = long int; C = char]"),
      "app::X<int, long>::f()");
  EXPECT_EQ(resolve_pattern(pattern, "void app::X<A, B, C>::f() [with A = int; B = int; C = char]"),
            "app::X<int>::f()");
  EXPECT_EQ(
      resolve_pattern(pattern, "void app::X<A, B, C>::f() [with A = int; B = int; C = long int]"),
      "app::X<int, int, long>::f()");
  EXPECT_EQ(resolve_pattern("app::X<${A=int}, ${B}>::f()",
                            "void app::X<A, B>::f() [with A = int; B = long int]"),
            "app::X<int, long>::f()");
}

TEST(NamesPattern, UnboundPlaceholders) {
  // With a default: left out at the end of a list, the default elsewhere.
  EXPECT_EQ(
      resolve_pattern("app::X<${A}, ${B=int}>::f()", "void app::X<A, B>::f() [with A = char]"),
      "app::X<char>::f()");
  EXPECT_EQ(
      resolve_pattern("app::X<${A=int}, ${B}>::f()", "void app::X<A, B>::f() [with B = char]"),
      "app::X<int, char>::f()");
  // Without one: a question mark.
  EXPECT_EQ(resolve_pattern("app::X<${A}, ${B=int}>::f()", "void app::X<A>::f()"),
            "app::X<?>::f()");
  EXPECT_EQ(resolve_pattern("app::f<${T}>(${T}, ${X})", "void app::f(T) [with T = int]"),
            "app::f<int>(int, ?)");
  EXPECT_EQ(resolve_pattern("app::f<${T}, ${Y=}>(${T})", "void app::f(T) [with T = int]"),
            "app::f<int>(int)");
  // An empty default stands for an empty pack: its expansion is left out.
  EXPECT_EQ(resolve_pattern("app::f<${T}, ${Y=}...>(${T})", "void app::f(T) [with T = int]"),
            "app::f<int>(int)");
}

TEST(NamesPattern, PackExpansions) {
  const char* print_pattern = "app::print<${A}...>(const char *, ${A} &&...)";
  expect_resolved(print_pattern,
                  {
                      {"g++ 12", "void app::print(const char*, A&& ...) [with A = {}]", "",
                       "app::print<>(const char *)"},
                      {"clang 14-19", "void app::print(const char *, A &&...) [A = <>]", "",
                       "app::print<>(const char *)"},
                      {"g++ 12", "void app::print(const char*, A&& ...) [with A = {int, double}]",
                       "", "app::print<int, double>(const char *, int &&, double &&)"},
                      {"clang 14-19", "void app::print(const char *, A &&...) [A = <int, double>]",
                       "", "app::print<int, double>(const char *, int &&, double &&)"},
                  });
  expect_resolved(
      "app::Tup<${T}...>::g<${U}...>(${U}...)",
      {
          {"g++ 12", "void app::Tup<T>::g(U ...) [with U = {}; T = {int, char}]", "",
           "app::Tup<int, char>::g<>()"},
          {"clang 14-19", "void app::Tup<int, char>::g(U...) [T = <int, char>, U = <>]", "",
           "app::Tup<int, char>::g<>()"},
          {"g++ 12",
           "void app::Tup<T>::g(U ...) [with U = {float, std::nullptr_t}; T = {int, "
           "char}]",
           "", "app::Tup<int, char>::g<float, std::nullptr_t>(float, std::nullptr_t)"},
          {"clang 14-19",
           "void app::Tup<int, char>::g(U...) [T = <int, char>, U = <float, "
           "std::nullptr_t>]",
           "", "app::Tup<int, char>::g<float, std::nullptr_t>(float, std::nullptr_t)"},
          {"g++ 12", "void app::Tup<T>::g(U ...) [with U = {}; T = {}]", "", "app::Tup<>::g<>()"},
      });
  expect_resolved(
      "app::ints<${N}...>()",
      {
          {"g++ 12", "void app::ints() [with int ...N = {}]", "", "app::ints<>()"},
          {"clang 14-19", "void app::ints() [N = <>]", "", "app::ints<>()"},
          {"g++ 12", "void app::ints() [with int ...N = {1, -2, 3}]", "", "app::ints<1, -2, 3>()"},
          {"clang 14-19", "void app::ints() [N = <1, -2, 3>]", "", "app::ints<1, -2, 3>()"},
      });
  // The pattern of an expansion is repeated whole, once per element; packs of the
  // same expansion go in step; other placeholders repeat.
  Bindings bindings =
      bindings_of("void f() [with A = {int, double}; B = {char, long int}; K = short int]");
  EXPECT_EQ(resolve_pattern("f(const ${A} &...)", bindings), "f(const int &, const double &)");
  EXPECT_EQ(resolve_pattern("f(std::pair<${A}, ${B}>...)", bindings),
            "f(std::pair<int, char>, std::pair<double, long>)");
  EXPECT_EQ(resolve_pattern("f(std::pair<${K}, ${A}>...)", bindings),
            "f(std::pair<short, int>, std::pair<short, double>)");
  EXPECT_EQ(resolve_pattern("std::tuple<${A}...>::f(${K}, ${B}...)", bindings),
            "std::tuple<int, double>::f(short, char, long)");
}

TEST(NamesPattern, InlineNamespacePrefix) {
  const char* pattern = "${inline=app::v12}app::Fmt<${T}>::go(const ${T} &)";
  expect_resolved(pattern,
                  {
                      {"g++ 12", "void app::v12::Fmt<T>::go(const T&) [with T = app::v12::Arg]", "",
                       "app::Fmt<app::Arg>::go(const app::Arg &)"},
                      {"clang 14-19", "void app::Fmt<app::Arg>::go(const T &) [T = app::Arg]", "",
                       "app::Fmt<app::Arg>::go(const app::Arg &)"},
                  });
  expect_resolved("${inline=fmt::v12;app::v12}app::Box<${T}>::f()",
                  {
                      {"g++ 12", "void app::Box<T>::f() [with T = app::v12::Fmt<int>]", "",
                       "app::Box<app::Fmt<int>>::f()"},
                      {"clang 14-19", "void app::Box<app::Fmt<int>>::f() [T = app::Fmt<int>]", "",
                       "app::Box<app::Fmt<int>>::f()"},
                  });
  // Without the prefix GCC's inline namespace stays.
  EXPECT_EQ(
      resolve_pattern("app::Box<${T}>::f()", "void app::Box<T>::f() [with T = app::v12::Fmt<int>]"),
      "app::Box<app::v12::Fmt<int>>::f()");
  EXPECT_EQ(inline_namespaces_of("${inline=fmt::v12;app::v12}app::Box<${T}>::f()"),
            (InlineNamespaces{"fmt::v12", "app::v12"}));
  EXPECT_EQ(inline_namespaces_of("${inline=fmt::v12}f()"), (InlineNamespaces{"fmt::v12"}));
  EXPECT_TRUE(inline_namespaces_of("app::Box<${T}>::f()").empty());
  EXPECT_TRUE(inline_namespaces_of("").empty());
}

TEST(NamesPattern, TypeArgumentsGiveWholeNames) {
  // g++ writes app::Tick as `Tick` in app::call's own list; TypeArguments has it whole.
  const char* pattern = "${types=F;Ts...}app::call<${F}, ${Ts}...>(${F}, ${Ts}...)";
  EXPECT_EQ(
      resolve_pattern(pattern, "void app::call(F, Ts ...) [with F = Tick; Ts = {in::Deep}]", "",
                      "static constexpr const char* hotpath::TypeArguments<Type, "
                      "Rest>::text() [with Type = app::Tick; Rest = "
                      "hotpath::TypeArguments<hotpath::TypePack<app::in::Deep>, void>]"),
      "app::call<app::Tick, app::in::Deep>(app::Tick, app::in::Deep)");
  EXPECT_EQ(resolve_pattern(pattern, "void app::call(F, Ts...) [F = app::Tick, Ts = <>]", "",
                            "static const char *hotpath::TypeArguments<app::Tick, "
                            "hotpath::TypeArguments<hotpath::TypePack<>, void>>::text() [Type = "
                            "app::Tick, Rest = hotpath::TypeArguments<hotpath::TypePack<>, void>]"),
            "app::call<app::Tick>(app::Tick)");
  // Canonical spelling inside: g++ writes the defaults of std::string there.
  EXPECT_EQ(resolve_pattern("${types=T}app::f<${T}>()", "void app::f() [with T = Map<int>]", "",
                            "static constexpr const char* hotpath::TypeArguments<Type, "
                            "Rest>::text() [with Type = std::vector<std::__cxx11::basic_string<"
                            "char, std::char_traits<char>, std::allocator<char> > >; Rest = void]"),
            "app::f<std::vector<std::string>>()");
  // A list that does not match the field is not used.
  EXPECT_EQ(resolve_pattern("${types=T...}app::f<${T}...>()", "void app::f() [with T = {int}]", "",
                            "static constexpr const char* hotpath::TypeArguments<Type, "
                            "Rest>::text() [with Type = long int; Rest = void]"),
            "app::f<int>()");
  EXPECT_EQ(resolve_pattern("${types=T}app::f<${T}>()", "void app::f() [with T = int]"),
            "app::f<int>()");
}

TEST(NamesPattern, DefaultsOfDefaultArgumentsAreLeftOutBeforeComparing) {
  // The plugin writes a default argument canonically, with its own defaults.
  TemplateDefaults defaults;
  ASSERT_TRUE(defaults.add("lib::Pool<${B=lib::Crt}>"));
  const char* pattern = "lib::Value<${E}, ${A=lib::Pool<>}>::get() const";
  const char* pretty = "int lib::Value<int>::get() const [E = int, A = lib::Pool<lib::Crt>]";
  EXPECT_EQ(resolve_pattern(pattern, pretty, "", "", &defaults), "lib::Value<int>::get() const");
  EXPECT_EQ(resolve_pattern(pattern, "int f() [E = int, A = lib::Pool<int>]", "", "", &defaults),
            "lib::Value<int, lib::Pool<int>>::get() const");
}

TEST(NamesPattern, ValuesGiveNonTypeArguments) {
  // Clang's pretty function of a member of a class template first declared
  // without parameter names lists no binding at all.
  const char* pattern = "${types=Const;ValueT}app::Array<${Const}, ${ValueT}>::pop() const";
  EXPECT_EQ(
      resolve_pattern(pattern, "void app::Array<false, app::Value<int>>::pop() const", "",
                      "static const char *hotpath::TypeArguments<hotpath::Value<bool, false>, "
                      "hotpath::TypeArguments<app::Value<int>, void>>::text() [Type = "
                      "hotpath::Value<bool, false>, Rest = hotpath::TypeArguments<app::"
                      "Value<int>, void>]"),
      "app::Array<false, app::Value<int>>::pop() const");
  // Clang writes small integer types' values as characters there, GCC as numbers;
  // a pack's elements are each wrapped.
  const char* values = "${types=C;U;Ns...}app::f<${C}, ${U}, ${Ns}...>()";
  EXPECT_EQ(
      resolve_pattern(values, "void app::f()", "",
                      "static const char *hotpath::TypeArguments<hotpath::Value<char, '\\n'>, "
                      "hotpath::TypeArguments<hotpath::Value<unsigned char, '\\xc8'>, "
                      "hotpath::TypeArguments<hotpath::TypePack<hotpath::Value<int, 1>, "
                      "hotpath::Value<int, -2>>, void>>>::text() [Type = hotpath::Value<char, "
                      "'\\n'>, Rest = hotpath::TypeArguments<hotpath::Value<unsigned char, "
                      "'\\xc8'>, hotpath::TypeArguments<hotpath::TypePack<hotpath::Value<int, "
                      "1>, hotpath::Value<int, -2>>, void>>]"),
      "app::f<'\\n', 200, 1, -2>()");
  EXPECT_EQ(
      resolve_pattern(values, "void app::f() [with char C = '\\012'; ...]", "",
                      "static constexpr const char* hotpath::TypeArguments<Type, Rest>::text() "
                      "[with Type = hotpath::Value<char, '\\012'>; Rest = hotpath::"
                      "TypeArguments<hotpath::Value<unsigned char, 200>, hotpath::TypeArguments<"
                      "hotpath::TypePack<hotpath::Value<int, 1>, hotpath::Value<int, -2> >, "
                      "void> >]"),
      "app::f<'\\n', 200, 1, -2>()");
  // `Value<>` (the plugin's, for an argument it leaves to the pretty function)
  // binds nothing, and the parameters after it are still read.
  EXPECT_EQ(
      resolve_pattern("${types=N;T}app::g<${N}, ${T}>()", "void app::g() [N = 7, T = long]", "",
                      "text() [Type = hotpath::Value<>, Rest = hotpath::TypeArguments<"
                      "app::Tick, void>]"),
      "app::g<7, app::Tick>()");
}

TEST(NamesPattern, TemplateNamesGiveWholeTemplates) {
  // g++ writes fmt::detail::precision_checker as `precision_checker` in the
  // function's own list; TypeArguments<TemplateNames<...>> has it whole.
  const char* single =
      "${inline=fmt::v9}${types=Handler;T}fmt::detail::get<${Handler}, ${T}>(${T})";
  EXPECT_EQ(
      resolve_pattern(single,
                      "int fmt::v9::detail::get(T) [with Handler = precision_checker; T = int]", "",
                      "static constexpr const char* hotpath::TypeArguments<Type, Rest>::text() "
                      "[with Type = hotpath::TemplateNames<fmt::v9::detail::precision_checker>; "
                      "Rest = hotpath::TypeArguments<int, void>]"),
      "fmt::detail::get<fmt::detail::precision_checker, int>(int)");
  EXPECT_EQ(
      resolve_pattern(
          single, "int fmt::detail::get(T) [Handler = fmt::v9::detail::precision_checker, T = int]",
          "",
          "static const char *hotpath::TypeArguments<hotpath::TemplateNames<fmt::v9::"
          "detail::precision_checker>, hotpath::TypeArguments<int, void>>::text() "
          "[Type = hotpath::TemplateNames<fmt::v9::detail::precision_checker>, Rest = "
          "hotpath::TypeArguments<int, void>]"),
      "fmt::detail::get<fmt::detail::precision_checker, int>(int)");
  const char* pack = "${types=Hs...}app::count<${Hs}...>()";
  EXPECT_EQ(resolve_pattern(
                pack, "int app::count() [with Hs = {checker, two}]", "",
                "static constexpr const char* hotpath::TypeArguments<Type, Rest>::text() "
                "[with Type = hotpath::TemplateNames<app::detail::checker, two>; Rest = void]"),
            "app::count<app::detail::checker, two>()");
  EXPECT_EQ(
      resolve_pattern(pack, "int app::count() [with Hs = {}]", "",
                      "static constexpr const char* hotpath::TypeArguments<Type, Rest>::text() "
                      "[with Type = hotpath::TemplateNames<>; Rest = void]"),
      "app::count<>()");
}

TEST(NamesPattern, GenericLambdas) {
  const char* pattern = "main::(lambda at cases6.cpp:37)<${auto#0}>(${auto#0})";
  expect_resolved(
      pattern,
      {
          {"g++ 12", "main()::<lambda(auto:13)> [with auto:13 = int]", "",
           "main::(lambda at cases6.cpp:37)<int>(int)"},
          {"clang 14-19", "auto main()::(anonymous class)::operator()(auto) const [x:auto = int]",
           "", "main::(lambda at cases6.cpp:37)<int>(int)"},
          {"g++ 12", "main()::<lambda(auto:13)> [with auto:13 = std::__cxx11::basic_string<char>]",
           "", "main::(lambda at cases6.cpp:37)<std::string>(std::string)"},
          {"clang 14-19",
           "auto main()::(anonymous class)::operator()(auto) const [x:auto = "
           "std::basic_string<char>]",
           "", "main::(lambda at cases6.cpp:37)<std::string>(std::string)"},
      });
  expect_resolved(
      "app::lam_free::(lambda at cases3.cpp:102)<${auto#0}, ${auto#1}>(${auto#0}, ${auto#1})",
      {
          {"g++ 12",
           "app::lam_free()::<lambda(auto:14, auto:15)> [with auto:14 = int; auto:15 = double]", "",
           "app::lam_free::(lambda at cases3.cpp:102)<int, double>(int, double)"},
          {"clang 14-19",
           "auto app::lam_free()::(anonymous class)::operator()(auto, auto) const [a:auto = int, "
           "b:auto = double]",
           "", "app::lam_free::(lambda at cases3.cpp:102)<int, double>(int, double)"},
      });
}

// A lambda in a template: the template's arguments come from the function around it.
TEST(NamesPattern, LambdasInTemplatesTakeArgumentsOfTheEnclosingFunction) {
  expect_resolved("app::apply_lambda<${T}>::(lambda at cases6.cpp:8)(${T}, ${T})",
                  {
                      {"g++ 12", "app::apply_lambda<int>(int)::<lambda(int, int)>",
                       "T app::apply_lambda(T) [with T = int]",
                       "app::apply_lambda<int>::(lambda at cases6.cpp:8)(int, int)"},
                      {"clang 14-19",
                       "auto app::apply_lambda(double)::(anonymous class)::operator()(T, T) const",
                       "T app::apply_lambda(T) [T = double]",
                       "app::apply_lambda<double>::(lambda at cases6.cpp:8)(double, double)"},
                  });
  const char* map_pattern =
      "app::Map<${K}, ${V=std::string}>::work::(lambda at cases6.cpp:14)<${auto#0}>(${auto#0})";
  expect_resolved(
      map_pattern,
      {
          {"g++ 12", "app::Map<int>::work()::<lambda(auto:11)> [with auto:11 = int]",
           "void app::Map<K, V>::work() [with K = int; V = std::__cxx11::basic_string<char>]",
           "app::Map<int>::work::(lambda at cases6.cpp:14)<int>(int)"},
          {"clang 14-19",
           "auto app::Map<int>::work()::(anonymous class)::operator()(auto) const [K = int, V = "
           "std::basic_string<char>, x:auto = int]",
           "void app::Map<int>::work() [K = int, V = std::basic_string<char>]",
           "app::Map<int>::work::(lambda at cases6.cpp:14)<int>(int)"},
          {"g++ 12", "app::Map<long int, char>::work()::<lambda(auto:11)> [with auto:11 = int]",
           "void app::Map<K, V>::work() [with K = long int; V = char]",
           "app::Map<long, char>::work::(lambda at cases6.cpp:14)<int>(int)"},
          {"clang 14-19",
           "auto app::Map<long, char>::work()::(anonymous class)::operator()(auto) const [K = "
           "long, V = char, x:auto = int]",
           "void app::Map<long, char>::work() [K = long, V = char]",
           "app::Map<long, char>::work::(lambda at cases6.cpp:14)<int>(int)"},
      });
  const char* packs_pattern =
      "app::packs<${Ts}...>::(lambda at cases6.cpp:20)<${auto#0}...>(${auto#0}...)";
  expect_resolved(
      packs_pattern,
      {
          {"g++ 12",
           "app::packs<int, double>(int, double)::<lambda(auto:12 ...)> [with auto:12 = {int, "
           "double}]",
           "void app::packs(Ts ...) [with Ts = {int, double}]",
           "app::packs<int, double>::(lambda at cases6.cpp:20)<int, double>(int, double)"},
          {"g++ 12",
           "app::packs<int, double>(int, double)::<lambda(auto:12 ...)> [with auto:12 = {}]",
           "void app::packs(Ts ...) [with Ts = {int, double}]",
           "app::packs<int, double>::(lambda at cases6.cpp:20)<>()"},
          {"clang 14-19",
           "auto app::packs(int, double)::(anonymous class)::operator()(auto...) const [xs:auto = "
           "<int, double>]",
           "void app::packs(Ts...) [Ts = <int, double>]",
           "app::packs<int, double>::(lambda at cases6.cpp:20)<int, double>(int, double)"},
          {"clang 14-19",
           "auto app::packs(int, double)::(anonymous class)::operator()(auto...) const [xs:auto = "
           "<>]",
           "void app::packs(Ts...) [Ts = <int, double>]",
           "app::packs<int, double>::(lambda at cases6.cpp:20)<>()"},
      });
  // The lambda's own bindings win over the enclosing function's.
  EXPECT_EQ(resolve_pattern("f<${T}>()", "void g() [T = int]", "void f() [T = long]"), "f<int>()");
}

TEST(NamesPattern, AbbreviatedFunctionTemplate) {
  expect_resolved("app::abbrev<${T}, ${auto#0}>(${auto#0}, ${T})",
                  {
                      {"g++ 12", "void app::abbrev(auto:18, T) [with T = char; auto:18 = int]", "",
                       "app::abbrev<char, int>(int, char)"},
                      {"clang 14-19", "void app::abbrev(auto, T) [T = char, x:auto = int]", "",
                       "app::abbrev<char, int>(int, char)"},
                  });
}

// Clang does not list unnamed parameters; GCC does, as `<template-parameter-1-2>`.
TEST(NamesPattern, UnnamedParameters) {
  expect_resolved(
      "app::Sfinae<${T}, ${#1-2=void}>::f()",
      {
          {"g++ 12",
           "void app::Sfinae<T, <template-parameter-1-2> >::f() [with T = int; "
           "<template-parameter-1-2> = void]",
           "", "app::Sfinae<int>::f()"},
          {"clang 14-19", "void app::Sfinae<int>::f() [T = int]", "", "app::Sfinae<int>::f()"},
      });
  EXPECT_EQ(resolve_pattern("app::unnamed_pack<${#1-1}, ${#1-2}...>()",
                            "void app::unnamed_pack() [with <template-parameter-1-1> = int; "
                            "<template-parameter-1-2> = {char, long int}]"),
            "app::unnamed_pack<int, char, long>()");
  EXPECT_EQ(
      resolve_pattern("app::unnamed<${#1-1}, ${T}>(${T})",
                      "void app::unnamed(T) [with <template-parameter-1-1> = int; T = double]"),
      "app::unnamed<int, double>(double)");
}

TEST(NamesPattern, NonTypeArguments) {
  const char* pattern = "app::nt<${C}, ${Q}, ${B}, ${Ch}, ${U}, ${L}, ${Z}>()";
  expect_resolved(
      pattern,
      {
          {"g++ 12",
           "void app::nt() [with Color C = app::Color::Green; Plain Q = app::B1; bool B = true; "
           "char Ch = 'x'; unsigned int U = 7; long int L = -3; long unsigned int Z = 9]",
           "", "app::nt<app::Color::Green, app::B1, true, 'x', 7, -3, 9>()"},
          {"clang 14-19",
           "void app::nt() [C = app::Color::Green, Q = app::B1, B = true, Ch = 'x', U = 7U, L = "
           "-3L, Z = 9UL]",
           "", "app::nt<app::Color::Green, app::B1, true, 'x', 7, -3, 9>()"},
      });
  expect_resolved(
      "app::En<${E}>::f()",
      {
          {"g++ 12", "void app::En<E>::f() [with app::Plain E = app::A1]", "",
           "app::En<app::A1>::f()"},
          {"clang 14-19", "void app::En<app::A1>::f() [E = app::A1]", "", "app::En<app::A1>::f()"},
      });
  expect_resolved(
      "app::chars<${C}>()",
      {
          {"g++ 12", "void app::chars() [with char C = '\\012']", "", "app::chars<'\\n'>()"},
          {"clang 14-19", "void app::chars() [C = '\\n']", "", "app::chars<'\\n'>()"},
      });
}

// A conversion function template: its own argument list follows the type.
TEST(NamesPattern, ConversionFunctionTemplate) {
  expect_resolved("app::Pt::operator ${T} *<${T}>() const",
                  {
                      {"g++ 12", "app::Pt::operator T*() const [with T = int]", "",
                       "app::Pt::operator int *<int>() const"},
                      {"clang 14-19", "T *app::Pt::operator int *() const [T = int]", "",
                       "app::Pt::operator int *<int>() const"},
                  });
}

// A type argument put in a declarator gives the type C++ means, as Clang prints
// it: `const T &` with `T = int *` is `int *const &`, never `const int *&`.
TEST(NamesPattern, ArgumentsInDeclarators) {
  const char* push = "app::Stack<${T}>::push(const ${T} &)";
  expect_resolved(
      push, {
                {"g++ 12", "void app::Stack<T>::push(const T&) [with T = const char*]", "",
                 "app::Stack<const char *>::push(const char *const &)"},
                {"clang 14-19", "void app::Stack<const char *>::push(const T &) [T = const char *]",
                 "", "app::Stack<const char *>::push(const char *const &)"},
                {"g++ 12", "void app::Stack<T>::push(const T&) [with T = int*]", "",
                 "app::Stack<int *>::push(int *const &)"},
                {"clang 14-19", "void app::Stack<int *>::push(const T &) [T = int *]", "",
                 "app::Stack<int *>::push(int *const &)"},
                {"g++ 12", "void app::Stack<T>::push(const T&) [with T = int&]", "",
                 "app::Stack<int &>::push(int &)"},
                {"g++ 12", "void app::Stack<T>::push(const T&) [with T = void (*)(int)]", "",
                 "app::Stack<void (*)(int)>::push(void (*const &)(int))"},
                {"g++ 12", "void app::Stack<T>::push(const T&) [with T = int [3]]", "",
                 "app::Stack<int[3]>::push(const int (&)[3])"},
                {"g++ 12", "void app::Stack<T>::push(const T&) [with T = int]", "",
                 "app::Stack<int>::push(const int &)"},
            });
  const char* take = "app::Stack<${T}>::take(${T} &&)";
  expect_resolved(take, {
                            {"g++ 12", "void app::Stack<T>::take(T&&) [with T = const char*]", "",
                             "app::Stack<const char *>::take(const char *&&)"},
                            {"g++ 12", "void app::Stack<T>::take(T&&) [with T = int&]", "",
                             "app::Stack<int &>::take(int &)"},
                            {"clang 14-19", "void app::Stack<int &>::take(T &&) [T = int &]", "",
                             "app::Stack<int &>::take(int &)"},
                        });
  expect_resolved("app::by_ref<${T}>(${T} &)",
                  {
                      {"g++ 12", "void app::by_ref(T&) [with T = int [2]]", "",
                       "app::by_ref<int[2]>(int (&)[2])"},
                      {"clang 14-19", "void app::by_ref(T &) [T = const char[4]]", "",
                       "app::by_ref<const char[4]>(const char (&)[4])"},
                  });
  // Reference collapsing in a pack expansion.
  expect_resolved(
      "app::HMap<${K}, ${V=double}, ${H=std::hash<${K}>}>::emplace<${A}...>(${A} &&...)",
      {
          {"g++ 12",
           "void app::HMap<K, V, H>::emplace(A&& ...) [with A = {int, const char "
           "(&)[2]}; K = int; V = double; H = std::hash<int>]",
           "", "app::HMap<int>::emplace<int, const char (&)[2]>(int &&, const char (&)[2])"},
          {"clang 14-19",
           "void app::HMap<int>::emplace(A &&...) [K = int, V = double, H = "
           "std::hash<int>, A = <int, const char (&)[2]>]",
           "", "app::HMap<int>::emplace<int, const char (&)[2]>(int &&, const char (&)[2])"},
      });
}

TEST(NamesPattern, ResultIsCanonical) {
  EXPECT_EQ(
      resolve_pattern("app::f(const char*, std::vector<int, std::allocator<int> >)", Bindings{}),
      "app::f(const char *, std::vector<int>)");
  EXPECT_EQ(resolve_pattern("app::f<${T}>(std::vector<${T}, std::allocator<${T}> >)",
                            "void app::f(std::vector<T>) [with T = long unsigned int]"),
            "app::f<unsigned long>(std::vector<unsigned long>)");
  EXPECT_EQ(resolve_pattern("app::tfp<${T}>(${T} *, std::map<std::string, ${T}> &)",
                            "void app::tfp(T*, std::map<std::__cxx11::basic_string<char>, T>&) "
                            "[with T = std::__cxx11::basic_string<char>]"),
            "app::tfp<std::string>(std::string *, std::map<std::string, std::string> &)");
  // Without placeholders the pattern itself, canonically spelled.
  EXPECT_EQ(resolve_pattern("app::S::f(long unsigned int) const", "int app::S::f() const"),
            "app::S::f(unsigned long) const");
  EXPECT_EQ(resolve_pattern("", ""), "");
}

// A function with internal linkage keeps the tag of its translation unit.
TEST(NamesPattern, FileTag) {
  EXPECT_EQ(resolve_pattern("app::(anonymous namespace)::f<${T}>(${T}) [/src/app/a.cpp]",
                            "void app::{anonymous}::f(T) [with T = long int]"),
            "app::(anonymous namespace)::f<long>(long) [a.cpp]");
  EXPECT_EQ(resolve_pattern("app::shelper<${T}>() [a.cpp]", "void app::shelper() [T = int]"),
            "app::shelper<int>() [a.cpp]");
}

TEST(NamesPattern, BindingsGivenDirectly) {
  Binding k;
  k.parameter = "K";
  k.value = parse("int");
  Binding a;
  a.parameter = "A";
  a.pack = true;
  a.elements = {parse("long"), parse("const char *")};
  a.value = join(a.elements);
  const Bindings bindings = {k, a};
  EXPECT_EQ(resolve_pattern("app::M<${K}, ${V=std::string}>::put<${A}...>(${A}...)", bindings),
            "app::M<int>::put<long, const char *>(long, const char *)");
  EXPECT_EQ(resolve_pattern("app::M<${K}>::size()", bindings), "app::M<int>::size()");
}

TEST(NamesPattern, HasPlaceholders) {
  EXPECT_TRUE(has_placeholders("app::Map<${K}>::f()"));
  EXPECT_TRUE(has_placeholders("${inline=fmt::v12}f()"));
  EXPECT_FALSE(has_placeholders("app::Map<int>::f()"));
  EXPECT_FALSE(has_placeholders("$T {}"));
  EXPECT_FALSE(has_placeholders(""));
}

TEST(NamesPattern, MalformedPatternsNeverFail) {
  for (const char* pattern : {"${", "${T", "${T=", "${inline=", "${inline=fmt::v12", "app::M<${K>",
                              "f(${A}...", "${A}......", "<${T}>", ")${T}("}) {
    SCOPED_TRACE(pattern);
    (void)resolve_pattern(pattern, "void f() [with T = int; A = {long, char}; K = short int]");
    (void)resolve_pattern(pattern, "void f() [T = int, A = <>]", "void g() [K = int]");
    (void)inline_namespaces_of(pattern);
  }
}

}  // namespace
}  // namespace hotpath::names
