// Substituting template arguments for the placeholders of a pattern (see
// pattern.hpp), with pack expansion and default arguments left out.
#ifndef HOTPATH_NAMES_SUBSTITUTION_HPP
#define HOTPATH_NAMES_SUBSTITUTION_HPP

#include <cstddef>
#include <optional>

#include "bindings.hpp"
#include "syntax.hpp"

namespace hotpath::names {

class Substitution {
 public:
  explicit Substitution(const Bindings& bindings) : bindings_(bindings) {}

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
};

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_SUBSTITUTION_HPP
