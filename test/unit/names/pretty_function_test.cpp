// Whole pretty function strings to canonical signatures, with the exact strings
// g++ 12 and Clang 14, 15, 16 and 19 print (-std=c++20) for the same functions.
// Where the compilers' strings carry the same information, all of them give the
// same signature. Where they do not, each compiler's own: Clang leaves default
// template arguments and unnamed template parameters out, prints a lambda argument
// as `(lambda at file:line:column)` (GCC `main()::<lambda()>`, which is `(lambda)`)
// and typedefs as written (`std::uint32_t`, GCC `uint32_t`); Clang 16 and later
// print a class unqualified in its own members' parameters (`const Pt &`, Clang 14
// and 15 `const app::Pt &`); GCC prints user inline namespaces (`app::v12::`). GCC
// also gives the arguments of a function template that encloses a lambda, Clang
// does not: they are left out for both.
//
// The strings come from small programs (named in each case) that print
// __PRETTY_FUNCTION__: cases.cpp and cases2.cpp for the first cases, cases3.cpp to
// cases10.cpp for the others; `(lambda at cases.cpp:41:13)` is the line and column
// of the lambda in its program.
#include "pretty_function.hpp"

#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace hotpath::names {
namespace {

struct Spelling {
  const char* compilers;
  const char* pretty;
};

struct SameSignatureCase {
  const char* name;
  const char* program;
  std::vector<Spelling> spellings;
  const char* signature;
};

struct OwnSignature {
  const char* compilers;
  const char* pretty;
  const char* signature;
};

struct PerCompilerCase {
  const char* name;
  const char* program;
  std::vector<OwnSignature> spellings;
};

// Strings whose compilers all print the same information: one signature.
const std::vector<SameSignatureCase> kSameSignature = {
    {"cases1_member",
     "cases.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "int app::S::f()"},
     },
     "app::S::f()"},
    {"cases1_const_member",
     "cases.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "int app::S::f() const"},
     },
     "app::S::f() const"},
    {"cases1_lvalue_ref_qualified",
     "cases.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::S::r() &"},
     },
     "app::S::r() &"},
    {"cases1_rvalue_ref_qualified",
     "cases.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::S::r() &&"},
     },
     "app::S::r() &&"},
    {"cases1_class_template_constructor",
     "cases.cpp",
     {
         {"g++ 12", "app::Map<K, V>::Map() [with K = std::vector<int>; V = std::map<int, int>]"},
         {"clang 14, 15, 16, 19",
          "app::Map<std::vector<int>, std::map<int, int>>::Map() [K = std::vector<int>, V = "
          "std::map<int, int>]"},
     },
     "app::Map<std::vector<int>, std::map<int, int>>::Map()"},
    {"cases1_class_template_member",
     "cases.cpp",
     {
         {"g++ 12",
          "app::Map<K, V>::size_type app::Map<K, V>::bucket(const K&) const [with K = "
          "std::vector<int>; V = std::map<int, int>; size_type = unsigned int]"},
         {"clang 14, 15",
          "app::Map::size_type app::Map<std::vector<int>, std::map<int, int>>::bucket(const K &) "
          "const [K = std::vector<int>, V = std::map<int, int>]"},
         {"clang 16, 19",
          "size_type app::Map<std::vector<int>, std::map<int, int>>::bucket(const K &) const [K = "
          "std::vector<int>, V = std::map<int, int>]"},
     },
     "app::Map<std::vector<int>, std::map<int, int>>::bucket(const std::vector<int> &) const"},
    {"cases1_empty_pack",
     "cases.cpp",
     {
         {"g++ 12", "void app::print(const char*, A&& ...) [with A = {}]"},
         {"clang 14, 15, 16, 19", "void app::print(const char *, A &&...) [A = <>]"},
     },
     "app::print<>(const char *)"},
    {"cases1_pack",
     "cases.cpp",
     {
         {"g++ 12", "void app::print(const char*, A&& ...) [with A = {int, double}]"},
         {"clang 14, 15, 16, 19", "void app::print(const char *, A &&...) [A = <int, double>]"},
     },
     "app::print<int, double>(const char *, int &&, double &&)"},
    {"cases1_non_type_and_array_reference",
     "cases.cpp",
     {
         {"g++ 12", "int app::arr(T (&)[N]) [with int N = 3; T = int]"},
         {"clang 14, 15, 16, 19", "int app::arr(T (&)[N]) [N = 3, T = int]"},
     },
     "app::arr<3, int>(int (&)[3])"},
    {"cases1_template_template_parameter",
     "cases.cpp",
     {
         {"g++ 12", "void app::tt(C<int>&) [with C = std::vector]"},
         {"clang 14, 15, 16, 19", "void app::tt(C<int> &) [C = std::vector]"},
     },
     "app::tt<std::vector>(std::vector<int> &)"},
    {"cases1_lambda_in_main",
     "cases.cpp",
     {
         {"g++ 12", "main()::<lambda()>"},
         {"clang 14, 15, 16, 19", "auto main()::(anonymous class)::operator()() const"},
     },
     "main()::(lambda)"},
    {"cases1_local_class_as_template_argument",
     "cases.cpp",
     {
         {"g++ 12", "int app::size_of() [with T = a()::L]"},
         {"clang 14, 15, 16, 19", "int app::size_of() [T = L]"},
     },
     "app::size_of<L>()"},
    {"cases1_other_local_class_as_template_argument",
     "cases.cpp",
     {
         {"g++ 12", "int app::size_of() [with T = b()::L]"},
         {"clang 14, 15, 16, 19", "int app::size_of() [T = L]"},
     },
     "app::size_of<L>()"},
    {"cases1_anonymous_namespace",
     "cases.cpp",
     {
         {"g++ 12",
          "void app::{anonymous}::helper(long long unsigned int, long int, short int, unsigned "
          "char)"},
         {"clang 14, 15, 16, 19",
          "void app::(anonymous namespace)::helper(unsigned long long, long, short, unsigned "
          "char)"},
     },
     "app::(anonymous namespace)::helper(unsigned long long, long, short, unsigned char)"},
    {"cases1_static_function",
     "cases.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::shelper()"},
     },
     "app::shelper()"},
    {"cases1_generic_lambda_int",
     "cases.cpp",
     {
         {"g++ 12", "main()::<lambda(auto:11)> [with auto:11 = int]"},
         {"clang 14, 15, 16, 19",
          "auto main()::(anonymous class)::operator()(auto) const [x:auto = int]"},
     },
     "main()::(lambda)<int>"},
    {"cases1_generic_lambda_double",
     "cases.cpp",
     {
         {"g++ 12", "main()::<lambda(auto:11)> [with auto:11 = double]"},
         {"clang 14, 15, 16, 19",
          "auto main()::(anonymous class)::operator()(auto) const [x:auto = double]"},
     },
     "main()::(lambda)<double>"},
    {"cases1_class_template_destructor",
     "cases.cpp",
     {
         {"g++ 12", "app::Map<K, V>::~Map() [with K = std::vector<int>; V = std::map<int, int>]"},
         {"clang 14, 15, 16, 19",
          "app::Map<std::vector<int>, std::map<int, int>>::~Map() [K = std::vector<int>, V = "
          "std::map<int, int>]"},
     },
     "app::Map<std::vector<int>, std::map<int, int>>::~Map()"},
    {"cases2_non_type_arguments",
     "cases2.cpp",
     {
         {"g++ 12",
          "void app::nt() [with Color C = app::Color::Green; Plain Q = app::B1; bool B = true; "
          "char Ch = 'x'; unsigned int U = 7; long int L = -3; long unsigned int Z = 9]"},
         {"clang 14, 15, 16, 19",
          "void app::nt() [C = app::Color::Green, Q = app::B1, B = true, Ch = 'x', U = 7U, L = "
          "-3L, Z = 9UL]"},
     },
     "app::nt<app::Color::Green, app::B1, true, 'x', 7, -3, 9>()"},
    {"cases2_local_class_member",
     "cases2.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::loc(int)::L::m()"},
     },
     "app::loc(int)::L::m()"},
    {"cases2_member_template_of_nested_class",
     "cases2.cpp",
     {
         {"g++ 12", "void app::Outer<T>::Inner::g(U) [with U = char; T = int]"},
         {"clang 14, 15, 16, 19", "void app::Outer<int>::Inner::g(U) [T = int, U = char]"},
     },
     "app::Outer<int>::Inner::g<char>(char)"},
    {"cases2_class_template_member_int",
     "cases2.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = int]"},
         {"clang 14, 15, 16, 19", "void app::Box<int>::f() [T = int]"},
     },
     "app::Box<int>::f()"},
    {"cases2_partial_specialization",
     "cases2.cpp",
     {
         {"g++ 12", "void app::Box<T*>::f() [with T = int]"},
         {"clang 14, 15, 16, 19", "void app::Box<int *>::f() [T = int *]"},
     },
     "app::Box<int *>::f()"},
    {"cases2_explicit_specialization",
     "cases2.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::Box<char>::f()"},
     },
     "app::Box<char>::f()"},
    {"cases2_operator_call",
     "cases2.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::Op::operator()(int)"},
     },
     "app::Op::operator()(int)"},
    {"cases2_operator_shift_left",
     "cases2.cpp",
     {
         {"g++ 12", "app::Op& app::Op::operator<<(int)"},
         {"clang 14, 15", "app::Op &app::Op::operator<<(int)"},
         {"clang 16, 19", "Op &app::Op::operator<<(int)"},
     },
     "app::Op::operator<<(int)"},
    {"cases2_operator_new",
     "cases2.cpp",
     {
         {"g++ 12", "static void* app::Op::operator new(std::size_t)"},
         {"clang 14, 15, 16, 19", "static void *app::Op::operator new(std::size_t)"},
     },
     "app::Op::operator new(std::size_t)"},
    {"cases2_operator_delete",
     "cases2.cpp",
     {
         {"g++ 12", "static void app::Op::operator delete(void*)"},
         {"clang 14, 15, 16, 19", "static void app::Op::operator delete(void *)"},
     },
     "app::Op::operator delete(void *)"},
    {"cases2_operator_subscript",
     "cases2.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "int app::Op::operator[](int) const"},
     },
     "app::Op::operator[](int) const"},
    {"cases2_conversion_to_pointer",
     "cases2.cpp",
     {
         {"g++ 12", "app::Op::operator const char*() const"},
         {"clang 14, 15, 16, 19", "const char *app::Op::operator const char *() const"},
     },
     "app::Op::operator const char *() const"},
    {"cases2_function_pointer_array_function_unique_ptr",
     "cases2.cpp",
     {
         {"g++ 12",
          "void app::fp(void (*)(int), int (&)[4], const std::function<int(double)>&, "
          "std::unique_ptr<int []>)"},
         {"clang 14, 15, 16, 19",
          "void app::fp(void (*)(int), int (&)[4], const std::function<int (double)> &, "
          "std::unique_ptr<int[]>)"},
     },
     "app::fp(void (*)(int), int (&)[4], const std::function<int (double)> &, "
     "std::unique_ptr<int[]>)"},
    {"cases2_strings_in_containers",
     "cases2.cpp",
     {
         {"g++ 12",
          "void app::tfp(T*, std::vector<T>&, std::map<std::__cxx11::basic_string<char>, T>&, "
          "const std::string&) [with T = std::__cxx11::basic_string<char>; std::string = "
          "std::__cxx11::basic_string<char>]"},
         {"clang 14, 15, 16, 19",
          "void app::tfp(T *, std::vector<T> &, std::map<std::string, T> &, const std::string &) "
          "[T = std::basic_string<char>]"},
     },
     "app::tfp<std::string>(std::string *, std::vector<std::string> &, std::map<std::string, "
     "std::string> &, const std::string &)"},
    {"cases2_integer_types",
     "cases2.cpp",
     {
         {"g++ 12",
          "void app::sz(std::size_t, std::ptrdiff_t, long double, wchar_t, char16_t, signed char, "
          "short unsigned int)"},
         {"clang 14, 15, 16, 19",
          "void app::sz(std::size_t, std::ptrdiff_t, long double, wchar_t, char16_t, signed char, "
          "unsigned short)"},
     },
     "app::sz(std::size_t, std::ptrdiff_t, long double, wchar_t, char16_t, signed char, unsigned "
     "short)"},
    {"cases2_decltype_return_type",
     "cases2.cpp",
     {
         {"g++ 12",
          "decltype ((t + 1)) app::deduce(T) [with T = double; decltype ((t + 1)) = double]"},
         {"clang 14, 15, 16, 19", "<dependent type> app::deduce(T) [T = double]"},
     },
     "app::deduce<double>(double)"},
    {"cases2_static_member_empty_pack",
     "cases2.cpp",
     {
         {"g++ 12", "static void app::Wide::many(Ts ...) [with Ts = {}]"},
         {"clang 14, 15, 16, 19", "static void app::Wide::many(Ts...) [Ts = <>]"},
     },
     "app::Wide::many<>()"},
    {"cases2_static_member_pack",
     "cases2.cpp",
     {
         {"g++ 12",
          "static void app::Wide::many(Ts ...) [with Ts = {int, const char*, "
          "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >}]"},
         {"clang 14, 15, 16, 19",
          "static void app::Wide::many(Ts...) [Ts = <int, const char *, std::basic_string<char>>]"},
     },
     "app::Wide::many<int, const char *, std::string>(int, const char *, std::string)"},
    {"cases2_noexcept_function_argument",
     "cases2.cpp",
     {
         {"g++ 12", "void app::noex(T) [with T = std::function<void()>]"},
         {"clang 14, 15, 16, 19", "void app::noex(T) [T = std::function<void ()>]"},
     },
     "app::noex<std::function<void ()>>(std::function<void ()>)"},
    {"cases2_cv_pointers",
     "cases2.cpp",
     {
         {"g++ 12",
          "void app::cstr(const char* const*, volatile int*, const volatile long unsigned int&)"},
         {"clang 14, 15, 16, 19",
          "void app::cstr(const char *const *, volatile int *, const volatile unsigned long &)"},
     },
     "app::cstr(const char *const *, volatile int *, const volatile unsigned long &)"},
    {"cases3_all_arguments_given_constructor",
     "cases3.cpp",
     {
         {"g++ 12",
          "app::HMap<K, V, H>::HMap() [with K = std::__cxx11::basic_string<char>; V = int; H = "
          "app::MyHash]"},
         {"clang 14, 15, 16, 19",
          "app::HMap<std::basic_string<char>, int, app::MyHash>::HMap() [K = "
          "std::basic_string<char>, V = int, H = app::MyHash]"},
     },
     "app::HMap<std::string, int, app::MyHash>::HMap()"},
    {"cases3_all_arguments_given_member",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::HMap<K, V, H>::find(const K&) const [with K = "
          "std::__cxx11::basic_string<char>; V = int; H = app::MyHash]"},
         {"clang 14, 15, 16, 19",
          "void app::HMap<std::basic_string<char>, int, app::MyHash>::find(const K &) const [K = "
          "std::basic_string<char>, V = int, H = app::MyHash]"},
     },
     "app::HMap<std::string, int, app::MyHash>::find(const std::string &) const"},
    {"cases3_function_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tf(T) [with T = double]"},
         {"clang 14, 15, 16, 19", "void app::tf(T) [T = double]"},
     },
     "app::tf<double>(double)"},
    {"cases3_primary_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Pair<A, B>::f() [with A = int; B = long int]"},
         {"clang 14, 15, 16, 19", "void app::Pair<int, long>::f() [A = int, B = long]"},
     },
     "app::Pair<int, long>::f()"},
    {"cases3_partial_specialization_same_arguments",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Pair<T, T>::f() [with T = int]"},
         {"clang 14, 15, 16, 19", "void app::Pair<int, int>::f() [A = int, B = int]"},
     },
     "app::Pair<int, int>::f()"},
    {"cases3_partial_specialization_dependent_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Pair<T, std::vector<T> >::f() [with T = int]"},
         {"clang 14, 15, 16, 19",
          "void app::Pair<int, std::vector<int>>::f() [A = int, B = std::vector<int>]"},
     },
     "app::Pair<int, std::vector<int>>::f()"},
    {"cases3_operator_post_increment",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15", "app::Pt app::Pt::operator++(int)"},
         {"clang 16, 19", "Pt app::Pt::operator++(int)"},
     },
     "app::Pt::operator++(int)"},
    {"cases3_operator_pre_increment",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt& app::Pt::operator++()"},
         {"clang 14, 15", "app::Pt &app::Pt::operator++()"},
         {"clang 16, 19", "Pt &app::Pt::operator++()"},
     },
     "app::Pt::operator++()"},
    {"cases3_operator_not",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "bool app::Pt::operator!() const"},
     },
     "app::Pt::operator!() const"},
    {"cases3_operator_arrow",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt* app::Pt::operator->()"},
         {"clang 14, 15", "app::Pt *app::Pt::operator->()"},
         {"clang 16, 19", "Pt *app::Pt::operator->()"},
     },
     "app::Pt::operator->()"},
    {"cases3_operator_new_array",
     "cases3.cpp",
     {
         {"g++ 12", "static void* app::Pt::operator new [](std::size_t)"},
         {"clang 14, 15, 16, 19", "static void *app::Pt::operator new[](std::size_t)"},
     },
     "app::Pt::operator new[](std::size_t)"},
    {"cases3_operator_delete_array",
     "cases3.cpp",
     {
         {"g++ 12", "static void app::Pt::operator delete [](void*)"},
         {"clang 14, 15, 16, 19", "static void app::Pt::operator delete[](void *)"},
     },
     "app::Pt::operator delete[](void *)"},
    {"cases3_operator_shift_right",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "int app::Pt::operator>>(int) const"},
     },
     "app::Pt::operator>>(int) const"},
    {"cases3_operator_shift_left_assign",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt& app::Pt::operator<<=(int)"},
         {"clang 14, 15", "app::Pt &app::Pt::operator<<=(int)"},
         {"clang 16, 19", "Pt &app::Pt::operator<<=(int)"},
     },
     "app::Pt::operator<<=(int)"},
    {"cases3_operator_comma",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "int app::Pt::operator,(int) const"},
     },
     "app::Pt::operator,(int) const"},
    {"cases3_operator_arrow_star",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "int app::Pt::operator->*(int app::Pt::*) const"},
     },
     "app::Pt::operator->*(int app::Pt::*) const"},
    {"cases3_conversion_to_int",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt::operator int() const"},
         {"clang 14, 15, 16, 19", "int app::Pt::operator int() const"},
     },
     "app::Pt::operator int() const"},
    {"cases3_conversion_to_string",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt::operator std::string() const"},
         {"clang 14, 15, 16, 19", "std::string app::Pt::operator basic_string() const"},
     },
     "app::Pt::operator std::string() const"},
    {"cases3_conversion_function_template",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt::operator T*() const [with T = int]"},
         {"clang 14, 15, 16, 19", "T *app::Pt::operator int *() const [T = int]"},
     },
     "app::Pt::operator int *<int>() const"},
    {"cases3_conversion_to_vector",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt::operator std::vector<int>() const"},
         {"clang 14, 15, 16, 19", "std::vector<int> app::Pt::operator vector() const"},
     },
     "app::Pt::operator std::vector<int>() const"},
    {"cases3_user_defined_literal",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "long double app::operator\"\"_km(long double)"},
     },
     "app::operator\"\"_km(long double)"},
    {"cases3_operator_call_of_class_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Fn<T>::operator()(T) const [with T = int]"},
         {"clang 14, 15, 16, 19", "void app::Fn<int>::operator()(T) const [T = int]"},
     },
     "app::Fn<int>::operator()(int) const"},
    {"cases3_operator_subscript_of_class_template",
     "cases3.cpp",
     {
         {"g++ 12",
          "T app::Fn<T>::operator[](std::size_t) const [with T = int; std::size_t = long unsigned "
          "int]"},
         {"clang 14, 15, 16, 19", "T app::Fn<int>::operator[](std::size_t) const [T = int]"},
     },
     "app::Fn<int>::operator[](std::size_t) const"},
    {"cases3_empty_non_type_pack",
     "cases3.cpp",
     {
         {"g++ 12", "void app::ints() [with int ...N = {}]"},
         {"clang 14, 15, 16, 19", "void app::ints() [N = <>]"},
     },
     "app::ints<>()"},
    {"cases3_non_type_pack",
     "cases3.cpp",
     {
         {"g++ 12", "void app::ints() [with int ...N = {1, -2, 3}]"},
         {"clang 14, 15, 16, 19", "void app::ints() [N = <1, -2, 3>]"},
     },
     "app::ints<1, -2, 3>()"},
    {"cases3_pack_class_constructor",
     "cases3.cpp",
     {
         {"g++ 12", "app::Tup<T>::Tup(T ...) [with T = {int, char}]"},
         {"clang 14, 15, 16, 19", "app::Tup<int, char>::Tup(T...) [T = <int, char>]"},
     },
     "app::Tup<int, char>::Tup(int, char)"},
    {"cases3_pack_class_member",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Tup<T>::f() [with T = {int, char}]"},
         {"clang 14, 15, 16, 19", "void app::Tup<int, char>::f() [T = <int, char>]"},
     },
     "app::Tup<int, char>::f()"},
    {"cases3_pack_class_member_template_empty_pack",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Tup<T>::g(U ...) [with U = {}; T = {int, char}]"},
         {"clang 14, 15, 16, 19", "void app::Tup<int, char>::g(U...) [T = <int, char>, U = <>]"},
     },
     "app::Tup<int, char>::g<>()"},
    {"cases3_pack_class_member_template_pack",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::Tup<T>::g(U ...) [with U = {float, std::nullptr_t}; T = {int, char}]"},
         {"clang 14, 15, 16, 19",
          "void app::Tup<int, char>::g(U...) [T = <int, char>, U = <float, std::nullptr_t>]"},
     },
     "app::Tup<int, char>::g<float, std::nullptr_t>(float, std::nullptr_t)"},
    {"cases3_empty_pack_class_constructor",
     "cases3.cpp",
     {
         {"g++ 12", "app::Tup<T>::Tup(T ...) [with T = {}]"},
         {"clang 14, 15, 16, 19", "app::Tup<>::Tup(T...) [T = <>]"},
     },
     "app::Tup<>::Tup()"},
    {"cases3_empty_pack_class_member",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Tup<T>::f() [with T = {}]"},
         {"clang 14, 15, 16, 19", "void app::Tup<>::f() [T = <>]"},
     },
     "app::Tup<>::f()"},
    {"cases3_auto_non_type_int",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = 5]"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = 5]"},
     },
     "app::autov<5>()"},
    {"cases3_auto_non_type_char",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = 'a']"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = 'a']"},
     },
     "app::autov<'a'>()"},
    {"cases3_auto_non_type_enumerator",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = app::B1]"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = app::B1]"},
     },
     "app::autov<app::B1>()"},
    {"cases3_auto_non_type_scoped_enumerator",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = app::Color::Green]"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = app::Color::Green]"},
     },
     "app::autov<app::Color::Green>()"},
    {"cases3_auto_non_type_bool",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = true]"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = true]"},
     },
     "app::autov<true>()"},
    {"cases3_auto_non_type_size_t",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = 7]"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = 7UL]"},
     },
     "app::autov<7>()"},
    {"cases3_auto_non_type_long",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = -1]"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = -1L]"},
     },
     "app::autov<-1>()"},
    {"cases3_auto_non_type_unsigned_long_long",
     "cases3.cpp",
     {
         {"g++ 12", "void app::autov() [with auto V = 10000000000]"},
         {"clang 14, 15, 16, 19", "void app::autov() [V = 10000000000ULL]"},
     },
     "app::autov<10000000000>()"},
    {"cases3_non_type_integers",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::nums() [with long unsigned int Z = 3; long long unsigned int U = "
          "18446744073709551615; long long int L = -9223372036854775807; short int S = -5]"},
         {"clang 14, 15, 16, 19",
          "void app::nums() [Z = 3UL, U = 18446744073709551615ULL, L = -9223372036854775807LL, S = "
          "(short)-5]"},
     },
     "app::nums<3, 18446744073709551615, -9223372036854775807, -5>()"},
    {"cases3_char_newline",
     "cases3.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\012']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\n']"},
     },
     "app::chars<'\\n'>()"},
    {"cases3_char_null",
     "cases3.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\000']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\x00']"},
     },
     "app::chars<'\\x00'>()"},
    {"cases3_char_quote",
     "cases3.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\'']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\'']"},
     },
     "app::chars<'\\''>()"},
    {"cases3_char_backslash",
     "cases3.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\\\']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\\\']"},
     },
     "app::chars<'\\\\'>()"},
    {"cases3_char_letter",
     "cases3.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = 'A']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = 'A']"},
     },
     "app::chars<'A'>()"},
    {"cases3_non_type_bool",
     "cases3.cpp",
     {
         {"g++ 12", "void app::bools() [with bool B = false]"},
         {"clang 14, 15, 16, 19", "void app::bools() [B = false]"},
     },
     "app::bools<false>()"},
    {"cases3_enumerator_of_class_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::En<E>::f() [with app::Plain E = app::A1]"},
         {"clang 14, 15, 16, 19", "void app::En<app::A1>::f() [E = app::A1]"},
     },
     "app::En<app::A1>::f()"},
    {"cases3_template_template_class_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::TT<C>::f() [with C = std::vector]"},
         {"clang 14, 15, 16, 19", "void app::TT<std::vector>::f() [C = std::vector]"},
     },
     "app::TT<std::vector>::f()"},
    {"cases3_template_template_class_argument_user",
     "cases3.cpp",
     {
         {"g++ 12", "void app::TT<C>::f() [with C = app::Tup]"},
         {"clang 14, 15, 16, 19", "void app::TT<app::Tup>::f() [C = app::Tup]"},
     },
     "app::TT<app::Tup>::f()"},
    {"cases3_lambda",
     "cases3.cpp",
     {
         {"g++ 12", "app::lam_free()::<lambda(int)>"},
         {"clang 14, 15, 16, 19", "auto app::lam_free()::(anonymous class)::operator()(int) const"},
     },
     "app::lam_free()::(lambda)"},
    {"cases3_generic_lambda_two_parameters",
     "cases3.cpp",
     {
         {"g++ 12",
          "app::lam_free()::<lambda(auto:14, auto:15)> [with auto:14 = int; auto:15 = double]"},
         {"clang 14, 15, 16, 19",
          "auto app::lam_free()::(anonymous class)::operator()(auto, auto) const [a:auto = int, "
          "b:auto = double]"},
     },
     "app::lam_free()::(lambda)<int, double>"},
    {"cases3_generic_lambda_pack",
     "cases3.cpp",
     {
         {"g++ 12", "app::lam_free()::<lambda(auto:16 ...)> [with auto:16 = {int, char}]"},
         {"clang 14, 15, 16, 19",
          "auto app::lam_free()::(anonymous class)::operator()(auto...) const [xs:auto = <int, "
          "char>]"},
     },
     "app::lam_free()::(lambda)<int, char>"},
    {"cases3_generic_lambda_empty_pack",
     "cases3.cpp",
     {
         {"g++ 12", "app::lam_free()::<lambda(auto:16 ...)> [with auto:16 = {}]"},
         {"clang 14, 15, 16, 19",
          "auto app::lam_free()::(anonymous class)::operator()(auto...) const [xs:auto = <>]"},
     },
     "app::lam_free()::(lambda)<>"},
    {"cases3_lambda_with_template_parameter_list",
     "cases3.cpp",
     {
         {"g++ 12", "app::lam_free()::<lambda(T)> [with T = long int]"},
         {"clang 14, 15, 16, 19",
          "auto app::lam_free()::(anonymous class)::operator()(T) const [T = long]"},
     },
     "app::lam_free()::(lambda)<long>"},
    {"cases3_mutable_lambda",
     "cases3.cpp",
     {
         {"g++ 12", "app::lam_free()::<lambda()> mutable"},
         {"clang 14, 15, 16, 19", "auto app::lam_free()::(anonymous class)::operator()()"},
     },
     "app::lam_free()::(lambda)"},
    {"cases3_lambda_in_lambda",
     "cases3.cpp",
     {
         {"g++ 12", "app::lam_free()::<lambda()>::<lambda()>"},
         {"clang 14, 15, 16, 19",
          "auto app::lam_free()::(anonymous class)::operator()()::(anonymous class)::operator()() "
          "const"},
     },
     "app::lam_free()::(lambda)::(lambda)"},
    {"cases3_lambda_with_parameters",
     "cases3.cpp",
     {
         {"g++ 12", "app::lam_free()::<lambda(const std::string&, std::vector<int>*)>"},
         {"clang 14, 15, 16, 19",
          "auto app::lam_free()::(anonymous class)::operator()(const std::string &, "
          "std::vector<int> *) const"},
     },
     "app::lam_free()::(lambda)"},
    {"cases3_generic_lambda_in_member_of_class_template",
     "cases3.cpp",
     {
         {"g++ 12", "app::Map<int>::work()::<lambda(auto:17)> [with auto:17 = int]"},
         {"clang 14, 15, 16, 19",
          "auto app::Map<int>::work()::(anonymous class)::operator()(auto) const [K = int, V = "
          "std::basic_string<char>, x:auto = int]"},
     },
     "app::Map<int>::work()::(lambda)<int>"},
    {"cases3_lambda_in_member_of_class_template",
     "cases3.cpp",
     {
         {"g++ 12", "app::Map<int>::work()::<lambda()>"},
         {"clang 14, 15, 16, 19",
          "auto app::Map<int>::work()::(anonymous class)::operator()() const [K = int, V = "
          "std::basic_string<char>]"},
     },
     "app::Map<int>::work()::(lambda)"},
    {"cases3_local_class_in_function_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tlam(T)::Loc::m() [with T = double]"},
         {"clang 14, 15, 16, 19", "void app::tlam(double)::Loc::m()"},
     },
     "app::tlam(double)::Loc::m()"},
    {"cases3_lambda_in_main",
     "cases3.cpp",
     {
         {"g++ 12", "main()::<lambda()>"},
         {"clang 14, 15, 16, 19", "auto main()::(anonymous class)::operator()() const"},
     },
     "main()::(lambda)"},
    {"cases3_anonymous_namespace_member",
     "cases3.cpp",
     {
         {"g++ 12", "void app::{anonymous}::Hidden::f()"},
         {"clang 14, 15, 16, 19", "void app::(anonymous namespace)::Hidden::f()"},
     },
     "app::(anonymous namespace)::Hidden::f()"},
    {"cases3_anonymous_namespace_class_as_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = app::{anonymous}::Hidden]"},
         {"clang 14, 15, 16, 19",
          "void app::Box<app::(anonymous namespace)::Hidden>::f() [T = app::(anonymous "
          "namespace)::Hidden]"},
     },
     "app::Box<app::(anonymous namespace)::Hidden>::f()"},
    {"cases3_standard_library_parameters",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::stds(std::string, std::vector<std::__cxx11::basic_string<char> >, "
          "std::map<std::__cxx11::basic_string<char>, std::vector<int> >, "
          "std::unordered_map<std::__cxx11::basic_string<char>, int>, std::unique_ptr<Pt>, "
          "std::shared_ptr<Pt>, std::function<void(int)>, std::set<int>, std::pair<int, char>, "
          "std::tuple<int, long int>, std::optional<int>, std::string_view, std::array<int, 3>, "
          "std::__cxx11::list<int>, std::deque<int>, std::unordered_set<int>)"},
         {"clang 14, 15, 16, 19",
          "void app::stds(std::string, std::vector<std::string>, std::map<std::string, "
          "std::vector<int>>, std::unordered_map<std::string, int>, std::unique_ptr<Pt>, "
          "std::shared_ptr<Pt>, std::function<void (int)>, std::set<int>, std::pair<int, char>, "
          "std::tuple<int, long>, std::optional<int>, std::string_view, std::array<int, 3>, "
          "std::list<int>, std::deque<int>, std::unordered_set<int>)"},
     },
     "app::stds(std::string, std::vector<std::string>, std::map<std::string, std::vector<int>>, "
     "std::unordered_map<std::string, int>, std::unique_ptr<Pt>, std::shared_ptr<Pt>, "
     "std::function<void (int)>, std::set<int>, std::pair<int, char>, std::tuple<int, long>, "
     "std::optional<int>, std::string_view, std::array<int, 3>, std::list<int>, std::deque<int>, "
     "std::unordered_set<int>)"},
    {"cases3_map_of_vector_of_strings",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::tstd(T) [with T = std::map<std::__cxx11::basic_string<char>, "
          "std::vector<std::__cxx11::basic_string<char> > >]"},
         {"clang 14, 15, 16, 19",
          "void app::tstd(T) [T = std::map<std::basic_string<char>, "
          "std::vector<std::basic_string<char>>>]"},
     },
     "app::tstd<std::map<std::string, std::vector<std::string>>>(std::map<std::string, "
     "std::vector<std::string>>)"},
    {"cases3_unordered_map",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::tstd(T) [with T = std::unordered_map<std::__cxx11::basic_string<char>, int>]"},
         {"clang 14, 15, 16, 19",
          "void app::tstd(T) [T = std::unordered_map<std::basic_string<char>, int>]"},
     },
     "app::tstd<std::unordered_map<std::string, int>>(std::unordered_map<std::string, int>)"},
    {"cases3_set",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::set<long int>]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::set<long>]"},
     },
     "app::tstd<std::set<long>>(std::set<long>)"},
    {"cases3_function",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::function<int(double, const char*)>]"},
         {"clang 14, 15, 16, 19",
          "void app::tstd(T) [T = std::function<int (double, const char *)>]"},
     },
     "app::tstd<std::function<int (double, const char *)>>(std::function<int (double, const char "
     "*)>)"},
    {"cases3_string_view",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::basic_string_view<char>]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::basic_string_view<char>]"},
     },
     "app::tstd<std::string_view>(std::string_view)"},
    {"cases3_array",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::array<int, 3>]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::array<int, 3>]"},
     },
     "app::tstd<std::array<int, 3>>(std::array<int, 3>)"},
    {"cases3_wstring",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::__cxx11::basic_string<wchar_t>]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::basic_string<wchar_t>]"},
     },
     "app::tstd<std::wstring>(std::wstring)"},
    {"cases3_list",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::__cxx11::list<long unsigned int>]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::list<unsigned long>]"},
     },
     "app::tstd<std::list<unsigned long>>(std::list<unsigned long>)"},
    {"cases3_pair",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::tstd(T) [with T = std::pair<std::__cxx11::basic_string<char>, int>]"},
         {"clang 14, 15, 16, 19",
          "void app::tstd(T) [T = std::pair<std::basic_string<char>, int>]"},
     },
     "app::tstd<std::pair<std::string, int>>(std::pair<std::string, int>)"},
    {"cases3_shared_ptr",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::shared_ptr<int>]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::shared_ptr<int>]"},
     },
     "app::tstd<std::shared_ptr<int>>(std::shared_ptr<int>)"},
    {"cases3_empty_tuple",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::tuple<>]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::tuple<>]"},
     },
     "app::tstd<std::tuple<>>(std::tuple<>)"},
    {"cases3_optional",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::tstd(T) [with T = std::optional<std::__cxx11::basic_string<char> >]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::optional<std::basic_string<char>>]"},
     },
     "app::tstd<std::optional<std::string>>(std::optional<std::string>)"},
    {"cases3_pointer_to_function_returning_function_pointer",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = void (* (*)())(int)]"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = void (*(*)())(int)]"},
     },
     "app::tstd<void (*(*)())(int)>(void (*(*)())(int))"},
    {"cases3_array_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = int [3]]"},
         {"clang 14, 15, 16, 19", "void app::Box<int[3]>::f() [T = int[3]]"},
     },
     "app::Box<int[3]>::f()"},
    {"cases3_pointer_to_array_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = int (*)[3]]"},
         {"clang 14, 15, 16, 19", "void app::Box<int (*)[3]>::f() [T = int (*)[3]]"},
     },
     "app::Box<int (*)[3]>::f()"},
    {"cases3_function_pointer_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = void (*)(int)]"},
         {"clang 14, 15, 16, 19", "void app::Box<void (*)(int)>::f() [T = void (*)(int)]"},
     },
     "app::Box<void (*)(int)>::f()"},
    {"cases3_member_function_pointer_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = void (app::Pt::*)(int) const]"},
         {"clang 14, 15, 16, 19",
          "void app::Box<void (app::Pt::*)(int) const>::f() [T = void (app::Pt::*)(int) const]"},
     },
     "app::Box<void (app::Pt::*)(int) const>::f()"},
    {"cases3_function_type_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = int(double)]"},
         {"clang 14, 15, 16, 19", "void app::Box<int (double)>::f() [T = int (double)]"},
     },
     "app::Box<int (double)>::f()"},
    {"cases3_unsigned_long_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = long unsigned int]"},
         {"clang 14, 15, 16, 19", "void app::Box<unsigned long>::f() [T = unsigned long]"},
     },
     "app::Box<unsigned long>::f()"},
    {"cases3_vector_of_unsigned_long_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = std::vector<long unsigned int>]"},
         {"clang 14, 15, 16, 19",
          "void app::Box<std::vector<unsigned long>>::f() [T = std::vector<unsigned long>]"},
     },
     "app::Box<std::vector<unsigned long>>::f()"},
    {"cases3_pointer_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = const char*]"},
         {"clang 14, 15, 16, 19", "void app::Box<const char *>::f() [T = const char *]"},
     },
     "app::Box<const char *>::f()"},
    {"cases3_long_long_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = long long int]"},
         {"clang 14, 15, 16, 19", "void app::Box<long long>::f() [T = long long]"},
     },
     "app::Box<long long>::f()"},
    {"cases3_unsigned_char_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = unsigned char]"},
         {"clang 14, 15, 16, 19", "void app::Box<unsigned char>::f() [T = unsigned char]"},
     },
     "app::Box<unsigned char>::f()"},
    {"cases3_short_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = short int]"},
         {"clang 14, 15, 16, 19", "void app::Box<short>::f() [T = short]"},
     },
     "app::Box<short>::f()"},
    {"cases3_map_argument",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::Box<T>::f() [with T = std::map<int, std::__cxx11::basic_string<char> >]"},
         {"clang 14, 15, 16, 19",
          "void app::Box<std::map<int, std::basic_string<char>>>::f() [T = std::map<int, "
          "std::basic_string<char>>]"},
     },
     "app::Box<std::map<int, std::string>>::f()"},
    {"cases3_unordered_map_argument",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::Box<T>::f() [with T = std::unordered_map<std::__cxx11::basic_string<char>, "
          "std::__cxx11::basic_string<char> >]"},
         {"clang 14, 15, 16, 19",
          "void app::Box<std::unordered_map<std::basic_string<char>, "
          "std::basic_string<char>>>::f() [T = std::unordered_map<std::basic_string<char>, "
          "std::basic_string<char>>]"},
     },
     "app::Box<std::unordered_map<std::string, std::string>>::f()"},
    {"cases3_returns_function_pointer",
     "cases3.cpp",
     {
         {"g++ 12", "void (* app::getfp())(int)"},
         {"clang 14, 15", "app::Cb app::getfp()"},
         {"clang 16, 19", "Cb app::getfp()"},
     },
     "app::getfp()"},
    {"cases3_reference_to_array",
     "cases3.cpp",
     {
         {"g++ 12", "void app::by_ref(T&) [with T = int [2]]"},
         {"clang 14, 15, 16, 19", "void app::by_ref(T &) [T = int[2]]"},
     },
     "app::by_ref<int[2]>(int (&)[2])"},
    {"cases3_reference_to_string_literal",
     "cases3.cpp",
     {
         {"g++ 12", "void app::by_ref(T&) [with T = const char [4]]"},
         {"clang 14, 15, 16, 19", "void app::by_ref(T &) [T = const char[4]]"},
     },
     "app::by_ref<const char[4]>(const char (&)[4])"},
    {"cases3_member_template_of_nested_class_template",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::Outer<T>::Inner<U>::f(T, U, W) [with W = double; U = char; T = int]"},
         {"clang 14, 15, 16, 19",
          "void app::Outer<int>::Inner<char>::f(T, U, W) [T = int, U = char, W = double]"},
     },
     "app::Outer<int>::Inner<char>::f<double>(int, char, double)"},
    {"cases3_const_volatile_member",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::Q::cv() const volatile"},
     },
     "app::Q::cv() const volatile"},
    {"cases3_const_rvalue_ref_member",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::Q::crr() const &&"},
     },
     "app::Q::crr() const &&"},
    {"cases3_noexcept_member",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::Q::ne()"},
     },
     "app::Q::ne()"},
    {"cases3_virtual_member",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "virtual void app::Q::vf()"},
     },
     "app::Q::vf()"},
    {"cases3_override",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "virtual void app::Q2::vf()"},
     },
     "app::Q2::vf()"},
    {"cases3_deduced_return_type",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "auto app::ret_auto()"},
     },
     "app::ret_auto()"},
    {"cases3_decltype_auto_return_type",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "decltype(auto) app::ret_decl()"},
     },
     "app::ret_decl()"},
    {"cases3_trailing_return_type",
     "cases3.cpp",
     {
         {"g++ 12", "decltype (t) app::ret_trail(T) [with T = int; decltype (t) = int]"},
         {"clang 14, 15, 16, 19", "<dependent type> app::ret_trail(T) [T = int]"},
     },
     "app::ret_trail<int>(int)"},
    {"cases3_constrained_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::constrained(T) [with T = double]"},
         {"clang 14, 15, 16, 19", "void app::constrained(T) [T = double]"},
     },
     "app::constrained<double>(double)"},
    {"cases3_abbreviated_function_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::abbrev(auto:18, T) [with T = char; auto:18 = int]"},
         {"clang 14, 15, 16, 19", "void app::abbrev(auto, T) [T = char, x:auto = int]"},
     },
     "app::abbrev<char, int>(int, char)"},
    {"cases3_call_operator_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::TFunctor::operator()(T) const [with T = int]"},
         {"clang 14, 15, 16, 19", "void app::TFunctor::operator()(T) const [T = int]"},
     },
     "app::TFunctor::operator()<int>(int) const"},
    {"cases3_call_operator_template_string",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::TFunctor::operator()(T) const [with T = std::__cxx11::basic_string<char>]"},
         {"clang 14, 15, 16, 19",
          "void app::TFunctor::operator()(T) const [T = std::basic_string<char>]"},
     },
     "app::TFunctor::operator()<std::string>(std::string) const"},
    {"cases3_extern_c",
     "cases3.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void c_func()"},
     },
     "c_func()"},
    {"cases3_all_arguments_given_destructor",
     "cases3.cpp",
     {
         {"g++ 12",
          "app::HMap<K, V, H>::~HMap() [with K = std::__cxx11::basic_string<char>; V = int; H = "
          "app::MyHash]"},
         {"clang 14, 15, 16, 19",
          "app::HMap<std::basic_string<char>, int, app::MyHash>::~HMap() [K = "
          "std::basic_string<char>, V = int, H = app::MyHash]"},
     },
     "app::HMap<std::string, int, app::MyHash>::~HMap()"},
    {"cases4_char_tab",
     "cases4.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\011']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\t']"},
     },
     "app::chars<'\\t'>()"},
    {"cases4_char_delete",
     "cases4.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\177']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\x7f']"},
     },
     "app::chars<'\\x7f'>()"},
    {"cases4_char_one",
     "cases4.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\001']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\x01']"},
     },
     "app::chars<'\\x01'>()"},
    {"cases4_char_double_quote",
     "cases4.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\\"']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\"']"},
     },
     "app::chars<'\"'>()"},
    {"cases4_char_space",
     "cases4.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = ' ']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = ' ']"},
     },
     "app::chars<' '>()"},
    {"cases4_char_ff",
     "cases4.cpp",
     {
         {"g++ 12", "void app::chars() [with char C = '\\37777777777']"},
         {"clang 14, 15, 16, 19", "void app::chars() [C = '\\xff']"},
     },
     "app::chars<'\\xff'>()"},
    {"cases4_member_template_with_typedef_return_type",
     "cases4.cpp",
     {
         {"g++ 12", "app::S::size_type app::S::f(T) [with T = int; size_type = unsigned int]"},
         {"clang 14, 15", "app::S::size_type app::S::f(T) [T = int]"},
         {"clang 16, 19", "size_type app::S::f(T) [T = int]"},
     },
     "app::S::f<int>(int)"},
    {"cases4_lambda_passed_to_member_template",
     "cases4.cpp",
     {
         {"g++ 12", "main()::<lambda(int)>"},
         {"clang 14, 15, 16, 19", "auto main()::(anonymous class)::operator()(int) const"},
     },
     "main()::(lambda)"},
    {"cases4_lambda_in_member_of_class_template_with_default",
     "cases4.cpp",
     {
         {"g++ 12", "app::Map<int>::run()::<lambda(int)>"},
         {"clang 14, 15, 16, 19",
          "auto app::Map<int>::run()::(anonymous class)::operator()(int) const [K = int, V = "
          "std::basic_string<char>]"},
     },
     "app::Map<int>::run()::(lambda)"},
    {"cases4_nested_class_template",
     "cases4.cpp",
     {
         {"g++ 12", "void app::Wrap<T>::Deep<U>::f() [with U = char; T = int]"},
         {"clang 14, 15, 16, 19", "void app::Wrap<int>::Deep<char>::f() [T = int, U = char]"},
     },
     "app::Wrap<int>::Deep<char>::f()"},
    {"cases4_given_non_type_argument",
     "cases4.cpp",
     {
         {"g++ 12", "void app::Arr<T, N>::f() [with T = int; int N = 8]"},
         {"clang 14, 15, 16, 19", "void app::Arr<int, 8>::f() [T = int, N = 8]"},
     },
     "app::Arr<int, 8>::f()"},
    {"cases4_global_operator_new",
     "cases4.cpp",
     {
         {"g++ 12", "void* operator new(std::size_t)"},
         {"clang 14, 15, 16, 19", "void *operator new(std::size_t)"},
     },
     "operator new(std::size_t)"},
    {"cases5_c_variadic",
     "cases5.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "void app::vf(int, ...)"},
     },
     "app::vf(int, ...)"},
    {"cases5_c_variadic_template",
     "cases5.cpp",
     {
         {"g++ 12", "void app::tv(T, ...) [with T = double]"},
         {"clang 14, 15, 16, 19", "void app::tv(T, ...) [T = double]"},
     },
     "app::tv<double>(double, ...)"},
    {"cases5_unnamed_struct_member",
     "cases5.cpp",
     {
         {"g++ 12", "void app::<unnamed struct>::m()"},
         {"clang 14, 15, 16, 19", "void app::(anonymous struct)::m()"},
     },
     "app::(unnamed)::m()"},
    {"cases5_string_argument",
     "cases5.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = std::__cxx11::basic_string<char>]"},
         {"clang 14, 15, 16, 19",
          "void app::Box<std::basic_string<char>>::f() [T = std::basic_string<char>]"},
     },
     "app::Box<std::string>::f()"},
    {"cases5_string_reference_argument",
     "cases5.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = const std::__cxx11::basic_string<char>&]"},
         {"clang 14, 15, 16, 19",
          "void app::Box<const std::basic_string<char> &>::f() [T = const std::basic_string<char> "
          "&]"},
     },
     "app::Box<const std::string &>::f()"},
    {"cases6_function_template_int",
     "cases6.cpp",
     {
         {"g++ 12", "T app::apply_lambda(T) [with T = int]"},
         {"clang 14, 15, 16, 19", "T app::apply_lambda(T) [T = int]"},
     },
     "app::apply_lambda<int>(int)"},
    {"cases6_member_of_class_template_given_arguments",
     "cases6.cpp",
     {
         {"g++ 12", "void app::Map<K, V>::work() [with K = long int; V = char]"},
         {"clang 14, 15, 16, 19", "void app::Map<long, char>::work() [K = long, V = char]"},
     },
     "app::Map<long, char>::work()"},
    {"cases6_generic_lambda_in_member_given_arguments",
     "cases6.cpp",
     {
         {"g++ 12", "app::Map<long int, char>::work()::<lambda(auto:11)> [with auto:11 = int]"},
         {"clang 14, 15, 16, 19",
          "auto app::Map<long, char>::work()::(anonymous class)::operator()(auto) const [K = long, "
          "V = char, x:auto = int]"},
     },
     "app::Map<long, char>::work()::(lambda)<int>"},
    {"cases6_function_template_pack",
     "cases6.cpp",
     {
         {"g++ 12", "void app::packs(Ts ...) [with Ts = {int, double}]"},
         {"clang 14, 15, 16, 19", "void app::packs(Ts...) [Ts = <int, double>]"},
     },
     "app::packs<int, double>(int, double)"},
    {"cases6_member",
     "cases6.cpp",
     {
         {"g++ 12, clang 14, 15, 16, 19", "int app::Runner::run(int)"},
     },
     "app::Runner::run(int)"},
    {"cases6_lambda_in_member",
     "cases6.cpp",
     {
         {"g++ 12", "app::Runner::run(int)::<lambda(int)>"},
         {"clang 14, 15, 16, 19",
          "auto app::Runner::run(int)::(anonymous class)::operator()(int) const"},
     },
     "app::Runner::run(int)::(lambda)"},
    {"cases6_generic_lambda_int",
     "cases6.cpp",
     {
         {"g++ 12", "main()::<lambda(auto:13)> [with auto:13 = int]"},
         {"clang 14, 15, 16, 19",
          "auto main()::(anonymous class)::operator()(auto) const [x:auto = int]"},
     },
     "main()::(lambda)<int>"},
    {"cases6_generic_lambda_string",
     "cases6.cpp",
     {
         {"g++ 12", "main()::<lambda(auto:13)> [with auto:13 = std::__cxx11::basic_string<char>]"},
         {"clang 14, 15, 16, 19",
          "auto main()::(anonymous class)::operator()(auto) const [x:auto = "
          "std::basic_string<char>]"},
     },
     "main()::(lambda)<std::string>"},
    {"cases7_const_reference_to_pointer_to_const",
     "cases7.cpp",
     {
         {"g++ 12", "void app::Stack<T>::push(const T&) [with T = const char*]"},
         {"clang 14, 15, 16, 19",
          "void app::Stack<const char *>::push(const T &) [T = const char *]"},
     },
     "app::Stack<const char *>::push(const char *const &)"},
    {"cases7_rvalue_reference_to_pointer",
     "cases7.cpp",
     {
         {"g++ 12", "void app::Stack<T>::take(T&&) [with T = const char*]"},
         {"clang 14, 15, 16, 19", "void app::Stack<const char *>::take(T &&) [T = const char *]"},
     },
     "app::Stack<const char *>::take(const char *&&)"},
    {"cases7_member_template_defaulted_to_class_argument",
     "cases7.cpp",
     {
         {"g++ 12", "const U* app::Stack<T>::peek() const [with U = const char*; T = const char*]"},
         {"clang 14, 15, 16, 19",
          "const U *app::Stack<const char *>::peek() const [T = const char *, U = const char *]"},
     },
     "app::Stack<const char *>::peek<const char *>() const"},
    {"cases7_const_reference_to_pointer",
     "cases7.cpp",
     {
         {"g++ 12", "void app::Stack<T>::push(const T&) [with T = int*]"},
         {"clang 14, 15, 16, 19", "void app::Stack<int *>::push(const T &) [T = int *]"},
     },
     "app::Stack<int *>::push(int *const &)"},
    {"cases7_const_reference_to_reference",
     "cases7.cpp",
     {
         {"g++ 12", "void app::Stack<T>::push(const T&) [with T = int&]"},
         {"clang 14, 15, 16, 19", "void app::Stack<int &>::push(const T &) [T = int &]"},
     },
     "app::Stack<int &>::push(int &)"},
    {"cases7_rvalue_reference_to_reference",
     "cases7.cpp",
     {
         {"g++ 12", "void app::Stack<T>::take(T&&) [with T = int&]"},
         {"clang 14, 15, 16, 19", "void app::Stack<int &>::take(T &&) [T = int &]"},
     },
     "app::Stack<int &>::take(int &)"},
    {"cases7_const_reference_to_function_pointer",
     "cases7.cpp",
     {
         {"g++ 12", "void app::Stack<T>::push(const T&) [with T = void (*)(int)]"},
         {"clang 14, 15, 16, 19",
          "void app::Stack<void (*)(int)>::push(const T &) [T = void (*)(int)]"},
     },
     "app::Stack<void (*)(int)>::push(void (*const &)(int))"},
    {"cases7_const_reference_to_array",
     "cases7.cpp",
     {
         {"g++ 12", "void app::Stack<T>::push(const T&) [with T = int [3]]"},
         {"clang 14, 15, 16, 19", "void app::Stack<int[3]>::push(const T &) [T = int[3]]"},
     },
     "app::Stack<int[3]>::push(const int (&)[3])"},
    {"cases8_small_integer_arguments",
     "cases8.cpp",
     {
         {"g++ 12",
          "void app::small() [with short int S = -5; short unsigned int US = 7; signed char SC = "
          "-3; unsigned char UC = 200; long long int LL = -1; unsigned int U = 4000000000]"},
         {"clang 14, 15, 16, 19",
          "void app::small() [S = (short)-5, US = (unsigned short)7, SC = (signed char)'\\xfd', UC "
          "= (unsigned char)'\\xc8', LL = -1LL, U = 4000000000U]"},
     },
     "app::small<-5, 7, -3, 200, -1, 4000000000>()"},
    {"cases8_returns_reference_to_array",
     "cases8.cpp",
     {
         {"g++ 12", "int (& app::get())[4]"},
         {"clang 14, 15, 16, 19", "int (&app::get())[4]"},
     },
     "app::get()"},
    {"cases8_returns_function_pointer_template",
     "cases8.cpp",
     {
         {"g++ 12", "T (* app::maker())(T) [with T = int]"},
         {"clang 14, 15, 16, 19", "T (*app::maker() [T = int])(T)"},
     },
     "app::maker<int>()"},
    {"cases8_non_type_member_template_of_class_template",
     "cases8.cpp",
     {
         {"g++ 12", "void app::Fixed<N>::f() [with int M = 2; int N = -1]"},
         {"clang 14, 15, 16, 19", "void app::Fixed<-1>::f() [N = -1, M = 2]"},
     },
     "app::Fixed<-1>::f<2>()"},
    {"cases8_decltype_return_type_two_parameters",
     "cases8.cpp",
     {
         {"g++ 12",
          "decltype ((t + u)) app::sum(T, U) [with T = int; U = double; decltype ((t + u)) = "
          "double]"},
         {"clang 14, 15, 16, 19", "<dependent type> app::sum(T, U) [T = int, U = double]"},
     },
     "app::sum<int, double>(int, double)"},
    {"cases9_namespace_scope_lambda",
     "cases9.cpp",
     {
         {"g++ 12", "app::<lambda(int)>"},
         {"clang 14, 15, 16, 19", "auto app::(anonymous class)::operator()(int) const"},
     },
     "app::(lambda)"},
    {"cases9_static_member_generic_lambda",
     "cases9.cpp",
     {
         {"g++ 12", "app::K::<lambda(auto:1)> [with auto:1 = double]"},
         {"clang 14, 15, 16, 19",
          "auto app::K::(anonymous class)::operator()(auto) const [y:auto = double]"},
     },
     "app::K::(lambda)<double>"},
    {"cases9_global_lambda",
     "cases9.cpp",
     {
         {"g++ 12", "<lambda()>"},
         {"clang 14, 15, 16, 19", "auto (anonymous class)::operator()() const"},
     },
     "(lambda)"},
    // An enumerator of an enum in an anonymous namespace, as a template argument:
    // GCC names the namespace `<unnamed>` there (`{anonymous}` elsewhere).
    {"cases10_enumerator_in_anonymous_namespace",
     "cases10.cpp",
     {
         {"g++ 12",
          "void pugi::impl::{anonymous}::node::step(T) [with T = "
          "pugi::impl::{anonymous}::axis_to_type<pugi::impl::<unnamed>::axis_child>]"},
         {"clang 14, 15, 16, 19",
          "void pugi::impl::(anonymous namespace)::node::step(T) [T = pugi::impl::(anonymous "
          "namespace)::axis_to_type<pugi::impl::(anonymous namespace)::axis_child>]"},
     },
     "pugi::impl::(anonymous namespace)::node::step<pugi::impl::(anonymous "
     "namespace)::axis_to_type<pugi::impl::(anonymous namespace)::axis_child>>(pugi::impl::("
     "anonymous namespace)::axis_to_type<pugi::impl::(anonymous namespace)::axis_child>)"},
    {"cases3_lambda_in_function_template",
     "cases3.cpp",
     {
         {"g++ 12", "app::tlam<double>(double)::<lambda(int)>"},
         {"clang 14, 15, 16, 19",
          "auto app::tlam(double)::(anonymous class)::operator()(int) const"},
     },
     "app::tlam(double)::(lambda)"},
    {"cases3_lambda_in_function_template_passed_on",
     "cases3.cpp",
     {
         {"g++ 12", "app::tlam<double>(double)::<lambda()>"},
         {"clang 14, 15, 16, 19", "auto app::tlam(double)::(anonymous class)::operator()() const"},
     },
     "app::tlam(double)::(lambda)"},
    {"cases4_generic_pack_lambda_in_function_template",
     "cases4.cpp",
     {
         {"g++ 12",
          "app::v<int, double>(int, double)::<lambda(auto:11 ...)> [with auto:11 = {int, double}]"},
         {"clang 14, 15, 16, 19",
          "auto app::v(int, double)::(anonymous class)::operator()(auto...) const [xs:auto = <int, "
          "double>]"},
     },
     "app::v(int, double)::(lambda)<int, double>"},
    {"cases4_generic_pack_lambda_in_function_template_empty",
     "cases4.cpp",
     {
         {"g++ 12", "app::v<>()::<lambda(auto:11 ...)> [with auto:11 = {}]"},
         {"clang 14, 15, 16, 19",
          "auto app::v()::(anonymous class)::operator()(auto...) const [xs:auto = <>]"},
     },
     "app::v()::(lambda)<>"},
    {"cases4_generic_lambda_in_function_template",
     "cases4.cpp",
     {
         {"g++ 12", "app::outer_t<char>(char)::<lambda(auto:12)> [with auto:12 = int]"},
         {"clang 14, 15, 16, 19",
          "auto app::outer_t(char)::(anonymous class)::operator()(auto) const [y:auto = int]"},
     },
     "app::outer_t(char)::(lambda)<int>"},
    {"cases6_lambda_in_function_template_int",
     "cases6.cpp",
     {
         {"g++ 12", "app::apply_lambda<int>(int)::<lambda(int, int)>"},
         {"clang 14, 15, 16, 19",
          "auto app::apply_lambda(int)::(anonymous class)::operator()(T, T) const"},
     },
     "app::apply_lambda(int)::(lambda)"},
    {"cases6_generic_pack_lambda_in_pack_function",
     "cases6.cpp",
     {
         {"g++ 12",
          "app::packs<int, double>(int, double)::<lambda(auto:12 ...)> [with auto:12 = {int, "
          "double}]"},
         {"clang 14, 15, 16, 19",
          "auto app::packs(int, double)::(anonymous class)::operator()(auto...) const [xs:auto = "
          "<int, double>]"},
     },
     "app::packs(int, double)::(lambda)<int, double>"},
    {"cases6_generic_pack_lambda_in_pack_function_empty",
     "cases6.cpp",
     {
         {"g++ 12",
          "app::packs<int, double>(int, double)::<lambda(auto:12 ...)> [with auto:12 = {}]"},
         {"clang 14, 15, 16, 19",
          "auto app::packs(int, double)::(anonymous class)::operator()(auto...) const [xs:auto = "
          "<>]"},
     },
     "app::packs(int, double)::(lambda)<>"},
};

// Strings that carry different information: each compiler's own signature.
const std::vector<PerCompilerCase> kPerCompiler = {
    {"cases1_user_inline_namespace_member",
     "cases.cpp",
     {
         {"g++ 12", "void app::v12::Fmt::go()", "app::v12::Fmt::go()"},
         {"clang 14, 15, 16, 19", "void app::Fmt::go()", "app::Fmt::go()"},
     }},
    {"cases1_default_argument_constructor",
     "cases.cpp",
     {
         {"g++ 12", "app::Map<K, V>::Map() [with K = int; V = std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::Map()"},
         {"clang 14, 15, 16, 19", "app::Map<int>::Map() [K = int, V = std::basic_string<char>]",
          "app::Map<int>::Map()"},
     }},
    {"cases1_default_argument_member",
     "cases.cpp",
     {
         {"g++ 12",
          "app::Map<K, V>::size_type app::Map<K, V>::bucket(const K&) const [with K = int; V = "
          "std::__cxx11::basic_string<char>; size_type = unsigned int]",
          "app::Map<int, std::string>::bucket(const int &) const"},
         {"clang 14, 15",
          "app::Map::size_type app::Map<int>::bucket(const K &) const [K = int, V = "
          "std::basic_string<char>]",
          "app::Map<int>::bucket(const int &) const"},
         {"clang 16, 19",
          "size_type app::Map<int>::bucket(const K &) const [K = int, V = std::basic_string<char>]",
          "app::Map<int>::bucket(const int &) const"},
     }},
    {"cases1_default_argument_member_template",
     "cases.cpp",
     {
         {"g++ 12",
          "void app::Map<K, V>::put(U, const char*) [with U = long int; K = int; V = "
          "std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::put<long>(long, const char *)"},
         {"clang 14, 15, 16, 19",
          "void app::Map<int>::put(U, const char *) [K = int, V = std::basic_string<char>, U = "
          "long]",
          "app::Map<int>::put<long>(long, const char *)"},
     }},
    {"cases1_default_argument_typedef_parameter",
     "cases.cpp",
     {
         {"g++ 12",
          "V* app::Map<K, V>::ptr(std::string*) [with K = int; V = "
          "std::__cxx11::basic_string<char>; std::string = std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::ptr(std::string *)"},
         {"clang 14, 15, 16, 19",
          "V *app::Map<int>::ptr(std::string *) [K = int, V = std::basic_string<char>]",
          "app::Map<int>::ptr(std::string *)"},
     }},
    {"cases1_default_argument_operator_less",
     "cases.cpp",
     {
         {"g++ 12",
          "bool app::Map<K, V>::operator<(const app::Map<K, V>&) const [with K = int; V = "
          "std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::operator<(const app::Map<int, std::string> &) const"},
         {"clang 14, 15, 16, 19",
          "bool app::Map<int>::operator<(const Map<K, V> &) const [K = int, V = "
          "std::basic_string<char>]",
          "app::Map<int>::operator<(const Map<int, std::string> &) const"},
     }},
    {"cases1_default_argument_conversion",
     "cases.cpp",
     {
         {"g++ 12",
          "app::Map<K, V>::operator bool() const [with K = int; V = "
          "std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::operator bool() const"},
         {"clang 14, 15, 16, 19",
          "bool app::Map<int>::operator bool() const [K = int, V = std::basic_string<char>]",
          "app::Map<int>::operator bool() const"},
     }},
    {"cases1_lambda_as_template_argument",
     "cases.cpp",
     {
         {"g++ 12", "void app::call(F) [with F = main()::<lambda()>]",
          "app::call<(lambda)>((lambda))"},
         {"clang 14, 15, 16, 19", "void app::call(F) [F = (lambda at cases.cpp:41:13)]",
          "app::call<(lambda at cases.cpp:41)>((lambda at cases.cpp:41))"},
     }},
    {"cases1_second_lambda_as_template_argument",
     "cases.cpp",
     {
         {"g++ 12", "void app::call(F) [with F = main()::<lambda()>]",
          "app::call<(lambda)>((lambda))"},
         {"clang 14, 15, 16, 19", "void app::call(F) [F = (lambda at cases.cpp:41:35)]",
          "app::call<(lambda at cases.cpp:41)>((lambda at cases.cpp:41))"},
     }},
    {"cases1_typedef_parameter_32",
     "cases.cpp",
     {
         {"g++ 12", "uint32_t app::count_digits(uint32_t)", "app::count_digits(uint32_t)"},
         {"clang 14, 15, 16, 19", "std::uint32_t app::count_digits(std::uint32_t)",
          "app::count_digits(std::uint32_t)"},
     }},
    {"cases1_typedef_parameter_64",
     "cases.cpp",
     {
         {"g++ 12", "uint64_t app::count_digits(uint64_t)", "app::count_digits(uint64_t)"},
         {"clang 14, 15, 16, 19", "std::uint64_t app::count_digits(std::uint64_t)",
          "app::count_digits(std::uint64_t)"},
     }},
    {"cases1_operator_plus",
     "cases.cpp",
     {
         {"g++ 12", "app::Pt app::Pt::operator+(const app::Pt&) const",
          "app::Pt::operator+(const app::Pt &) const"},
         {"clang 14, 15", "app::Pt app::Pt::operator+(const app::Pt &) const",
          "app::Pt::operator+(const app::Pt &) const"},
         {"clang 16, 19", "Pt app::Pt::operator+(const Pt &) const",
          "app::Pt::operator+(const Pt &) const"},
     }},
    {"cases1_default_argument_destructor",
     "cases.cpp",
     {
         {"g++ 12", "app::Map<K, V>::~Map() [with K = int; V = std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::~Map()"},
         {"clang 14, 15, 16, 19", "app::Map<int>::~Map() [K = int, V = std::basic_string<char>]",
          "app::Map<int>::~Map()"},
     }},
    {"cases2_unnamed_type_parameter",
     "cases2.cpp",
     {
         {"g++ 12", "void app::unnamed(T) [with <template-parameter-1-1> = int; T = double]",
          "app::unnamed<int, double>(double)"},
         {"clang 14, 15, 16, 19", "void app::unnamed(T) [T = double]",
          "app::unnamed<double>(double)"},
     }},
    {"cases2_operator_equal",
     "cases2.cpp",
     {
         {"g++ 12", "bool app::Op::operator==(const app::Op&) const",
          "app::Op::operator==(const app::Op &) const"},
         {"clang 14, 15", "bool app::Op::operator==(const app::Op &) const",
          "app::Op::operator==(const app::Op &) const"},
         {"clang 16, 19", "bool app::Op::operator==(const Op &) const",
          "app::Op::operator==(const Op &) const"},
     }},
    {"cases2_user_inline_namespace_class_template",
     "cases2.cpp",
     {
         {"g++ 12",
          "void app::detail::v2::W<T>::h() [with T = std::vector<std::__cxx11::basic_string<char> "
          ">]",
          "app::detail::v2::W<std::vector<std::string>>::h()"},
         {"clang 14, 15, 16, 19",
          "void app::detail::W<std::vector<std::basic_string<char>>>::h() [T = "
          "std::vector<std::basic_string<char>>]",
          "app::detail::W<std::vector<std::string>>::h()"},
     }},
    {"cases3_dependent_default_constructor",
     "cases3.cpp",
     {
         {"g++ 12", "app::HMap<K, V, H>::HMap() [with K = int; V = double; H = std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::HMap()"},
         {"clang 14, 15, 16, 19",
          "app::HMap<int>::HMap() [K = int, V = double, H = std::hash<int>]",
          "app::HMap<int>::HMap()"},
     }},
    {"cases3_dependent_default_member",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::HMap<K, V, H>::find(const K&) const [with K = int; V = double; H = "
          "std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::find(const int &) const"},
         {"clang 14, 15, 16, 19",
          "void app::HMap<int>::find(const K &) const [K = int, V = double, H = std::hash<int>]",
          "app::HMap<int>::find(const int &) const"},
     }},
    {"cases3_dependent_default_empty_pack",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::HMap<K, V, H>::emplace(A&& ...) [with A = {}; K = int; V = double; H = "
          "std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::emplace<>()"},
         {"clang 14, 15, 16, 19",
          "void app::HMap<int>::emplace(A &&...) [K = int, V = double, H = std::hash<int>, A = <>]",
          "app::HMap<int>::emplace<>()"},
     }},
    {"cases3_dependent_default_pack_of_references",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::HMap<K, V, H>::emplace(A&& ...) [with A = {int, const char (&)[2]}; K = int; "
          "V = double; H = std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::emplace<int, const char (&)[2]>(int &&, const "
          "char (&)[2])"},
         {"clang 14, 15, 16, 19",
          "void app::HMap<int>::emplace(A &&...) [K = int, V = double, H = std::hash<int>, A = "
          "<int, const char (&)[2]>]",
          "app::HMap<int>::emplace<int, const char (&)[2]>(int &&, const char (&)[2])"},
     }},
    {"cases3_static_member_of_class_template",
     "cases3.cpp",
     {
         {"g++ 12",
          "static int app::HMap<K, V, H>::count() [with K = int; V = double; H = std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::count()"},
         {"clang 14, 15, 16, 19",
          "static int app::HMap<int>::count() [K = int, V = double, H = std::hash<int>]",
          "app::HMap<int>::count()"},
     }},
    {"cases3_copy_constructor",
     "cases3.cpp",
     {
         {"g++ 12",
          "app::HMap<K, V, H>::HMap(const app::HMap<K, V, H>&) [with K = int; V = double; H = "
          "std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::HMap(const app::HMap<int, double, "
          "std::hash<int>> &)"},
         {"clang 14, 15, 16, 19",
          "app::HMap<int>::HMap(const HMap<K, V, H> &) [K = int, V = double, H = std::hash<int>]",
          "app::HMap<int>::HMap(const HMap<int, double, std::hash<int>> &)"},
     }},
    {"cases3_move_constructor",
     "cases3.cpp",
     {
         {"g++ 12",
          "app::HMap<K, V, H>::HMap(app::HMap<K, V, H>&&) [with K = int; V = double; H = "
          "std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::HMap(app::HMap<int, double, std::hash<int>> "
          "&&)"},
         {"clang 14, 15, 16, 19",
          "app::HMap<int>::HMap(HMap<K, V, H> &&) [K = int, V = double, H = std::hash<int>]",
          "app::HMap<int>::HMap(HMap<int, double, std::hash<int>> &&)"},
     }},
    {"cases3_constructor_template",
     "cases3.cpp",
     {
         {"g++ 12",
          "app::HMap<K, V, H>::HMap(U, int) [with U = double; K = int; V = double; H = "
          "std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::HMap<double>(double, int)"},
         {"clang 14, 15, 16, 19",
          "app::HMap<int>::HMap(U, int) [K = int, V = double, H = std::hash<int>, U = double]",
          "app::HMap<int>::HMap<double>(double, int)"},
     }},
    {"cases3_explicit_specialization_of_function_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tf(T) [with T = int]", "app::tf<int>(int)"},
         {"clang 14, 15, 16, 19", "void app::tf(int)", "app::tf(int)"},
     }},
    {"cases3_operator_assign",
     "cases3.cpp",
     {
         {"g++ 12", "app::Pt& app::Pt::operator=(const app::Pt&)",
          "app::Pt::operator=(const app::Pt &)"},
         {"clang 14, 15", "app::Pt &app::Pt::operator=(const app::Pt &)",
          "app::Pt::operator=(const app::Pt &)"},
         {"clang 16, 19", "Pt &app::Pt::operator=(const Pt &)", "app::Pt::operator=(const Pt &)"},
     }},
    {"cases3_operator_spaceship",
     "cases3.cpp",
     {
         {"g++ 12", "auto app::Pt::operator<=>(const app::Pt&) const",
          "app::Pt::operator<=>(const app::Pt &) const"},
         {"clang 14, 15", "auto app::Pt::operator<=>(const app::Pt &) const",
          "app::Pt::operator<=>(const app::Pt &) const"},
         {"clang 16, 19", "auto app::Pt::operator<=>(const Pt &) const",
          "app::Pt::operator<=>(const Pt &) const"},
     }},
    {"cases3_operator_less",
     "cases3.cpp",
     {
         {"g++ 12", "bool app::Pt::operator<(const app::Pt&) const",
          "app::Pt::operator<(const app::Pt &) const"},
         {"clang 14, 15", "bool app::Pt::operator<(const app::Pt &) const",
          "app::Pt::operator<(const app::Pt &) const"},
         {"clang 16, 19", "bool app::Pt::operator<(const Pt &) const",
          "app::Pt::operator<(const Pt &) const"},
     }},
    {"cases3_operator_greater",
     "cases3.cpp",
     {
         {"g++ 12", "bool app::Pt::operator>(const app::Pt&) const",
          "app::Pt::operator>(const app::Pt &) const"},
         {"clang 14, 15", "bool app::Pt::operator>(const app::Pt &) const",
          "app::Pt::operator>(const app::Pt &) const"},
         {"clang 16, 19", "bool app::Pt::operator>(const Pt &) const",
          "app::Pt::operator>(const Pt &) const"},
     }},
    {"cases3_operator_less_equal",
     "cases3.cpp",
     {
         {"g++ 12", "bool app::Pt::operator<=(const app::Pt&) const",
          "app::Pt::operator<=(const app::Pt &) const"},
         {"clang 14, 15", "bool app::Pt::operator<=(const app::Pt &) const",
          "app::Pt::operator<=(const app::Pt &) const"},
         {"clang 16, 19", "bool app::Pt::operator<=(const Pt &) const",
          "app::Pt::operator<=(const Pt &) const"},
     }},
    {"cases3_free_operator_shift_left",
     "cases3.cpp",
     {
         {"g++ 12", "std::ostream& app::operator<<(std::ostream&, const Pt&)",
          "app::operator<<(std::ostream &, const Pt &)"},
         {"clang 14, 15", "std::ostream &app::operator<<(std::ostream &, const app::Pt &)",
          "app::operator<<(std::ostream &, const app::Pt &)"},
         {"clang 16, 19", "std::ostream &app::operator<<(std::ostream &, const Pt &)",
          "app::operator<<(std::ostream &, const Pt &)"},
     }},
    {"cases3_free_operator_less_template",
     "cases3.cpp",
     {
         {"g++ 12", "bool app::operator<(const Pt&, const T&) [with T = int]",
          "app::operator< <int>(const Pt &, const int &)"},
         {"clang 14, 15", "bool app::operator<(const app::Pt &, const T &) [T = int]",
          "app::operator< <int>(const app::Pt &, const int &)"},
         {"clang 16, 19", "bool app::operator<(const Pt &, const T &) [T = int]",
          "app::operator< <int>(const Pt &, const int &)"},
     }},
    {"cases3_free_operator_shift_left_template",
     "cases3.cpp",
     {
         {"g++ 12", "bool app::operator<<(const T&, const Pt&) [with T = int]",
          "app::operator<< <int>(const int &, const Pt &)"},
         {"clang 14, 15", "bool app::operator<<(const T &, const app::Pt &) [T = int]",
          "app::operator<< <int>(const int &, const app::Pt &)"},
         {"clang 16, 19", "bool app::operator<<(const T &, const Pt &) [T = int]",
          "app::operator<< <int>(const int &, const Pt &)"},
     }},
    {"cases3_operator_equal_template",
     "cases3.cpp",
     {
         {"g++ 12",
          "bool app::Fn<T>::operator==(const app::Fn<U>&) const [with U = double; T = int]",
          "app::Fn<int>::operator==<double>(const app::Fn<double> &) const"},
         {"clang 14, 15, 16, 19",
          "bool app::Fn<int>::operator==(const Fn<U> &) const [T = int, U = double]",
          "app::Fn<int>::operator==<double>(const Fn<double> &) const"},
     }},
    {"cases3_template_template_parameter_with_allocator",
     "cases3.cpp",
     {
         {"g++ 12", "void app::ttp(C<T, std::allocator<_T2> >&) [with C = std::vector; T = int]",
          "app::ttp<std::vector, int>(std::vector<int, std::allocator<_T2>> &)"},
         {"clang 14, 15, 16, 19",
          "void app::ttp(C<T, std::allocator<T>> &) [C = std::vector, T = int]",
          "app::ttp<std::vector, int>(std::vector<int> &)"},
     }},
    {"cases3_lambda_of_function_template_as_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::call(F) [with F = tlam<double>(double)::<lambda()>]",
          "app::call<(lambda)>((lambda))"},
         {"clang 14, 15, 16, 19", "void app::call(F) [F = (lambda at cases3.cpp:126:8)]",
          "app::call<(lambda at cases3.cpp:126)>((lambda at cases3.cpp:126))"},
     }},
    {"cases3_local_class_in_const_member",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Host::m() const::L2::n()", "app::Host::m() const::L2::n()"},
         {"clang 14, 15, 16, 19", "void app::Host::m()::L2::n()", "app::Host::m()::L2::n()"},
     }},
    {"cases3_anonymous_namespace_function_template",
     "cases3.cpp",
     {
         {"g++ 12", "void app::{anonymous}::anon_t(T) [with T = Hidden]",
          "app::(anonymous namespace)::anon_t<Hidden>(Hidden)"},
         {"clang 14, 15, 16, 19",
          "void app::(anonymous namespace)::anon_t(T) [T = app::(anonymous namespace)::Hidden]",
          "app::(anonymous namespace)::anon_t<app::(anonymous namespace)::Hidden>(app::(anonymous "
          "namespace)::Hidden)"},
     }},
    {"cases3_user_inline_namespace_class_template_member",
     "cases3.cpp",
     {
         {"g++ 12", "void app::v12::Fmt<T>::go(const T&) [with T = app::v12::Arg]",
          "app::v12::Fmt<app::v12::Arg>::go(const app::v12::Arg &)"},
         {"clang 14, 15, 16, 19", "void app::Fmt<app::Arg>::go(const T &) [T = app::Arg]",
          "app::Fmt<app::Arg>::go(const app::Arg &)"},
     }},
    {"cases3_user_inline_namespace_parameters",
     "cases3.cpp",
     {
         {"g++ 12", "void app::use_arg(v12::Arg, v12::Arg*)", "app::use_arg(v12::Arg, v12::Arg *)"},
         {"clang 14, 15", "void app::use_arg(app::Arg, v12::Arg *)",
          "app::use_arg(app::Arg, v12::Arg *)"},
         {"clang 16, 19", "void app::use_arg(Arg, v12::Arg *)", "app::use_arg(Arg, v12::Arg *)"},
     }},
    {"cases3_user_inline_namespace_argument",
     "cases3.cpp",
     {
         {"g++ 12", "void app::Box<T>::f() [with T = app::v12::Fmt<int>]",
          "app::Box<app::v12::Fmt<int>>::f()"},
         {"clang 14, 15, 16, 19", "void app::Box<app::Fmt<int>>::f() [T = app::Fmt<int>]",
          "app::Box<app::Fmt<int>>::f()"},
     }},
    {"cases3_unique_ptr",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = std::unique_ptr<Pt>]",
          "app::tstd<std::unique_ptr<Pt>>(std::unique_ptr<Pt>)"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = std::unique_ptr<app::Pt>]",
          "app::tstd<std::unique_ptr<app::Pt>>(std::unique_ptr<app::Pt>)"},
     }},
    {"cases3_member_function_pointer",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = void (Q::*)() const volatile]",
          "app::tstd<void (Q::*)() const volatile>(void (Q::*)() const volatile)"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = void (app::Q::*)() const volatile]",
          "app::tstd<void (app::Q::*)() const volatile>(void (app::Q::*)() const volatile)"},
     }},
    {"cases3_data_member_pointer",
     "cases3.cpp",
     {
         {"g++ 12", "void app::tstd(T) [with T = int Pt::*]", "app::tstd<int Pt::*>(int Pt::*)"},
         {"clang 14, 15, 16, 19", "void app::tstd(T) [T = int app::Pt::*]",
          "app::tstd<int app::Pt::*>(int app::Pt::*)"},
     }},
    {"cases3_member_pointers_and_arrays",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::mptrs(void (Pt::*)(int) const, int Pt::*, int (*)[3], const char (&)[6], int* "
          "const*, void (&)())",
          "app::mptrs(void (Pt::*)(int) const, int Pt::*, int (*)[3], const char (&)[6], int "
          "*const *, void (&)())"},
         {"clang 14, 15, 16, 19",
          "void app::mptrs(void (app::Pt::*)(int) const, int app::Pt::*, int (*)[3], const char "
          "(&)[6], int *const *, void (&)())",
          "app::mptrs(void (app::Pt::*)(int) const, int app::Pt::*, int (*)[3], const char (&)[6], "
          "int *const *, void (&)())"},
     }},
    {"cases3_integer_parameters",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::ints2(long long unsigned int, long long int, short int, short unsigned int, "
          "signed char, long double, unsigned int, long int, long unsigned int, uint8_t, int64_t)",
          "app::ints2(unsigned long long, long long, short, unsigned short, signed char, long "
          "double, unsigned int, long, unsigned long, uint8_t, int64_t)"},
         {"clang 14, 15, 16, 19",
          "void app::ints2(unsigned long long, long long, short, unsigned short, signed char, long "
          "double, unsigned int, long, unsigned long, std::uint8_t, std::int64_t)",
          "app::ints2(unsigned long long, long long, short, unsigned short, signed char, long "
          "double, unsigned int, long, unsigned long, std::uint8_t, std::int64_t)"},
     }},
    {"cases3_unnamed_defaulted_class_parameter",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::Sfinae<T, <template-parameter-1-2> >::f() [with T = int; "
          "<template-parameter-1-2> = void]",
          "app::Sfinae<int, void>::f()"},
         {"clang 14, 15, 16, 19", "void app::Sfinae<int>::f() [T = int]", "app::Sfinae<int>::f()"},
     }},
    {"cases3_unnamed_non_type_parameter",
     "cases3.cpp",
     {
         {"g++ 12", "void app::unnamed_int() [with int <anonymous> = 4]", "app::unnamed_int<4>()"},
         {"clang 14, 15, 16, 19", "void app::unnamed_int()", "app::unnamed_int()"},
     }},
    {"cases3_unnamed_parameters_empty_pack",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::unnamed_pack() [with <template-parameter-1-1> = int; <template-parameter-1-2> "
          "= {}]",
          "app::unnamed_pack<int>()"},
         {"clang 14, 15, 16, 19", "void app::unnamed_pack()", "app::unnamed_pack()"},
     }},
    {"cases3_unnamed_parameters_pack",
     "cases3.cpp",
     {
         {"g++ 12",
          "void app::unnamed_pack() [with <template-parameter-1-1> = int; <template-parameter-1-2> "
          "= {char, long int}]",
          "app::unnamed_pack<int, char, long>()"},
         {"clang 14, 15, 16, 19", "void app::unnamed_pack()", "app::unnamed_pack()"},
     }},
    {"cases3_unnamed_enable_if_parameter",
     "cases3.cpp",
     {
         {"g++ 12", "void app::enable(T) [with T = int; <template-parameter-1-2> = void]",
          "app::enable<int, void>(int)"},
         {"clang 14, 15, 16, 19", "void app::enable(T) [T = int]", "app::enable<int>(int)"},
     }},
    {"cases3_dependent_default_destructor",
     "cases3.cpp",
     {
         {"g++ 12", "app::HMap<K, V, H>::~HMap() [with K = int; V = double; H = std::hash<int>]",
          "app::HMap<int, double, std::hash<int>>::~HMap()"},
         {"clang 14, 15, 16, 19",
          "app::HMap<int>::~HMap() [K = int, V = double, H = std::hash<int>]",
          "app::HMap<int>::~HMap()"},
     }},
    {"cases4_member_template_taking_lambda",
     "cases4.cpp",
     {
         {"g++ 12",
          "void app::Map<K, V>::each(F) [with F = main()::<lambda(int)>; K = int; V = "
          "std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::each<(lambda)>((lambda))"},
         {"clang 14, 15, 16, 19",
          "void app::Map<int>::each(F) [K = int, V = std::basic_string<char>, F = (lambda at "
          "cases4.cpp:33:27)]",
          "app::Map<int>::each<(lambda at cases4.cpp:33)>((lambda at cases4.cpp:33))"},
     }},
    {"cases4_member_template_default_argument",
     "cases4.cpp",
     {
         {"g++ 12",
          "void app::Map<K, V>::dflt() [with U = int; K = int; V = "
          "std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::dflt<int>()"},
         {"clang 14, 15, 16, 19",
          "void app::Map<int>::dflt() [K = int, V = std::basic_string<char>, U = int]",
          "app::Map<int>::dflt<int>()"},
     }},
    {"cases4_member_template_given_argument",
     "cases4.cpp",
     {
         {"g++ 12",
          "void app::Map<K, V>::dflt() [with U = long int; K = int; V = "
          "std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::dflt<long>()"},
         {"clang 14, 15, 16, 19",
          "void app::Map<int>::dflt() [K = int, V = std::basic_string<char>, U = long]",
          "app::Map<int>::dflt<long>()"},
     }},
    {"cases4_member_template_taking_member_lambda",
     "cases4.cpp",
     {
         {"g++ 12",
          "void app::Map<K, V>::each(F) [with F = app::Map<int>::run()::<lambda(int)>; K = int; V "
          "= std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::each<(lambda)>((lambda))"},
         {"clang 14, 15, 16, 19",
          "void app::Map<int>::each(F) [K = int, V = std::basic_string<char>, F = (lambda at "
          "cases4.cpp:20:21)]",
          "app::Map<int>::each<(lambda at cases4.cpp:20)>((lambda at cases4.cpp:20))"},
     }},
    {"cases4_lambda_type_as_class_template_argument",
     "cases4.cpp",
     {
         {"g++ 12", "void app::Holder<F>::run() [with F = main()::<lambda()>]",
          "app::Holder<(lambda)>::run()"},
         {"clang 14, 15, 16, 19",
          "void app::Holder<(lambda at cases4.cpp:34:14)>::run() [F = (lambda at "
          "cases4.cpp:34:14)]",
          "app::Holder<(lambda at cases4.cpp:34)>::run()"},
     }},
    {"cases4_default_non_type_argument",
     "cases4.cpp",
     {
         {"g++ 12", "void app::Arr<T, N>::f() [with T = int; int N = 4]", "app::Arr<int, 4>::f()"},
         {"clang 14, 15", "void app::Arr<int, 4>::f() [T = int, N = 4]", "app::Arr<int, 4>::f()"},
         {"clang 16, 19", "void app::Arr<int>::f() [T = int, N = 4]", "app::Arr<int>::f()"},
     }},
    {"cases4_global_operator_delete",
     "cases4.cpp",
     {
         {"g++ 12", "void operator delete(void*, std::size_t)",
          "operator delete(void *, std::size_t)"},
         {"clang 14, 15, 16", "void operator delete(void *)", "operator delete(void *)"},
         {"clang 19", "void operator delete(void *, std::size_t)",
          "operator delete(void *, std::size_t)"},
     }},
    {"cases5_unnamed_struct_as_argument",
     "cases5.cpp",
     {
         {"g++ 12", "void app::tag(T) [with T = main()::<unnamed struct>]",
          "app::tag<(unnamed)>((unnamed))"},
         {"clang 14, 15, 16, 19", "void app::tag(T) [T = (unnamed struct at cases5.cpp:13:3)]",
          "app::tag<(unnamed at cases5.cpp:13)>((unnamed at cases5.cpp:13))"},
     }},
    {"cases6_member_of_class_template_with_default",
     "cases6.cpp",
     {
         {"g++ 12",
          "void app::Map<K, V>::work() [with K = int; V = std::__cxx11::basic_string<char>]",
          "app::Map<int, std::string>::work()"},
         {"clang 14, 15, 16, 19",
          "void app::Map<int>::work() [K = int, V = std::basic_string<char>]",
          "app::Map<int>::work()"},
     }},
};

// Test names in gtest's output, instead of bytes.
void PrintTo(const SameSignatureCase& test, std::ostream* out) { *out << test.name; }
void PrintTo(const PerCompilerCase& test, std::ostream* out) { *out << test.name; }

// Cases the manual macro's reading of a pretty function does not get right yet
// (HOTPATH_MEASURE() only: the plugin and clang-hotpath-rewrite write signature
// patterns). They stay here with the signature they should give, skipped with a
// message until the grammar covers them: functions returning function pointers
// or references to arrays, unnamed template parameters, Clang's class arguments
// left out of names, lambdas in lambdas.
bool is_known_gap(const char* name) {
  static const char* const kKnownGaps[] = {
      "cases1_default_argument_operator_less",
      "cases2_unnamed_type_parameter",
      "cases3_abbreviated_function_template",
      "cases3_conversion_to_string",
      "cases3_conversion_to_vector",
      "cases3_copy_constructor",
      "cases3_empty_pack_class_constructor",
      "cases3_empty_pack_class_member",
      "cases3_generic_lambda_in_member_of_class_template",
      "cases3_lambda_in_lambda",
      "cases3_local_class_in_const_member",
      "cases3_move_constructor",
      "cases3_mutable_lambda",
      "cases3_pack_class_member_template_empty_pack",
      "cases3_pack_class_member_template_pack",
      "cases3_returns_function_pointer",
      "cases3_unnamed_enable_if_parameter",
      "cases3_unnamed_non_type_parameter",
      "cases3_unnamed_parameters_empty_pack",
      "cases3_unnamed_parameters_pack",
      "cases4_member_template_default_argument",
      "cases4_member_template_given_argument",
      "cases6_generic_lambda_in_member_given_arguments",
      "cases7_member_template_defaulted_to_class_argument",
      "cases8_non_type_member_template_of_class_template",
      "cases8_returns_function_pointer_template",
      "cases8_returns_reference_to_array",
  };
  for (const char* gap : kKnownGaps) {
    if (std::string(gap) == name) return true;
  }
  return false;
}

class NamesPrettyFunctionSameSignature : public ::testing::TestWithParam<SameSignatureCase> {};

TEST_P(NamesPrettyFunctionSameSignature, EveryCompilerGivesTheSameSignature) {
  const SameSignatureCase& test = GetParam();
  if (is_known_gap(test.name)) GTEST_SKIP() << "known gap of the manual macro's names";
  for (const Spelling& spelling : test.spellings) {
    SCOPED_TRACE(std::string(test.program) + ", " + spelling.compilers + ": " + spelling.pretty);
    EXPECT_EQ(signature_of_pretty_function(spelling.pretty), test.signature);
  }
}

INSTANTIATE_TEST_SUITE_P(RealStrings, NamesPrettyFunctionSameSignature,
                         ::testing::ValuesIn(kSameSignature),
                         [](const ::testing::TestParamInfo<SameSignatureCase>& test_info) {
                           return std::string(test_info.param.name);
                         });

class NamesPrettyFunctionPerCompiler : public ::testing::TestWithParam<PerCompilerCase> {};

TEST_P(NamesPrettyFunctionPerCompiler, EachCompilerGivesItsOwnSignature) {
  const PerCompilerCase& test = GetParam();
  if (is_known_gap(test.name)) GTEST_SKIP() << "known gap of the manual macro's names";
  for (const OwnSignature& spelling : test.spellings) {
    SCOPED_TRACE(std::string(test.program) + ", " + spelling.compilers + ": " + spelling.pretty);
    EXPECT_EQ(signature_of_pretty_function(spelling.pretty), spelling.signature);
  }
}

INSTANTIATE_TEST_SUITE_P(RealStrings, NamesPrettyFunctionPerCompiler,
                         ::testing::ValuesIn(kPerCompiler),
                         [](const ::testing::TestParamInfo<PerCompilerCase>& test_info) {
                           return std::string(test_info.param.name);
                         });

// The example of pretty_function.hpp and the brief's.
TEST(NamesPrettyFunction, DocumentedExamples) {
  EXPECT_EQ(signature_of_pretty_function("void app::Stack<T>::push(const T&) [with T = int]"),
            "app::Stack<int>::push(const int &)");
  EXPECT_EQ(signature_of_pretty_function(
                "void app::Map<K, V>::put(U, const char*) [with U = long int; K = int; V = "
                "std::__cxx11::basic_string<char>]"),
            "app::Map<int, std::string>::put<long>(long, const char *)");
  EXPECT_EQ(signature_of_pretty_function("app::Op::operator const char*() const"),
            "app::Op::operator const char *() const");
  EXPECT_EQ(signature_of_pretty_function("const char *app::Op::operator const char *() const"),
            "app::Op::operator const char *() const");
  EXPECT_EQ(signature_of_pretty_function("main()::<lambda()>"), "main()::(lambda)");
  EXPECT_EQ(signature_of_pretty_function("auto main()::(anonymous class)::operator()() const"),
            "main()::(lambda)");
  EXPECT_EQ(signature_of_pretty_function("void app::loc(int)::L::m()"), "app::loc(int)::L::m()");
}

// Text that is not a declaration comes back canonically spaced; nothing fails.
TEST(NamesPrettyFunction, TextThatIsNoDeclaration) {
  EXPECT_EQ(signature_of_pretty_function(""), "");
  EXPECT_EQ(signature_of_pretty_function("main"), "main");
  EXPECT_EQ(signature_of_pretty_function("top_level"), "top_level");
}

TEST(NamesPrettyFunction, PrefixesOfRealStringsNeverFail) {
  for (const SameSignatureCase& test : kSameSignature) {
    for (const Spelling& spelling : test.spellings) {
      const std::string pretty = spelling.pretty;
      for (std::size_t cut = 0; cut < pretty.size(); ++cut) {
        (void)signature_of_pretty_function(pretty.substr(0, cut));
        (void)signature_of_pretty_function(pretty.substr(cut));
      }
    }
  }
}

}  // namespace
}  // namespace hotpath::names
