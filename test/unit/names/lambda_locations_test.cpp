// Lambdas named by where they are written, from g++'s demangled closure types.
#include "lambda_locations.hpp"

#include <gtest/gtest.h>

#include "pattern.hpp"

namespace hotpath::names {
namespace {

using Locations = std::vector<std::string>;

TEST(NamesLambdaLocations, ContextKeysAreQualifiedNamesAndNumbersOfParameters) {
  // `main`'s local names have no parameter list (`main::{lambda()#1}`).
  EXPECT_EQ(lambda_context_key("main"), "main()");
  EXPECT_EQ(lambda_context_key("app::run<int>(int)"), "app::run(1)");
  EXPECT_EQ(lambda_context_key("app::run(T)"), "app::run(1)");
  EXPECT_EQ(lambda_context_key("app::run(std::map<int, int>, const char *)"), "app::run(2)");
  EXPECT_EQ(lambda_context_key("app::run(Args &&...)"), "app::run(...)");
  EXPECT_EQ(lambda_context_key("app::S::f() const"), "app::S::f(0)");
  EXPECT_EQ(lambda_context_key("app::S::~S()"), "app::S::~S(0)");
  EXPECT_EQ(lambda_context_key("main::L::m()"), "main::L::m(0)");
  EXPECT_EQ(lambda_context_key("main()::L::m()"), "main::L::m(0)");
  EXPECT_EQ(lambda_context_key("app::(anonymous namespace)::anon()"),
            "app::(anonymous namespace)::anon(0)");
  EXPECT_EQ(lambda_context_key("app::Box<int>::operator()(int) const"), "app::Box::operator()(1)");
  EXPECT_EQ(lambda_context_key("app::S::operator int() const"), "app::S::operator int(0)");
  // A return type in front is no part of the name.
  EXPECT_EQ(lambda_context_key("auto app::make<int>()"), "app::make(0)");
  // In a lambda: g++ numbers those per lambda; not known.
  EXPECT_EQ(lambda_context_key("main::{lambda()#1}::operator()() const"), "");
}

TEST(NamesLambdaLocations, LocatesEachLambdaArgumentInOrder) {
  LambdaLocations table;
  table.add("main", 1, "(lambda at main.cpp:10)");
  table.add("main", 2, "(lambda at main.cpp:11)");
  table.add("app::run(T)", 1, "(lambda at run.h:4)");
  EXPECT_EQ(table.locate("hotpath::TypeArguments<main::{lambda()#2}, void>*"),
            (Locations{"(lambda at main.cpp:11)"}));
  EXPECT_EQ(
      table.locate("hotpath::TypeArguments<hotpath::TypePack<main::{lambda()#1}, int, "
                   "app::run<double>(double)::{lambda(int)#1}>, "
                   "hotpath::TypeArguments<std::pair<int, main::{lambda()#2}>, void> >*"),
      (Locations{"(lambda at main.cpp:10)", "(lambda at run.h:4)", "(lambda at main.cpp:11)"}));
  // Not known: another number, another function, a lambda in a lambda.
  EXPECT_EQ(table.locate("hotpath::TypeArguments<main::{lambda()#3}, hotpath::TypeArguments<"
                         "f()::{lambda()#1}, hotpath::TypeArguments<main::{lambda()#1}::operator()"
                         "() const::{lambda()#1}, void> > >*"),
            (Locations{"", "", ""}));
  EXPECT_TRUE(table.locate("hotpath::TypeArguments<int, void>*").empty());
  // A lambda among the arguments of the function it is in is no argument itself.
  table.add("app::run(T, F)", 1, "(lambda at run.h:9)");
  EXPECT_EQ(table.locate("hotpath::TypeArguments<app::run<int, main::{lambda()#2}>(int, "
                         "main::{lambda()#2})::{lambda()#1}, void>*"),
            (Locations{"(lambda at run.h:9)"}));
}

TEST(NamesLambdaLocations, TwoPlacesForOneLambdaMakeItUnknown) {
  LambdaLocations table;
  table.add("app::run<int>(int)", 1, "(lambda at run.h:4)");
  table.add("app::run<char>(char)", 1, "(lambda at run.h:4)");
  table.add("app::over(int)", 1, "(lambda at over.h:3)");
  table.add("app::over(double)", 1, "(lambda at over.h:8)");
  table.add("app::over(int, int)", 1, "(lambda at over.h:12)");
  table.add("app::pack(Args...)", 1, "(lambda at pack.h:2)");
  EXPECT_EQ(
      table.locate("hotpath::TypeArguments<app::run<long>(long)::{lambda()#1}, "
                   "hotpath::TypeArguments<app::over(int)::{lambda()#1}, "
                   "hotpath::TypeArguments<app::over(long, long)::{lambda()#1}, "
                   "hotpath::TypeArguments<app::pack<int, int>(int, int)::{lambda()#1}, "
                   "void> > > >*"),
      (Locations{"(lambda at run.h:4)", "", "(lambda at over.h:12)", "(lambda at pack.h:2)"}));
}

TEST(NamesLambdaLocations, PatternsNameLambdaArgumentsByLocation) {
  const char* pattern = "${types=F;Ts...}app::call<${F}, ${Ts}...>(${F}, ${Ts}...)";
  const char* pretty =
      "void app::call(F, Ts ...) [with F = main()::<lambda()>; Ts = {main()::<lambda()>, int}]";
  const char* types =
      "static constexpr const char* hotpath::TypeArguments<Type, Rest>::text() [with Type = "
      "main()::<lambda()>; Rest = hotpath::TypeArguments<hotpath::TypePack<main()::<lambda()>, "
      "int>, void>]";
  const Locations locations{"(lambda at main.cpp:10)", "(lambda at main.cpp:11)"};
  EXPECT_EQ(resolve_pattern(pattern, {pretty}, types, nullptr, &locations),
            "app::call<(lambda at main.cpp:10), (lambda at main.cpp:11), int>((lambda at "
            "main.cpp:10), (lambda at main.cpp:11), int)");
  // A lambda not known stays `(lambda)`; locations of other types are not used.
  const Locations partly{"", "(lambda at main.cpp:11)"};
  EXPECT_EQ(resolve_pattern(pattern, {pretty}, types, nullptr, &partly),
            "app::call<(lambda), (lambda at main.cpp:11), int>((lambda), (lambda at main.cpp:11), "
            "int)");
  const Locations other{"(lambda at main.cpp:10)"};
  EXPECT_EQ(resolve_pattern(pattern, {pretty}, types, nullptr, &other),
            "app::call<(lambda), (lambda), int>((lambda), (lambda), int)");
}

}  // namespace
}  // namespace hotpath::names
