// Substitution of template arguments into patterns.
#include "substitution.hpp"

#include "canonical.hpp"
#include "template_defaults.hpp"

namespace hotpath::names {

using Kind = Node::Kind;

namespace {

bool is_reference(const Node& node) { return node.is_punct("&") || node.is_punct("&&"); }

bool is_qualifier(const Node& node) { return node.is_word("const") || node.is_word("volatile"); }

/// What may follow a type in a declarator: `*`, `&`, `&&`, `const`, `volatile`.
bool is_declarator_token(const Node& node) {
  return node.is_punct("*") || is_reference(node) || is_qualifier(node);
}

/// `(*)`, `(&)`, `(&&)`, `(Pt::*)`: the parenthesized declarator of a pointer or
/// reference to an array or a function.
bool is_declarator_group(const Node& node) {
  if (!node.is_group('(') || node.children.empty()) return false;
  const Nodes& inner = node.children;
  if (inner.front().is_punct("*") || is_reference(inner.front())) return true;
  return inner.size() >= 3 && inner.back().is_punct("*") && inner[inner.size() - 2].is_punct("::");
}

/// Where the array bounds or the parameter list that end a type start (`[3]` in
/// `int[3]`, `(*)(int)` in `void (*)(int)`); `type.size()` when it has none.
std::size_t suffix_start(const Nodes& type) {
  std::size_t start = type.size();
  while (start > 0 && (type[start - 1].is_group('[') || type[start - 1].is_group('('))) --start;
  // `decltype(x)` is a type of its own, and groups alone are no type.
  if (start == 0 || type[start - 1].is_word("decltype")) return type.size();
  return start;
}

Nodes concatenated(Nodes first, const Nodes& second) {
  first.insert(first.end(), second.begin(), second.end());
  return first;
}

/// `qualifiers type declarator` for a type without array bounds or parameters:
/// `const T &` with T = `char *` is `char *const &`; with T = `int &`, `int &`;
/// `T &&` with T = `int &` is `int &` (references collapse).
Nodes compose_simple(const Nodes& qualifiers, const Nodes& type, const Nodes& declarator) {
  if (type.empty()) return concatenated(qualifiers, declarator);
  if (type.back().is_punct("*")) return concatenated(concatenated(type, qualifiers), declarator);
  if (!is_reference(type.back())) return concatenated(concatenated(qualifiers, type), declarator);
  Nodes out = type;  // a reference's qualifiers are ignored
  if (!declarator.empty() && is_reference(declarator.front())) {
    if (declarator.front().is_punct("&")) out.back().text = "&";
    out.insert(out.end(), declarator.begin() + 1, declarator.end());
  } else {
    out.insert(out.end(), declarator.begin(), declarator.end());
  }
  return out;
}

/// The type C++ means by `qualifiers T declarator` for a type argument T, as
/// Clang prints it: with T = `int[3]`, `const T &` is `const int (&)[3]`; with
/// T = `void (*)(int)`, `void (*const &)(int)`. Text substitution would give
/// `const int[3] &`.
Nodes compose_type(const Nodes& qualifiers, const Nodes& type, const Nodes& declarator) {
  const std::size_t suffix = suffix_start(type);
  if (suffix == type.size()) return compose_simple(qualifiers, type, declarator);
  const auto split_at = type.begin() + static_cast<std::ptrdiff_t>(suffix);
  Nodes out(type.begin(), split_at);
  if (is_declarator_group(type[suffix]) && suffix + 1 < type.size()) {
    // A pointer or reference to an array or function: the declarator goes into
    // its parentheses, `(*` + `const &` + `)`.
    Node group = type[suffix];
    group.children = compose_type(qualifiers, group.children, declarator);
    out.push_back(std::move(group));
    out.insert(out.end(), split_at + 1, type.end());
    return out;
  }
  // An array or function type: qualifiers go to the elements (a function type
  // has none), the declarator into new parentheses before the bounds.
  if (type[suffix].is_group('[')) out = concatenated(qualifiers, out);
  if (!declarator.empty()) out.push_back(Node{Kind::Group, "(", declarator, false});
  out.insert(out.end(), split_at, type.end());
  return out;
}

}  // namespace

Nodes Substitution::apply(const Nodes& nodes, std::optional<std::size_t> element) const {
  Nodes out;
  out.reserve(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& node = nodes[i];
    if (node.kind == Kind::Placeholder) {
      Nodes qualifiers;
      while (!out.empty() && is_qualifier(out.back())) {
        qualifiers.insert(qualifiers.begin(), out.back());
        out.pop_back();
      }
      Nodes declarator;
      while (i + 1 < nodes.size() && is_declarator_token(nodes[i + 1]))
        declarator.push_back(nodes[++i]);
      const Nodes type = compose_type(qualifiers, value_of(node, element), declarator);
      out.insert(out.end(), type.begin(), type.end());
    } else if (node.kind == Kind::Group) {
      // Its children are the list's, not copies of the pattern's.
      out.push_back(
          Node{node.kind, node.text, apply_list(node.children, element), node.has_default});
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
  if (defaults_ != nullptr) {
    defaults_->apply(fallback);
    defaults_->apply(argument);
  }
  return print(fallback) == print(argument);
}

}  // namespace hotpath::names
