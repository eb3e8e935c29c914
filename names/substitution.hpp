// Substituting template arguments for the placeholders of a pattern (see
// pattern.hpp), with pack expansion and default arguments left out.
#ifndef HOTPATH_NAMES_SUBSTITUTION_HPP
#define HOTPATH_NAMES_SUBSTITUTION_HPP

#include <cstddef>
#include <optional>

#include "bindings.hpp"
#include "syntax.hpp"

namespace hotpath::names {

class TemplateDefaults;

class Substitution {
 public:
  /// `defaults`, when given, also leave their defaults out of a default argument
  /// and of its argument before the two are compared (`Pool<>` equals
  /// `Pool<Crt>` for `template <class B = Crt> class Pool`).
  explicit Substitution(const Bindings& bindings, const TemplateDefaults* defaults = nullptr)
      : bindings_(bindings), defaults_(defaults) {}

  /// Replaces placeholders in `nodes`; `element` selects one element of packs
  /// (while expanding an item that ends in `...`). In every comma-separated list
  /// (template arguments, parameters) pack expansions are expanded and trailing
  /// arguments equal to their defaults left out.
  Nodes apply(const Nodes& nodes, std::optional<std::size_t> element = std::nullopt) const;

 private:
  Nodes value_of(const Node& placeholder, std::optional<std::size_t> element) const;
  std::optional<std::size_t> pack_size(const Nodes& nodes) const;
  Nodes apply_list(const Nodes& list, std::optional<std::size_t> element) const;
  bool unbound_with_empty_default(const Nodes& item) const;
  bool is_default(const Nodes& item, const Nodes& value, std::optional<std::size_t> element) const;

  const Bindings& bindings_;
  const TemplateDefaults* defaults_;
};

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_SUBSTITUTION_HPP
