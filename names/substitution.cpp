// Substitution of template arguments into patterns.
#include "substitution.hpp"

#include "canonical.hpp"

namespace hotpath::names {

using Kind = Node::Kind;

Nodes Substitution::apply(const Nodes& nodes, std::optional<std::size_t> element) const {
  Nodes out;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& node = nodes[i];
    if (node.kind == Kind::Placeholder) {
      const Nodes value = value_of(node, element);
      const bool pointer = !value.empty() && value.back().is_punct("*");
      const bool reference =
          !value.empty() && (value.back().is_punct("&") || value.back().is_punct("&&"));
      // `const T` with T = `char *` is `char *const`; with T = `int &`, `int &`.
      Nodes qualifiers;
      while ((pointer || reference) && !out.empty() &&
             (out.back().is_word("const") || out.back().is_word("volatile"))) {
        qualifiers.insert(qualifiers.begin(), out.back());
        out.pop_back();
      }
      out.insert(out.end(), value.begin(), value.end());
      if (pointer) out.insert(out.end(), qualifiers.begin(), qualifiers.end());
      // Reference collapsing: `T &&` with T = `int &` is `int &`.
      if (reference && i + 1 < nodes.size() &&
          (nodes[i + 1].is_punct("&") || nodes[i + 1].is_punct("&&"))) {
        if (value.back().is_punct("&") || nodes[i + 1].is_punct("&")) out.back().text = "&";
        ++i;
      }
    } else if (node.kind == Kind::Group) {
      Node group = node;
      group.children = apply_list(node.children, element);
      out.push_back(std::move(group));
    } else {
      out.push_back(node);
    }
  }
  return out;
}

Nodes Substitution::value_of(const Node& placeholder, std::optional<std::size_t> element) const {
  const Binding* binding = find_binding(bindings_, placeholder.text);
  if (binding == nullptr) {
    if (placeholder.has_default) return apply(placeholder.children, element);
    return {Node{Kind::Word, "?", {}, false}};
  }
  if (binding->pack && element) {
    return *element < binding->elements.size() ? binding->elements[*element] : Nodes{};
  }
  return binding->value;
}

/// The number of elements of the packs used in `nodes`; nothing when none is.
std::optional<std::size_t> Substitution::pack_size(const Nodes& nodes) const {
  std::optional<std::size_t> size;
  for (const Node& node : nodes) {
    if (node.kind == Kind::Placeholder) {
      const Binding* binding = find_binding(bindings_, node.text);
      if (binding != nullptr && binding->pack) size = binding->elements.size();
    }
    if (node.kind == Kind::Group) {
      if (const std::optional<std::size_t> inner = pack_size(node.children)) size = inner;
    }
  }
  return size;
}

/// A comma-separated list (template arguments, parameters): pack expansions
/// expanded, trailing arguments equal to their defaults left out.
Nodes Substitution::apply_list(const Nodes& list, std::optional<std::size_t> element) const {
  std::vector<Nodes> items;
  std::vector<bool> defaulted;
  for (const Nodes& item : split(list, ",")) {
    const bool expansion = !item.empty() && item.back().is_punct("...");
    const std::optional<std::size_t> size = expansion ? pack_size(item) : std::nullopt;
    if (expansion && !size && unbound_with_empty_default(item)) continue;
    if (size) {
      const Nodes pattern(item.begin(), item.end() - 1);
      for (std::size_t i = 0; i < *size; ++i) {
        items.push_back(apply(pattern, i));
        defaulted.push_back(false);
      }
      continue;
    }
    items.push_back(apply(item, element));
    defaulted.push_back(is_default(item, items.back(), element));
  }
  while (!items.empty() && defaulted.back()) {
    items.pop_back();
    defaulted.pop_back();
  }
  if (items.size() == 1 && items[0].empty()) items.clear();
  return join(items);
}

/// True when the placeholders of `item` are unbound and default to nothing
/// (an empty pack).
bool Substitution::unbound_with_empty_default(const Nodes& item) const {
  bool any = false;
  for (const Node& node : item) {
    if (node.kind != Kind::Placeholder) continue;
    if (find_binding(bindings_, node.text) != nullptr || !node.children.empty()) return false;
    any = true;
  }
  return any;
}

/// True when `item` is one placeholder with a default and `value` (its
/// argument) equals that default.
bool Substitution::is_default(const Nodes& item, const Nodes& value,
                              std::optional<std::size_t> element) const {
  if (item.size() != 1 || item[0].kind != Kind::Placeholder || !item[0].has_default) return false;
  if (find_binding(bindings_, item[0].text) == nullptr) return true;
  Nodes fallback = apply(item[0].children, element);
  canonicalize(fallback);
  Nodes argument = value;
  canonicalize(argument);
  return print(fallback) == print(argument);
}

}  // namespace hotpath::names
