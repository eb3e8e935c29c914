// The default arguments of class templates, for the names GCC spells with them.
// GCC writes a class template specialization with the arguments it was first
// formed with (`fmt::join_view<int *, int *, char>`, `std::ratio<1000, 1>`)
// where Clang leaves out those equal to their defaults; knowing a template's
// parameters, the runtime leaves them out too. Entries are the pattern of a
// template's parameter list (see pattern.hpp), written by clang-hotpath-rewrite:
//   app::Map<${K}, ${V=std::string}, ${Hash=std::hash<${K}>}>
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
  /// Adds the entry of one class template; false when it is not
  /// `qualified::name<...>` or the template has an entry already (the first stays).
  bool add(std::string_view entry);

  bool empty() const { return parameters_.empty(); }

  /// Leaves the trailing arguments that equal their defaults out of every
  /// specialization of a known template in `nodes` (canonical spelling). Not for
  /// two threads at once: it remembers the specializations it has seen.
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
};

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_TEMPLATE_DEFAULTS_HPP
