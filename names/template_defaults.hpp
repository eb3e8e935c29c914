// The default arguments of class templates, for the names GCC spells with them.
// GCC writes a class template specialization with the arguments it was first
// formed with (`fmt::join_view<int *, int *, char>`, `std::ratio<1000, 1>`)
// where Clang leaves out those equal to their defaults; knowing a template's
// parameters, the runtime leaves them out too. Entries are the pattern of a
// template's parameter list (see pattern.hpp), written by clang-hotpath-rewrite:
//   app::Map<${K}, ${V=std::string}, ${Hash=std::hash<${K}>}>
// Clang writes an explicit specialization with its arguments as its declaration
// writes them (`std::hash<string>` for `template <> struct hash<string>`), which
// would not equal a default (`std::hash<std::string>`): an entry can also pair
// that spelling with the arguments' own, each respelled before defaults are found:
//   std::hash<string> = std::hash<std::basic_string<char>>
#ifndef HOTPATH_NAMES_TEMPLATE_DEFAULTS_HPP
#define HOTPATH_NAMES_TEMPLATE_DEFAULTS_HPP

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

#include "syntax.hpp"

namespace hotpath::names {

class TemplateDefaults {
 public:
  /// Adds the entry of one class template or one spelling; false when it is not
  /// `qualified::name<...>` (or two such joined by ` = `) or it has an entry
  /// already (the first stays).
  bool add(std::string_view entry);

  bool empty() const { return parameters_.empty() && spellings_.empty(); }

  /// Respells the explicit specializations Clang spells as written and leaves
  /// the trailing arguments that equal their defaults out of every specialization
  /// of a known template in `nodes` (canonical spelling). Not for two threads at
  /// once: it remembers the specializations it has seen.
  void apply(Nodes& nodes) const;

 private:
  /// The arguments of a specialization of `parameters` without those equal to
  /// their defaults.
  static Nodes without_defaults(const Node& parameters, const Nodes& arguments);

  /// A template's qualified name -> its parameter list (a `<...>` group of
  /// placeholders).
  std::map<std::string, Node, std::less<>> parameters_;
  /// A specialization (`name<arguments>` printed) -> its arguments without the
  /// defaults: the same ones recur across a program's signatures (a library's
  /// allocator and encoding in every member of its templates), and finding the
  /// defaults canonicalizes and prints each candidate.
  mutable std::unordered_map<std::string, Nodes> seen_;
  /// `std::hash<string` (a specialization as Clang spells it, without its `>`)
  /// -> its arguments' own spelling, canonical (`std::hash<std::string>`).
  std::unordered_map<std::string, Nodes> spellings_;
};

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_TEMPLATE_DEFAULTS_HPP
