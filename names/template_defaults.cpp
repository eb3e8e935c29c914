// Default template arguments left out of specializations.
#include "template_defaults.hpp"

#include <cstddef>
#include <optional>
#include <vector>

#include "bindings.hpp"
#include "substitution.hpp"

namespace hotpath::names {
namespace {

using Kind = Node::Kind;

/// Where the words `a::b::name` before the group at `group` start; `group` when
/// they are not a plain qualified name (`::name`, `A<int>::name`, nothing).
std::size_t qualified_name_start(const Nodes& nodes, std::size_t group) {
  if (group == 0 || nodes[group - 1].kind != Kind::Word) return group;
  std::size_t start = group - 1;
  while (start >= 2 && nodes[start - 1].is_punct("::") && nodes[start - 2].kind == Kind::Word)
    start -= 2;
  if (start >= 1 && nodes[start - 1].is_punct("::")) return group;
  return start;
}

/// `a::b::name` for the words before the group at `group`; "" when they are
/// not a plain qualified name.
std::string qualified_name_before(const Nodes& nodes, std::size_t group) {
  std::string name;
  for (std::size_t i = qualified_name_start(nodes, group); i < group; ++i) name += nodes[i].text;
  return name;
}

/// The bindings of a template's parameters to the arguments of one of its
/// specializations, by position; nothing when they do not fit the list.
std::optional<Bindings> bind(const Node& parameters, const Nodes& arguments) {
  const std::vector<Nodes> params = split(parameters.children, ",");
  std::vector<Nodes> args;
  if (!arguments.empty()) args = split(arguments, ",");
  Bindings bindings;
  std::size_t next = 0;
  for (const Nodes& param : params) {
    if (param.empty() || param[0].kind != Kind::Placeholder) return std::nullopt;
    Binding binding;
    binding.parameter = param[0].text;
    if (param.size() == 2 && param[1].is_punct("...")) {
      binding.pack = true;
      binding.elements.assign(args.begin() + static_cast<std::ptrdiff_t>(next), args.end());
      binding.value = join(binding.elements);
      next = args.size();
    } else if (param.size() != 1) {
      return std::nullopt;
    } else if (next < args.size()) {
      binding.value = args[next++];
    } else if (param[0].has_default) {
      continue;  // left out already
    } else {
      return std::nullopt;
    }
    bindings.push_back(std::move(binding));
  }
  if (next != args.size()) return std::nullopt;
  return bindings;
}

/// `name<` + the arguments: how apply() looks a specialization up.
std::string specialization_key(std::string name, const Node& arguments) {
  return std::move(name) + '<' + print(arguments.children);
}

/// The key of a specialization written as `qualified::name<...>` and nothing
/// else; "" for other nodes.
std::string whole_specialization_key(const Nodes& nodes) {
  if (nodes.empty() || !nodes.back().is_group('<')) return "";
  std::string name = qualified_name_before(nodes, nodes.size() - 1);
  if (name.empty() || print(Nodes(nodes.begin(), nodes.end() - 1)) != name) return "";
  return specialization_key(std::move(name), nodes.back());
}

}  // namespace

bool TemplateDefaults::add(std::string_view entry) {
  const std::size_t equals = entry.find(" = ");
  if (equals != std::string_view::npos) {
    Nodes written = parse(entry.substr(0, equals));
    Nodes own = parse(entry.substr(equals + 3));
    canonicalize(written);
    canonicalize(own);
    const std::string key = whole_specialization_key(written);
    if (key.empty() || whole_specialization_key(own).empty()) return false;
    return spellings_.emplace(key, std::move(own)).second;
  }
  Nodes nodes = parse(entry);
  if (nodes.empty() || !nodes.back().is_group('<')) return false;
  const std::string name = qualified_name_before(nodes, nodes.size() - 1);
  // Nothing but the name before the list.
  if (name.empty() || print(Nodes(nodes.begin(), nodes.end() - 1)) != name) return false;
  return parameters_.emplace(name, std::move(nodes.back())).second;
}

Nodes TemplateDefaults::without_defaults(const Node& parameters, const Nodes& arguments) {
  const std::optional<Bindings> bindings = bind(parameters, arguments);
  if (!bindings) return arguments;
  Nodes substituted = Substitution(*bindings).apply(Nodes{parameters});
  return std::move(substituted.front().children);
}

void TemplateDefaults::apply(Nodes& nodes) const {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].kind == Kind::Group) apply(nodes[i].children);
    if (!nodes[i].is_group('<') || empty()) continue;
    std::string name = qualified_name_before(nodes, i);
    if (name.empty()) continue;
    if (const auto spelled = spellings_.find(specialization_key(name, nodes[i]));
        spelled != spellings_.end()) {
      // The name's words and the group give way to the specialization's own spelling.
      const std::size_t start = qualified_name_start(nodes, i);
      const Nodes& own = spelled->second;
      nodes.erase(nodes.begin() + static_cast<std::ptrdiff_t>(start),
                  nodes.begin() + static_cast<std::ptrdiff_t>(i + 1));
      nodes.insert(nodes.begin() + static_cast<std::ptrdiff_t>(start), own.begin(), own.end());
      i = start + own.size() - 1;
      name = qualified_name_before(nodes, i);
    }
    Node& node = nodes[i];
    const auto found = parameters_.find(name);
    if (found == parameters_.end()) continue;
    // Its own arguments' defaults are gone already: the key is what is left.
    std::string specialization = specialization_key(std::move(name), node);
    auto seen = seen_.find(specialization);
    if (seen == seen_.end())
      seen =
          seen_.emplace(std::move(specialization), without_defaults(found->second, node.children))
              .first;
    node.children = seen->second;
  }
}

}  // namespace hotpath::names
