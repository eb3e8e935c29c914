// The canonical spelling of names and types: one spelling for what Clang and GCC
// print in different ways, following Clang's printing as a user reads it.
//   std::__cxx11::basic_string<char>     -> std::string
//   long unsigned int                    -> unsigned long
//   std::vector<int, std::allocator<int> > -> std::vector<int>
//   {anonymous}                          -> (anonymous namespace)
//   (lambda at /src/app/a.cpp:41:13)     -> (lambda at a.cpp:41)
//   7U, -3L                              -> 7, -3
#ifndef HOTPATH_NAMES_CANONICAL_HPP
#define HOTPATH_NAMES_CANONICAL_HPP

#include <string>
#include <string_view>
#include <vector>

#include "syntax.hpp"

namespace hotpath::names {

/// Qualified names of inline namespaces, which are left out of names
/// (`fmt::v12`). The standard libraries' own (`std::__cxx11`, `std::__1`, ...)
/// are always left out.
using InlineNamespaces = std::vector<std::string>;

/// Rewrites nodes into the canonical spelling, in place.
void canonicalize(Nodes& nodes, const InlineNamespaces& inline_namespaces = {});

/// The canonical spelling of a type or name printed by Clang or GCC.
std::string canonical_spelling(std::string_view text,
                               const InlineNamespaces& inline_namespaces = {});

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_CANONICAL_HPP
