// Substitution of template arguments into signature patterns.
#include "pattern.hpp"

#include <optional>
#include <vector>

#include "signature.hpp"
#include "substitution.hpp"

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

bool is_hotpath(const Nodes& nodes, std::string_view name) {
  return nodes.size() == 4 && nodes[0].is_word("hotpath") && nodes[1].is_punct("::") &&
         nodes[2].is_word(name) && nodes[3].is_group('<');
}

/// `3` for `hotpath::Value<int, 3>`, the argument of a non-type parameter; other
/// nodes as they are. Clang writes a small integer type's value as a character
/// there (`hotpath::Value<unsigned char, '\xc8'>`): it is read as the cast it
/// writes in a binding list, `(unsigned char)'\xc8'`, which is 200.
Nodes without_value_wrapper(Nodes nodes) {
  if (!is_hotpath(nodes, "Value")) return nodes;
  std::vector<Nodes> items = split(nodes[3].children, ",");
  if (items.size() != 2) return {};
  if (items[1].size() != 1 || items[1][0].kind != Kind::Literal) return std::move(items[1]);
  Nodes cast{Node{Kind::Group, "(", std::move(items[0]), false}, items[1][0]};
  canonicalize(cast);
  // A character type's value stays a character.
  return cast.front().kind == Kind::Group ? std::move(items[1]) : cast;
}

/// The bindings of the parameters listed in `${types=...}` from the pretty
/// function of `hotpath::TypeArguments<A, hotpath::TypeArguments<B, void>>`
/// (a pack's arguments wrapped in `hotpath::TypePack<...>`, a template template
/// parameter's in `hotpath::TemplateNames<...>`, a non-type parameter's in
/// `hotpath::Value<T, 3>`; `hotpath::Value<>`, from the plugin, gives none).
Bindings type_argument_bindings(const std::vector<std::string>& parameters, std::string_view pretty,
                                const InlineNamespaces& namespaces) {
  Bindings result;
  const Bindings list = bindings_of(pretty, namespaces);
  if (list.size() != 2) return result;
  Nodes first = list[0].value;
  Nodes rest = list[1].value;
  for (const std::string& name : parameters) {
    const bool pack = name.size() > 3 && name.compare(name.size() - 3, 3, "...") == 0;
    // A template template parameter's arguments come as `TemplateNames<...>`.
    const bool templates = is_hotpath(first, "TemplateNames");
    const bool missing = is_hotpath(first, "Value") && first[3].children.empty();
    if (!missing && !templates && pack != is_hotpath(first, "TypePack")) break;  // not the list
    Binding binding;
    binding.parameter = pack ? name.substr(0, name.size() - 3) : name;
    binding.value = templates && !pack ? first[3].children : without_value_wrapper(first);
    if (pack && !missing) {
      binding.pack = true;
      if (!first[3].children.empty()) binding.elements = split(first[3].children, ",");
      for (Nodes& element : binding.elements) element = without_value_wrapper(std::move(element));
      binding.value = join(binding.elements);
    }
    if (!missing) result.push_back(std::move(binding));
    if (!is_hotpath(rest, "TypeArguments")) break;
    std::vector<Nodes> items = split(rest[3].children, ",");
    if (items.size() != 2) break;
    first = std::move(items[0]);
    rest = std::move(items[1]);
  }
  return result;
}

/// The lambdas among the arguments, in order: a pack's in its elements.
std::vector<Node*> lambdas_in(Bindings& bindings) {
  std::vector<Node*> found;
  const auto visit = [&](Nodes& nodes, const auto& self) -> void {
    for (Node& node : nodes) {
      if (node.kind == Kind::Special && node.text.rfind("(lambda", 0) == 0) found.push_back(&node);
      self(node.children, self);
    }
  };
  for (Binding& binding : bindings) {
    if (!binding.pack) visit(binding.value, visit);
    for (Nodes& element : binding.elements) visit(element, visit);
  }
  return found;
}

/// Names the lambdas g++ calls `(lambda)` in the arguments by where they are
/// written, when `locations` has one for each lambda.
void locate_lambdas(Bindings& bindings, const std::vector<std::string>& locations) {
  const std::vector<Node*> lambdas = lambdas_in(bindings);
  if (lambdas.size() != locations.size()) return;  // not the types the locations are of
  for (std::size_t i = 0; i < lambdas.size(); ++i) {
    if (lambdas[i]->text == "(lambda)" && !locations[i].empty()) lambdas[i]->text = locations[i];
  }
  for (Binding& binding : bindings) {
    if (binding.pack) binding.value = join(binding.elements);
  }
}

}  // namespace

InlineNamespaces inline_namespaces_of(std::string_view pattern) {
  return split_fields(pattern).inline_namespaces;
}

bool has_placeholders(std::string_view pattern) {
  return pattern.find("${") != std::string_view::npos;
}

std::string resolve_pattern(std::string_view pattern, const Bindings& bindings,
                            const TemplateDefaults* defaults) {
  const PatternFields fields = split_fields(pattern);
  std::string_view text = fields.pattern;
  const std::string file = take_file_tag(text);
  Nodes nodes = Substitution(bindings, defaults).apply(parse(text));
  canonicalize(nodes, fields.inline_namespaces);
  if (defaults != nullptr) defaults->apply(nodes);
  return file.empty() ? print(nodes) : print(nodes) + " [" + file + "]";
}

std::string resolve_pattern(std::string_view pattern, std::string_view pretty,
                            std::string_view enclosing_pretty, std::string_view type_arguments,
                            const TemplateDefaults* defaults) {
  return resolve_pattern(pattern, {pretty, enclosing_pretty}, type_arguments, defaults);
}

std::string resolve_pattern(std::string_view pattern,
                            std::initializer_list<std::string_view> pretty_functions,
                            std::string_view type_arguments, const TemplateDefaults* defaults,
                            const std::vector<std::string>* lambda_locations,
                            BindingsCache* cache) {
  const PatternFields fields = split_fields(pattern);
  const InlineNamespaces& namespaces = fields.inline_namespaces;
  // The first binding of a parameter counts: whole type names first.
  Bindings bindings = type_argument_bindings(fields.type_parameters, type_arguments, namespaces);
  if (lambda_locations != nullptr) locate_lambdas(bindings, *lambda_locations);
  for (const std::string_view source : pretty_functions) {
    Bindings read;
    const Bindings& found =
        cache != nullptr ? cache->of(source, namespaces) : (read = bindings_of(source, namespaces));
    for (const Binding& binding : found) {
      if (find_binding(bindings, binding.parameter) == nullptr) bindings.push_back(binding);
    }
  }
  return resolve_pattern(pattern, bindings, defaults);
}

}  // namespace hotpath::names
