// REQUIRES: rewriter, plugin
// One program of three files (Inputs/names), every function measured, built three
// ways: with the plugin, and rewritten then built with g++ and with Clang. All
// three report exactly the same rows: names, signatures and calls. The names are
// the canonical spelling of docs/names.md: inline namespaces and the standard
// library's defaults left out, one row per overload (const, &, &&), per local type,
// per lambda and per translation unit of an internal function, decided for the
// whole program (count_digits's two overloads are in different files); members of
// a partial specialization with the arguments of the specialization's parameters;
// the arguments of unnamed parameters, which the rewriter names for its guards;
// without default template arguments, which g++ writes in packs (the rewriter
// writes the templates' parameters into each source for the report); template
// template arguments in full; characters and small integers as Clang writes them;
// arrays and pointers to members put into declarators as C++ means them.
//
// RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/names %t/names
// RUN: %clangxx -std=c++20 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// RUN:   -fplugin-arg-hotpath-measure-all-files='/names/' -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags -I%t/names/include %t/names/src/main.cpp %t/names/src/a.cpp \
// RUN:   %t/names/src/b.cpp %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
//
// RUN: %hotpath_rewrite --output-dir=%t/rw --min-tokens=0 --measure-all='/names/' --header-filter='/names/' \
// RUN:   %t/names/src/main.cpp %t/names/src/a.cpp %t/names/src/b.cpp -- \
// RUN:   -std=c++20 %hotpath_cflags -I%t/names/include
// RUN: %gxx -std=c++20 -Wall -Wextra -Werror -Wno-attributes %hotpath_cflags \
// RUN:   -I%t/rw/include %t/rw/src/main.cpp %t/rw/src/a.cpp %t/rw/src/b.cpp \
// RUN:   %hotpath_libs -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/gxx > %t/gxx.json
// RUN: %clangxx -std=c++20 -Wall -Wextra -Werror -Wno-unknown-attributes %hotpath_cflags \
// RUN:   -I%t/rw/include %t/rw/src/main.cpp %t/rw/src/a.cpp %t/rw/src/b.cpp \
// RUN:   %hotpath_libs -o %t/clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/clang > %t/clang.json
//
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/plugin.json %t/gxx.json \
// RUN:   | FileCheck %s
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/clang.json
// RUN: FileCheck --check-prefix=NAMED %s < %t/rw/include/names.h
// NAMED: template <class... __hotpath_t1_1, class S>
// NAMED: TypeArguments<::hotpath::TypePack<__hotpath_t1_1...>, ::hotpath::TypeArguments<S, void>>
// NAMED: template <class __hotpath_t1_1, class T>
// RUN: FileCheck --check-prefix=DEFAULTS %s < %t/rw/src/main.cpp
// DEFAULTS: static const char* const __hotpath_default_template_arguments_{{[0-9A-F]+}}_entries[] = {
// DEFAULTS-DAG: "app::Writer<${T}, ${Char=char}>",
// DEFAULTS-DAG: "app::View<${T}, ${Char=char}>",
// DEFAULTS-DAG: "app::Buffer<${T}, ${Size=500}, ${Allocator=std::allocator<${T}>}>",
// DEFAULTS: nullptr};
// CHECK: app::(anonymous namespace)::helper [a.cpp] | app::(anonymous namespace)::helper() [a.cpp] | 1
// CHECK-NEXT: app::(anonymous namespace)::helper [b.cpp] | app::(anonymous namespace)::helper() [b.cpp] | 1
// CHECK-NEXT: app::Counter::get() | app::Counter::get() | 2
// CHECK-NEXT: app::Counter::get() const | app::Counter::get() const | 1
// CHECK-NEXT: app::Counter::reset() & | app::Counter::reset() & | 1
// CHECK-NEXT: app::Counter::reset() && | app::Counter::reset() && | 1
// CHECK-NEXT: app::Format<app::View<int>, long>::size | app::Format<app::View<int>, long>::size() const | 1
// CHECK-NEXT: app::FormatString<char, std::tuple<int, std::string> &>::FormatString | app::FormatString<char, std::tuple<int, std::string> &>::FormatString(const char *) | 1
// CHECK-NEXT: app::Formatter::go | app::Formatter::go() | 1
// CHECK-NEXT: app::Handle::operator int *<int> | app::Handle::operator int *<int>() const | 1
// CHECK-NEXT: app::Map<int>::Map | app::Map<int>::Map() | 1
// CHECK-NEXT: app::Map<int>::bucket | app::Map<int>::bucket(const int &) const | 1
// CHECK-NEXT: app::Map<int>::put<long> | app::Map<int>::put<long>(long, const char *) | 1
// CHECK-NEXT: app::Map<std::vector<int>, std::map<int, int>>::Map | app::Map<std::vector<int>, std::map<int, int>>::Map() | 1
// CHECK-NEXT: app::Map<std::vector<int>, std::map<int, int>>::bucket | app::Map<std::vector<int>, std::map<int, int>>::bucket(const std::vector<int> &) const | 1
// CHECK-NEXT: app::Map<std::vector<int>, std::map<int, int>>::operator< | app::Map<std::vector<int>, std::map<int, int>>::operator<(const app::Map<std::vector<int>, std::map<int, int>> &) const | 1
// CHECK-NEXT: app::Mapper<app::Narrow>::map | app::Mapper<app::Narrow>::map(const char *) const | 1
// CHECK-NEXT: app::Mapper<app::Wide>::length | app::Mapper<app::Wide>::length(const std::wstring &) const | 1
// CHECK-NEXT: app::Mapper<app::Wide>::map | app::Mapper<app::Wide>::map(const wchar_t *) const | 1
// CHECK-NEXT: app::Show<app::Joined<int *>>::show | app::Show<app::Joined<int *>>::show() const | 1
// CHECK-NEXT: app::Tagged<char, int>::get | app::Tagged<char, int>::get() const | 1
// CHECK-NEXT: app::Tick::operator() | app::Tick::operator()() const | 3
// CHECK-NEXT: app::Writer<app::Tick *>::write | app::Writer<app::Tick *>::write() const | 1
// CHECK-NEXT: app::Writer<int>::write | app::Writer<int>::write() const | 1
// CHECK-NEXT: app::by_reference<int[3]> | app::by_reference<int[3]>(const int (&)[3]) | 1
// CHECK-NEXT: app::by_reference<void (app::Formatter::*)()> | app::by_reference<void (app::Formatter::*)()>(void (app::Formatter::*const &)()) | 1
// CHECK-NEXT: app::call<app::Tick> | app::call<app::Tick>(app::Tick) | 3
// CHECK-NEXT: app::characters<'\n', -5, 200, -3> | app::characters<'\n', -5, 200, -3>() | 1
// CHECK-NEXT: app::check<double> | app::check<double>(const double &) | 1
// CHECK-NEXT: app::check<long, int> | app::check<long, int>(const int &) | 1
// CHECK-NEXT: app::check_with<app::detail::checker, int> | app::check_with<app::detail::checker, int>(int) | 1
// CHECK-NEXT: app::count_digits(uint32_t) | app::count_digits(uint32_t) | 2
// CHECK-NEXT: app::count_digits(uint64_t) | app::count_digits(uint64_t) | 5
// CHECK-NEXT: app::count_handlers<> | app::count_handlers<>() | 1
// CHECK-NEXT: app::count_handlers<app::detail::checker, app::Joined> | app::count_handlers<app::detail::checker, app::Joined>() | 1
// CHECK-NEXT: app::fill<app::Buffer<char>> | app::fill<app::Buffer<char>>(app::Buffer<char> &) | 1
// CHECK-NEXT: app::fill<app::Buffer<int, 7>> | app::fill<app::Buffer<int, 7>>(app::Buffer<int, 7> &) | 1
// CHECK-NEXT: app::from_a | app::from_a() | 1
// CHECK-NEXT: app::from_b | app::from_b() | 1
// CHECK-NEXT: app::grow<char, 500, std::allocator<char>> | app::grow<char, 500, std::allocator<char>>(app::Buffer<char> &) | 1
// CHECK-NEXT: app::parse<app::detail::ParseContext<char>> | app::parse<app::detail::ParseContext<char>>(app::detail::ParseContext<char> &) | 1
// CHECK-NEXT: app::print<> | app::print<>(const char *) | 2
// CHECK-NEXT: app::print<int, double> | app::print<int, double>(const char *, int &&, double &&) | 1
// CHECK-NEXT: app::same<const char *, 2> | app::same<const char *, 2>(const char *const (&)[2]) | 1
// CHECK-NEXT: app::size_of<Local> | app::size_of<Local>() | 1
// CHECK-NEXT: app::size_of<Local> #2 | app::size_of<Local>() | 1
// CHECK-NEXT: app::static_helper [a.cpp] | app::static_helper() [a.cpp] | 1
// CHECK-NEXT: app::static_helper [b.cpp] | app::static_helper() [b.cpp] | 1
// CHECK-NEXT: app::twice_both<float> | app::twice_both<float>(float) | 1
// CHECK-NEXT: app::twice_both<int> | app::twice_both<int>(int) | 1
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: 51 rows
