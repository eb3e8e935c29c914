// The declarations shared by the sources of names_three_ways.cpp's program: the
// shapes of names that compilers spell differently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace app {

extern volatile int sink;

inline namespace v12 {
struct Formatter {
  void go() { sink = sink + 1; }
};
}  // namespace v12

// Overloads that differ only in qualifiers.
struct Counter {
  int get() { return ++value; }
  int get() const { return value; }
  void reset() & { value = 0; }
  void reset() && { value = 0; }
  int value = 0;
};

// A default template argument naming a standard typedef; a member typedef.
template <class K, class V = std::string>
struct Map {
  using size_type = unsigned;
  Map() { sink = sink + 1; }
  size_type bucket(const K&) const { return 0; }
  template <class U>
  void put(U, const char*) {
    sink = sink + 1;
  }
  bool operator<(const Map&) const { return false; }
};

// A partial specialization: its members bind its own parameters.
template <class T, class Char = char>
struct Writer {
  int write() const { return 0; }
};
template <class T, class Char>
struct Writer<T*, Char> {
  int write() const { return 1; }
};

template <class... Args>
void print(const char*, Args&&...) {
  sink = sink + 1;
}

struct Tick {
  int step = 1;
  void operator()() const { sink = sink + step; }
};

// Lambdas as template arguments are left out: g++ names them apart from the
// plugin (lambda_template_arguments.cpp).
template <class F>
void call(F f) {
  f();
}

template <class T>
int size_of() {
  return static_cast<int>(sizeof(T));
}

template <class T>
double twice_both(T value) {
  auto twice = [](auto x) { return x * 2; };
  return twice(value) + twice(1.0);
}

// g++ writes the elements of a pack with their default arguments
// (`View<int, char>`); every build leaves them out.
template <class T, class Char = char>
struct View {};
template <class... Args>
struct Format {
  int size() const { return sizeof...(Args); }
};

// A default given by a constant (Clang prints the argument, `500`, and does not
// compare it with the default's expression); in a deduced argument and in a
// parameter's type, every build leaves it out.
enum { inline_size = 500 };
template <class T, unsigned Size = inline_size, class Allocator = std::allocator<T>>
struct Buffer {
  T first[Size > 0 ? 1 : 0];
};
template <class B>
int fill(B& buffer) {
  return static_cast<int>(sizeof(buffer.first));
}
template <class T, unsigned Size, class Allocator>
int grow(Buffer<T, Size, Allocator>& buffer) {
  return static_cast<int>(sizeof(buffer.first));
}

// A pack whose element is a standard template of standard templates: qualified
// and with the standard library's names (`std::string`) like any argument.
template <class Char, class... Args>
struct FormatString {
  explicit FormatString(const Char* text) : text(text) {}
  const Char* text;
};

// A declarator that goes on after the parameters (a reference to an array is
// returned): Clang writes the template arguments inside it.
template <class T, std::size_t N>
auto same(const T (&values)[N]) -> const T (&)[N] {
  return values;
}

// A type member of a class template in the parameters: what it is in each
// instantiation (Clang would qualify it with one of the specializations).
template <class Context>
struct Mapper {
  using char_type = typename Context::char_type;
  const char_type* map(const char_type* text) const { return text; }
  std::size_t length(const std::basic_string<char_type>& text) const { return text.size(); }
};
struct Narrow {
  using char_type = char;
};
struct Wide {
  using char_type = wchar_t;
};

// A default written unqualified in the template's namespace, given explicitly:
// GCC then writes it, every build leaves it out.
namespace detail {
struct error_handler {};
template <class Char, class ErrorHandler = error_handler>
struct ParseContext {
  Char first;
};
}  // namespace detail
template <class Context>
int parse(Context& context) {
  return static_cast<int>(sizeof(context.first));
}

// A template with a default in the arguments of a partial specialization.
template <class It, class Char = char>
struct Joined {};
template <class T>
struct Show;
template <class It, class Char>
struct Show<Joined<It, Char>> {
  int show() const { return 1; }
};

// Unnamed parameters: their arguments are part of the name.
template <class..., class S>
int check(const S&) {
  return 1;
}
template <class, class T>
struct Tagged {
  T get() const { return T(); }
};

// Template template arguments, which g++ writes relative to the function's
// namespace (`checker` for `app::detail::checker`).
namespace detail {
template <class T>
struct checker {
  T value;
};
}  // namespace detail
template <template <class> class Handler, class T>
int check_with(T value) {
  return Handler<T>{value}.value > 0 ? 1 : 0;
}
template <template <class...> class... Handlers>
int count_handlers() {
  return static_cast<int>(sizeof...(Handlers));
}

// Character and small integer arguments: GCC writes `'\012'` and `-5`, Clang
// `'\n'` and `(short)-5`.
template <char C, short S, unsigned char U, signed char SC>
int characters() {
  return C + S + U + SC;
}

// Arrays and pointers to members in a declarator: `const T &` with T = `int[3]`
// is `const int (&)[3]`.
template <class T>
int by_reference(const T&) {
  return 1;
}

// A conversion function template: its arguments follow the type.
struct Handle {
  template <class T>
  operator T*() const {
    return nullptr;
  }
};

std::uint32_t count_digits(std::uint32_t n);  // a.cpp; b.cpp has another overload
int from_a();
int from_b();

}  // namespace app
