// Names derived from Clang's and GCC's pretty function strings.
#include "function_name.hpp"

#include <gtest/gtest.h>

#include <ostream>
#include <string>

namespace hotpath::detail {
namespace {

struct Case {
  const char* pretty;
  const char* name;
  const char* parameters;
};

void PrintTo(const Case& value, std::ostream* out) { *out << value.pretty; }

std::string case_name(const testing::TestParamInfo<Case>& info) {
  return "case" + std::to_string(info.index);
}

class PrettyFunction : public testing::TestWithParam<Case> {};

TEST_P(PrettyFunction, GivesQualifiedNameAndParameters) {
  const ParsedSignature parsed = parse_pretty_function(GetParam().pretty);
  EXPECT_EQ(parsed.qualified_name, GetParam().name);
  EXPECT_EQ(parsed.parameters, GetParam().parameters);
}

INSTANTIATE_TEST_SUITE_P(
    Clang, PrettyFunction,
    testing::Values(
        Case{"int main()", "main", "()"},
        Case{"void app::Stack<int>::push(const T &) [T = int]", "app::Stack<int>::push",
             "(const int &)"},
        Case{"U app::Stack<int>::conv(U) [T = int, U = long]", "app::Stack<int>::conv<long>",
             "(long)"},
        Case{"T app::convert(U) [T = long, U = int]", "app::convert<long, int>", "(int)"},
        Case{"int app::fixed() [N = 3]", "app::fixed<3>", "()"},
        Case{"void app::pack(Ts...) [Ts = <int, double>]", "app::pack<int, double>",
             "(<int, double>...)"},
        Case{"void app::Map<int, char>::Node<bool>::visit(K) [K = int, V = char, B = bool, "
             "F = long]",
             "app::Map<int, char>::Node<bool>::visit<long>", "(int)"},
        Case{"app::Vec::Vec()", "app::Vec::Vec", "()"},
        Case{"app::Vec::~Vec()", "app::Vec::~Vec", "()"},
        Case{"Vec app::Vec::operator+(const Vec &) const", "app::Vec::operator+", "(const Vec &)"},
        Case{"bool app::Vec::operator<(const Vec &) const", "app::Vec::operator<", "(const Vec &)"},
        Case{"bool app::Vec::operator bool() const", "app::Vec::operator bool", "()"},
        Case{"void *app::Pool::operator new(std::size_t)", "app::Pool::operator new",
             "(std::size_t)"},
        Case{"static const char *app::Vec::name()", "app::Vec::name", "()"},
        Case{"int &app::Vec::ref()", "app::Vec::ref", "()"},
        Case{"void app::(anonymous namespace)::helper()", "app::(anonymous namespace)::helper",
             "()"},
        Case{"std::map<int, std::vector<int>> app::mk(std::vector<int>)", "app::mk",
             "(std::vector<int>)"},
        Case{"void app::f(int)", "app::f", "(int)"},
        Case{"void app::f(double)", "app::f", "(double)"}),
    case_name);

INSTANTIATE_TEST_SUITE_P(
    Gcc, PrettyFunction,
    testing::Values(
        Case{"void app::Stack<T>::push(const T&) [with T = int]", "app::Stack<int>::push",
             "(const int &)"},
        Case{"U app::Stack<T>::conv(U) [with U = long int; T = int]", "app::Stack<int>::conv<long>",
             "(long)"},
        Case{"T app::convert(U) [with T = long int; U = int]", "app::convert<long, int>", "(int)"},
        Case{"int app::fixed() [with int N = 3]", "app::fixed<3>", "()"},
        Case{"void app::pack(Ts ...) [with Ts = {int, double}]", "app::pack<int, double>",
             "({int, double} ...)"},
        Case{"long unsigned int app::size(short unsigned int)", "app::size", "(unsigned short)"},
        Case{"app::Vec app::Vec::operator+(const app::Vec&) const", "app::Vec::operator+",
             "(const app::Vec &)"},
        Case{"app::Vec::operator bool() const", "app::Vec::operator bool", "()"},
        Case{"static const char* app::Vec::name()", "app::Vec::name", "()"},
        Case{"void app::{anonymous}::helper()", "app::(anonymous namespace)::helper", "()"},
        Case{"void app::Stack<T>::push(const T&) [with T = std::vector<int>]",
             "app::Stack<std::vector<int>>::push", "(const std::vector<int> &)"},
        Case{"app::lam()::<lambda(int)>", "app::lam()::<lambda(int)>", ""}),
    case_name);

TEST(PrettyFunction, ParametersAreSpacedTheSameForBothCompilers) {
  EXPECT_EQ(parse_pretty_function("void f(const char**, int&&, const int&)").parameters,
            parse_pretty_function("void f(const char **, int &&, const int &)").parameters);
  EXPECT_EQ(parse_pretty_function("void f(const char**, int&&, const int&)").parameters,
            "(const char **, int &&, const int &)");
}

TEST(PrettyFunction, OddInputComesBackUnchanged) {
  EXPECT_EQ(parse_pretty_function("").qualified_name, "");
  EXPECT_EQ(parse_pretty_function("label").qualified_name, "label");
}

// The compilers' pretty functions for lambdas inside function templates, and
// those of the functions around them.
TEST(LambdaTemplateArguments, GenericLambdasGetTheirOwnArgumentsOnly) {
  // GCC substitutes the enclosing function's arguments in the lambda's name.
  EXPECT_EQ(lambda_template_arguments("app::apply<int>(int)::<lambda(auto:1)> [with auto:1 = int]",
                                      "constexpr T app::apply(T) [with T = int]"),
            "<int>");
  // Clang lists the enclosing class template's arguments in the lambda's list too.
  EXPECT_EQ(lambda_template_arguments(
                "auto app::S<long>::run(char)::(anonymous class)::operator()(auto) const "
                "[A = long, v:auto = long int]",
                "int app::S<long>::run(U) [A = long, U = char]"),
            "<long>");
  EXPECT_EQ(lambda_template_arguments("auto f(int)::(anonymous class)::operator()(auto, auto) "
                                      "const [a:auto = int, b:auto = double]",
                                      "void f(T) [T = int]"),
            "<int, double>");
}

TEST(LambdaTemplateArguments, OrdinaryLambdasHaveNone) {
  EXPECT_EQ(lambda_template_arguments("app::apply<int>(int)::<lambda(int)>",
                                      "T app::apply(T) [with T = int]"),
            "");
  EXPECT_EQ(lambda_template_arguments(
                "auto app::S<long>::plain()::(anonymous class)::operator()() const [A = long]",
                "int app::S<long>::plain() [A = long]"),
            "");
}

}  // namespace
}  // namespace hotpath::detail
