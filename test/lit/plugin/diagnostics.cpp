// REQUIRES: plugin
// The layout of this file is part of the test (diagnostics and dump checks refer to
// lines and columns): clang-format must leave it alone.
// clang-format off
// Misuse of the attributes is diagnosed at the attribute, with Clang's usual
// wording: attributes on the wrong kind of declaration or on a statement, wrong
// arguments, invalid [[hotpath::main]] options, constexpr functions before C++20
// and consteval functions (not measured), unknown spellings.
//
// RUN: %clangxx -std=c++20 -fsyntax-only -Xclang -verify=expected,cxx20 \
// RUN:   -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s
// RUN: %clangxx -std=c++17 -fsyntax-only -Xclang -verify=expected,cxx17 \
// RUN:   -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s
//
// Invalid plugin options are errors, whatever the source.
// RUN: not %clangxx -std=c++20 -fsyntax-only -fplugin=%hotpath_plugin \
// RUN:   -fplugin-arg-hotpath-bogus -include hotpath/hotpath.hpp %hotpath_cflags %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOGUS
// BOGUS: error: unknown hotpath plugin option 'bogus' (expected 'verbose', 'measure-all-files=<regex>', 'measure-all-root=<dir>', 'filter=<file>', 'filter-digest=<sha1>' or 'min-tokens=<n>')
//
// RUN: not %clangxx -std=c++20 -fsyntax-only -fplugin=%hotpath_plugin \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=foo(' -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s 2>&1 | FileCheck %s --check-prefix=REGEX
// REGEX: error: invalid -fplugin-arg-hotpath-measure-all-files pattern 'foo(': {{.+}}
//
// Without the runtime's header the guard type is missing: one clear error.
// RUN: not %clangxx -std=c++20 -fsyntax-only -fplugin=%hotpath_plugin -DMISSING_HEADER %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: diagnostics.cpp:{{[0-9]+}}:{{[0-9]+}}: error: hotpath cannot instrument this function: 'hotpath::{{ScopeGuard|Site}}' is not declared; include <hotpath/hotpath.hpp>
// MISSING-NOT: error:
// MISSING: 1 error generated.

#ifdef MISSING_HEADER
[[hotpath::measure]] int first_measured(int x) { return x; }
[[hotpath::measure]] int second_measured(int x) { return x; }
#else

// With the plugin, the attributes are known to __has_cpp_attribute, from Clang 17
// on: before, Clang asks only its own tables (docs/clang-versions.md).
#if __clang_major__ >= 17 &&                                                             \
    (!__has_cpp_attribute(hotpath::measure) || !__has_cpp_attribute(hotpath::measure_all) || \
     !__has_cpp_attribute(hotpath::skip) || !__has_cpp_attribute(hotpath::main))
#error "the hotpath attributes should be known"
#endif

// Wrong kind of declaration.
[[hotpath::measure]] int variable = 0;  // expected-warning {{'measure' attribute only applies to functions}}
class [[hotpath::measure]] Class {};  // expected-warning {{'measure' attribute only applies to functions}}
namespace [[hotpath::measure]] space {}  // expected-warning {{'measure' attribute only applies to functions}}
struct Fields {
  [[hotpath::measure]] int field;  // expected-warning {{'measure' attribute only applies to functions}}
};
[[hotpath::measure_all]] void function_with_measure_all() {}  // expected-warning {{'measure_all' attribute only applies to classes, structs and namespaces}}
union [[hotpath::measure_all]] Union {  // expected-warning {{'measure_all' attribute only applies to classes, structs and namespaces}}
  int a;
};
[[hotpath::skip]] int skipped_variable = 0;  // expected-warning {{'skip' attribute only applies to functions, classes, structs and namespaces}}
[[hotpath::main]] int main_variable = 0;  // expected-warning {{'main' attribute only applies to functions}}
__attribute__((hotpath_measure)) int gnu_variable = 0;  // expected-warning {{'hotpath_measure' attribute only applies to functions}}

// On a statement: an error.
int statements(int x) {
  [[hotpath::measure]] return x;  // expected-error {{'measure' attribute cannot be applied to a statement}}
}
int more_statements(int x) {
  [[hotpath::measure_all]] ++x;  // expected-error {{'measure_all' attribute cannot be applied to a statement}}
  return x;
}

// Wrong arguments.
[[hotpath::measure(42)]] void integer_label() {}  // expected-error {{'measure' attribute requires a string}}
[[hotpath::measure("")]] void empty_label() {}  // expected-error {{'hotpath::measure' needs a non-empty name}}
[[hotpath::measure("a", "b")]] void two_labels() {}  // expected-error {{'measure' attribute takes no more than 1 argument}}
class [[hotpath::measure_all("x")]] ClassWithArgument {};  // expected-error {{'measure_all' attribute takes no arguments}}
[[hotpath::skip("x")]] void skip_with_argument() {}  // expected-error {{'skip' attribute takes no arguments}}
__attribute__((hotpath_measure(1))) void gnu_integer_label() {}  // expected-error {{'hotpath_measure' attribute requires a string}}

// Invalid [[hotpath::main]] options.
[[hotpath::main("limit=abc")]] int main_limit();  // expected-error {{invalid 'hotpath::main' option 'limit=abc': limit is a whole number of rows (0 shows all)}}
[[hotpath::main("colour=red")]] int main_colour();  // expected-error {{invalid 'hotpath::main' option 'colour=red': unknown option 'colour'; expected percentiles, limit, format, output, report, flamegraph, folded, wall_flamegraph, wall_folded, time_sampling_rate, live or name}}
[[hotpath::main("percentiles=50,101")]] int main_percentile();  // expected-error {{invalid 'hotpath::main' option 'percentiles=50,101': percentiles are comma-separated numbers from 0 to 100}}
[[hotpath::main("format=xml")]] int main_format();  // expected-error {{invalid 'hotpath::main' option 'format=xml': format is one of table, json, json-pretty, none}}
[[hotpath::main("output=")]] int main_output();  // expected-error {{invalid 'hotpath::main' option 'output=': output is a file path}}
[[hotpath::main("time_sampling_rate=0")]] int main_rate();  // expected-error {{invalid 'hotpath::main' option 'time_sampling_rate=0': time_sampling_rate is a whole number k from 1 to 1000000 (time one call in k)}}
[[hotpath::main("verbose")]] int main_no_value();  // expected-error {{invalid 'hotpath::main' option 'verbose': expected key=value}}
[[hotpath::main("limit=1", "limit=2", "limit=3", "limit=4", "limit=5", "limit=6")]] int main_many();  // expected-error {{'main' attribute takes no more than 5 arguments}}
[[hotpath::main(20)]] int main_integer();  // expected-error {{'main' attribute requires a string}}

[[hotpath::main("limit=1", "format=json", "limit=2")]] int main_twice() { return 0; }  // expected-warning {{'hotpath::main' option 'limit' is given more than once; the last one, 'limit=2', is used}}

// Functions that cannot be measured.
[[hotpath::measure]] constexpr int constexpr_function(int x) { return x; }  // cxx17-warning {{'hotpath::measure' ignored on constexpr function 'constexpr_function' before C++20: it is not measured (compile with -std=c++20 or later to measure it)}}
#if __cplusplus >= 202002L
[[hotpath::measure]] consteval int consteval_function(int x) { return x; }  // cxx20-warning {{'hotpath::measure' ignored on consteval function 'consteval_function': it runs only at compile time, so it is not measured}}
#endif

// Functions without a body of their own: defaulted and deleted ones, and pure
// virtual ones that get no definition (one that does is measured).
struct Defaults {
  [[hotpath::measure]] Defaults() = default;  // expected-warning {{'hotpath::measure' ignored on defaulted function 'Defaults::Defaults': it has no body to measure}}
  [[hotpath::measure]] Defaults(int) = delete;  // expected-warning {{'hotpath::measure' ignored on deleted function 'Defaults::Defaults': it has no body to measure}}
};
struct Interface {
  virtual ~Interface() = default;
  [[hotpath::measure]] virtual void run() = 0;  // expected-warning {{'hotpath::measure' ignored on pure virtual function 'Interface::run': it has no body to measure; measure the functions that override it}}
  [[hotpath::measure]] virtual void defined() = 0;
};
void Interface::defined() {}

// Unknown attributes and spellings without the hotpath scope: Clang's usual warning,
// and for a near miss in the hotpath scope, a "did you mean".
[[hotpath::mesure]] void misspelled() {}  // expected-warning {{unknown attribute 'mesure' ignored}} expected-warning {{'hotpath::mesure' is not a hotpath attribute; did you mean 'hotpath::measure'?}}
[[hotpath::measure_al]] void misspelled_all() {}  // expected-warning {{unknown attribute 'measure_al' ignored}} expected-warning {{'hotpath::measure_al' is not a hotpath attribute; did you mean 'hotpath::measure_all'?}}
[[hotpath::unrelated]] void unrelated() {}  // expected-warning {{unknown attribute 'unrelated' ignored}}
[[measure]] void unscoped() {}  // expected-warning {{unknown attribute 'measure' ignored}}
[[other::measure]] void other_scope() {}  // expected-warning {{unknown attribute 'measure' ignored}}
[[measure_all]] void unscoped_measure_all() {}  // expected-warning {{unknown attribute 'measure_all' ignored}}
int unscoped_statement(int x) {
  [[measure]] return x;  // expected-warning {{unknown attribute 'measure' ignored}}
}

// Correct uses: no diagnostic.
[[hotpath::measure]] int fine(int x) { return x; }
[[hotpath::measure("label")]] int fine_label(int x) { return x; }
class [[hotpath::measure_all]] FineClass {
  [[hotpath::skip]] void tiny() {}
};
namespace [[hotpath::measure_all]] fine_space {}
[[hotpath::main("limit=0", "percentiles=50,99.9", "format=json-pretty", "output=r.json", "name=x")]] int main() {
  return fine(1) + fine_label(2);
}

#endif
