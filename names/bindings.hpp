// The template argument list at the end of a pretty function string:
//   Clang: "void f(T) [T = int, Ts = <long, char>, x:auto = double]"
//   GCC:   "void f(T) [with T = int; Ts = {long, char}; int N = 3; auto:1 = double]"
#ifndef HOTPATH_NAMES_BINDINGS_HPP
#define HOTPATH_NAMES_BINDINGS_HPP

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "canonical.hpp"
#include "syntax.hpp"

namespace hotpath::names {

/// One template parameter and its argument, in canonical spelling.
struct Binding {
  /// The parameter's name: `T`; `auto#0`, `auto#1`... for a generic lambda's
  /// invented ones (GCC's `auto:1`, Clang's `x:auto`); `#1-2` for GCC's
  /// unnamed `<template-parameter-1-2>`; a typedef's name for GCC's extra
  /// entries (`size_type`, `std::string`).
  std::string parameter;
  Nodes value;                  ///< the argument (all of a pack's, comma-separated)
  bool pack = false;            ///< a parameter pack
  std::vector<Nodes> elements;  ///< a pack's arguments
};
using Bindings = std::vector<Binding>;

/// Removes the trailing `[...]` list from `pretty` (and the space before it) and
/// returns its text ("" when there is none).
std::string_view take_binding_list(std::string_view& pretty);

/// The bindings of a pretty function string, canonically spelled.
Bindings bindings_of(std::string_view pretty, const InlineNamespaces& inline_namespaces = {});

/// bindings_of() remembered by binding list: the members of one specialization of
/// a class template (a library's reader or allocator) all end in the same list,
/// and reading it (canonical spelling, every argument parsed) is most of the cost
/// of a name. For one thread.
class BindingsCache {
 public:
  /// bindings_of(pretty, inline_namespaces), read once per list.
  const Bindings& of(std::string_view pretty, const InlineNamespaces& inline_namespaces);

 private:
  /// The list's text and the inline namespaces -> its bindings.
  std::unordered_map<std::string, Bindings> by_list_;
};

/// The binding of `parameter`, or null.
const Binding* find_binding(const Bindings& bindings, std::string_view parameter);

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_BINDINGS_HPP
