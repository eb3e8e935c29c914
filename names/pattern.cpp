// Substitution of template arguments into signature patterns.
#include "pattern.hpp"

#include <optional>
#include <vector>

#include "signature.hpp"

namespace hotpath::names {
namespace {

using Kind = Node::Kind;

constexpr std::string_view kInlinePrefix = "${inline=";
constexpr std::string_view kTypesPrefix = "${types=";

/// The fields a pattern starts with (`${inline=...}`, `${types=...}`, in any
/// order) and the pattern without them.
struct PatternFields {
  std::string_view pattern;
  InlineNamespaces inline_namespaces;
  std::vector<std::string> type_parameters;  ///< a pack's name ends in "..."
};

std::vector<std::string> split_field(std::string_view list) {
  std::vector<std::string> items;
  while (!list.empty()) {
    const std::size_t semicolon = list.find(';');
    items.emplace_back(list.substr(0, semicolon));
    list = semicolon == std::string_view::npos ? std::string_view() : list.substr(semicolon + 1);
  }
  return items;
}

PatternFields split_fields(std::string_view pattern) {
  PatternFields fields;
  for (;;) {
    const bool inline_field = pattern.substr(0, kInlinePrefix.size()) == kInlinePrefix;
    const bool types_field = pattern.substr(0, kTypesPrefix.size()) == kTypesPrefix;
    const std::size_t end = pattern.find('}');
    if ((!inline_field && !types_field) || end == std::string_view::npos) break;
    const std::size_t start = inline_field ? kInlinePrefix.size() : kTypesPrefix.size();
    std::vector<std::string> items = split_field(pattern.substr(start, end - start));
    if (inline_field) {
      fields.inline_namespaces = std::move(items);
    } else {
      fields.type_parameters = std::move(items);
    }
    pattern.remove_prefix(end + 1);
  }
  fields.pattern = pattern;
  return fields;
}

/// The bindings of the parameters listed in `${types=...}` from the pretty
/// function of `hotpath::TypeArguments<A, hotpath::TypeArguments<B, void>>`
/// (a pack's arguments wrapped in `hotpath::TypePack<...>`).
Bindings type_argument_bindings(const std::vector<std::string>& parameters, std::string_view pretty,
                                const InlineNamespaces& namespaces) {
  Bindings result;
  const Bindings list = bindings_of(pretty, namespaces);
  if (list.size() != 2) return result;
  Nodes first = list[0].value;
  Nodes rest = list[1].value;
  const auto is_hotpath = [](const Nodes& nodes, std::string_view name) {
    return nodes.size() == 4 && nodes[0].is_word("hotpath") && nodes[1].is_punct("::") &&
           nodes[2].is_word(name) && nodes[3].is_group('<');
  };
  for (const std::string& name : parameters) {
    const bool pack = name.size() > 3 && name.compare(name.size() - 3, 3, "...") == 0;
    if (pack != is_hotpath(first, "TypePack")) break;  // not the list the pattern describes
    Binding binding;
    binding.parameter = pack ? name.substr(0, name.size() - 3) : name;
    binding.value = first;
    if (pack) {
      binding.pack = true;
      if (!first[3].children.empty()) binding.elements = split(first[3].children, ",");
      binding.value = join(binding.elements);
    }
    result.push_back(std::move(binding));
    if (!is_hotpath(rest, "TypeArguments")) break;
    std::vector<Nodes> items = split(rest[3].children, ",");
    if (items.size() != 2) break;
    first = std::move(items[0]);
    rest = std::move(items[1]);
  }
  return result;
}

class Substitution {
 public:
  explicit Substitution(const Bindings& bindings) : bindings_(bindings) {}

  /// Replaces placeholders in `nodes`; `element` selects one element of packs
  /// (while expanding an item that ends in `...`).
  Nodes apply(const Nodes& nodes, std::optional<std::size_t> element = std::nullopt) const {
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

 private:
  Nodes value_of(const Node& placeholder, std::optional<std::size_t> element) const {
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
  std::optional<std::size_t> pack_size(const Nodes& nodes) const {
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
  Nodes apply_list(const Nodes& list, std::optional<std::size_t> element) const {
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
  bool unbound_with_empty_default(const Nodes& item) const {
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
  bool is_default(const Nodes& item, const Nodes& value, std::optional<std::size_t> element) const {
    if (item.size() != 1 || item[0].kind != Kind::Placeholder || !item[0].has_default) return false;
    if (find_binding(bindings_, item[0].text) == nullptr) return true;
    Nodes fallback = apply(item[0].children, element);
    canonicalize(fallback);
    Nodes argument = value;
    canonicalize(argument);
    return print(fallback) == print(argument);
  }

  const Bindings& bindings_;
};

}  // namespace

InlineNamespaces inline_namespaces_of(std::string_view pattern) {
  return split_fields(pattern).inline_namespaces;
}

bool has_placeholders(std::string_view pattern) {
  return pattern.find("${") != std::string_view::npos;
}

std::string resolve_pattern(std::string_view pattern, const Bindings& bindings) {
  const PatternFields fields = split_fields(pattern);
  std::string_view text = fields.pattern;
  const std::string file = take_file_tag(text);
  Nodes nodes = Substitution(bindings).apply(parse(text));
  canonicalize(nodes, fields.inline_namespaces);
  return file.empty() ? print(nodes) : print(nodes) + " [" + file + "]";
}

std::string resolve_pattern(std::string_view pattern, std::string_view pretty,
                            std::string_view enclosing_pretty, std::string_view type_arguments) {
  const PatternFields fields = split_fields(pattern);
  const InlineNamespaces& namespaces = fields.inline_namespaces;
  // The first binding of a parameter counts: whole type names first.
  Bindings bindings = type_argument_bindings(fields.type_parameters, type_arguments, namespaces);
  for (const std::string_view source : {pretty, enclosing_pretty}) {
    for (Binding& binding : bindings_of(source, namespaces)) {
      if (find_binding(bindings, binding.parameter) == nullptr)
        bindings.push_back(std::move(binding));
    }
  }
  return resolve_pattern(pattern, bindings);
}

}  // namespace hotpath::names
