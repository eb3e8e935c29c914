// Whether a row's signature, as a report shows it, names the function a signature
// pattern was written for. Filter files list rows by their signatures
// (`app::Box<int>::get() const`); the plugin and clang-hotpath-rewrite know a
// function by its pattern (`app::Box<${T}>::get() const`), which one text of the
// function shares with all its instantiations:
//   "app::Box<int>::get() const"  ~ "app::Box<${T}>::get() const"   -> true
//   "app::f(int)"                 ~ "app::f(double)"                -> false
//   "app::f"                      ~ "app::f(double)"                -> true (any overload)
#ifndef HOTPATH_NAMES_SIGNATURE_MATCH_HPP
#define HOTPATH_NAMES_SIGNATURE_MATCH_HPP

#include <string>
#include <string_view>

#include "syntax.hpp"

namespace hotpath::names {

/// A row's signature or name read once, to be compared with many patterns.
struct SignatureEntry {
  Nodes name;        ///< qualified name with template arguments
  Nodes parameters;  ///< the parameter list group; empty: any overload
  Nodes qualifiers;  ///< compared only when there is a parameter list
  std::string file;  ///< ` [file]` tag: a function with internal linkage of that file
};

/// Reads `signature` (`app::S::f(int) const`, `helper() [a.cpp]`, `app::f`).
SignatureEntry read_signature_entry(std::string_view signature);

/// A signature pattern read once, to be compared with many entries: its nodes
/// without the leading `${inline=...}` and `${types=...}` fields.
struct PatternNodes {
  Nodes nodes;
};

/// Reads a signature pattern (`${types=T}app::Box<${T}>::get() const`).
PatternNodes read_pattern(std::string_view pattern);

/// True when `entry` names a function whose signature pattern is `pattern`: equal
/// apart from the placeholders, each of which stands for any text, and each item of
/// a template argument or parameter list that holds one for any number of items
/// (packs, default arguments, types put into declarators). Without a parameter
/// list, `entry` names every overload. `file` is the translation unit's file name
/// for a function with internal linkage, "" for others; an entry with a ` [file]`
/// tag names only such functions of that file.
bool signature_matches_pattern(const SignatureEntry& entry, const PatternNodes& pattern,
                               std::string_view file);

/// The same, reading `pattern` first.
bool signature_matches_pattern(const SignatureEntry& entry, std::string_view pattern,
                               std::string_view file);

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_SIGNATURE_MATCH_HPP
