// Reading a whole pretty function string: return type, qualified name, the
// parameter list, qualifiers and the template argument list.
#include "pretty_function.hpp"

#include "bindings.hpp"
#include "pattern.hpp"
#include "signature.hpp"

namespace hotpath::names {
namespace {

using Kind = Node::Kind;

bool is_name_part(const Node& node) {
  return node.kind == Kind::Word || node.kind == Node::Kind::Special;
}

/// Index where the qualified name ending at `end` starts, after the return type
/// and keywords like `static`. A scope may be a function (`loc(int)::L`).
std::size_t name_start(const Nodes& head, std::size_t end) {
  std::size_t i = end;
  while (true) {
    if (i > 0 && head[i - 1].is_group('<')) --i;
    if (i == 0 || !is_name_part(head[i - 1])) return i;
    --i;
    if (i > 0 && head[i - 1].is_punct("~")) --i;
    if (i == 0 || !head[i - 1].is_punct("::")) return i;
    --i;
    // A function scope: `loc(int)::`, `tlam<double>(double)::`.
    if (i > 1 && head[i - 1].is_group('(') &&
        (is_name_part(head[i - 2]) || head[i - 2].is_group('<')))
      --i;
  }
}

/// True when `word` appears as a whole word somewhere in `nodes`.
bool mentions(const Nodes& nodes, const std::string& word) {
  for (const Node& node : nodes) {
    if (node.is_word(word)) return true;
    if (node.kind == Kind::Group && mentions(node.children, word)) return true;
  }
  return false;
}

/// True when `word` appears as a member's name (`S::size_type`) in `nodes`.
bool mentions_as_member(const Nodes& nodes, const std::string& word) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].is_word(word) && i > 0 && nodes[i - 1].is_punct("::")) return true;
    if (nodes[i].kind == Kind::Group && mentions_as_member(nodes[i].children, word)) return true;
  }
  return false;
}

/// A binding for a template parameter (not one of GCC's typedef entries).
bool names_parameter(const Binding& binding) {
  for (char c : binding.parameter) {
    if (c == ':' || c == ' ' || c == '(' || c == '<') return false;
  }
  return !binding.parameter.empty() && binding.parameter[0] != '#';
}

/// Turns words that name bound parameters into placeholders (not after `::`,
/// where the word is a member's name).
void mark_parameters(Nodes& nodes, const Bindings& bindings) {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    Node& node = nodes[i];
    if (node.kind == Kind::Group) mark_parameters(node.children, bindings);
    const bool member = i > 0 && nodes[i - 1].is_punct("::");
    if (node.kind == Kind::Word && !member && find_binding(bindings, node.text) != nullptr)
      node.kind = Kind::Placeholder;
    // GCC's unnamed parameters: `<template-parameter-1-2>` is bound as `#1-2`.
    if (node.kind == Kind::Special && node.text.rfind("<template-parameter-", 0) == 0) {
      const std::string name = "#" + node.text.substr(20, node.text.size() - 21);
      if (find_binding(bindings, name) != nullptr) {
        node.kind = Kind::Placeholder;
        node.text = name;
      }
    }
  }
}

/// Number of template arguments written in the scopes of a qualified name.
std::size_t arguments_in(const Nodes& name) {
  std::size_t count = 0;
  for (const Node& node : name) {
    if (node.is_group('<') && !node.children.empty()) count += split(node.children, ",").size();
  }
  return count;
}

/// The function's own template parameters: GCC lists them first and leaves the
/// classes' in the name unsubstituted; Clang substitutes those and lists them first.
std::vector<const Binding*> own_parameters(const Bindings& bindings, const Nodes& qualifier,
                                           const Nodes& declaration, const Nodes& parameters,
                                           bool gcc) {
  std::vector<const Binding*> own;
  if (gcc) {
    for (const Binding& binding : bindings) {
      if (!names_parameter(binding) || mentions_as_member(declaration, binding.parameter))
        continue;  // a typedef entry: `size_type = unsigned int`
      if (mentions(qualifier, binding.parameter)) break;
      own.push_back(&binding);
    }
    return own;
  }
  // Clang leaves defaulted class arguments out of the name, so past the ones it
  // shows a binding may still be the class's: a member's own parameters are
  // taken only when its parameter list uses them.
  const std::size_t shown = arguments_in(qualifier);
  for (std::size_t i = shown; i < bindings.size(); ++i) {
    if (!names_parameter(bindings[i])) continue;
    if (shown == 0 || mentions(parameters, bindings[i].parameter)) own.push_back(&bindings[i]);
  }
  return own;
}

/// `app::tlam<double>(double)::(lambda)` -> `app::tlam(double)::(lambda)`: GCC
/// names a function template that encloses a lambda with its arguments, Clang
/// without, and neither tells more than the other's parameters do. Two
/// instantiations spelled alike still keep rows of their own (`#2`).
void drop_function_scope_arguments(Nodes& name) {
  for (std::size_t i = 0; i + 2 < name.size(); ++i) {
    if (name[i].is_group('<') && name[i + 1].is_group('(') && name[i + 2].is_punct("::"))
      name.erase(name.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

Node placeholder(const Binding& binding) {
  Node node{Kind::Placeholder, binding.parameter, {}, false};
  return node;
}

}  // namespace

std::string signature_of_pretty_function(std::string_view pretty) {
  const Bindings bindings = bindings_of(pretty);
  std::string_view declaration = pretty;
  const bool gcc = take_binding_list(declaration).substr(0, 5) == "with ";
  Nodes nodes = parse(declaration);
  const SignatureLayout layout = layout_of(nodes);
  std::size_t name_end = std::min(layout.parameters, layout.qualifiers);
  // A conversion operator's name runs to the parameter list: `operator const char *`.
  std::size_t scan_from = name_end;
  for (std::size_t i = 0; i < name_end; ++i) {
    if (nodes[i].is_word("operator")) scan_from = i + 1;
  }
  const std::size_t start = name_start(nodes, scan_from);
  Nodes pattern(nodes.begin() + static_cast<std::ptrdiff_t>(start),
                nodes.begin() + static_cast<std::ptrdiff_t>(name_end));
  // Clang names a lambda's call operator `f()::(anonymous class)::operator()(int)`,
  // GCC `f()::<lambda(int)>`: both are `f()::(lambda)`.
  const bool clang_lambda = pattern.size() >= 3 && pattern.back().is_word("operator()") &&
                            pattern[pattern.size() - 3].is(Kind::Special, "(anonymous class)");
  if (clang_lambda) {
    pattern.resize(pattern.size() - 2);
    name_end = layout.file;
  }
  drop_function_scope_arguments(pattern);
  const std::size_t scope_end = [&] {
    std::size_t last = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      if (pattern[i].is_punct("::")) last = i;
    }
    return last;
  }();
  const Nodes qualifier(pattern.begin(), pattern.begin() + static_cast<std::ptrdiff_t>(scope_end));
  const Nodes parameters =
      layout.parameters < nodes.size() ? nodes[layout.parameters].children : Nodes{};
  const std::vector<const Binding*> own =
      own_parameters(bindings, qualifier, nodes, parameters, gcc);
  mark_parameters(pattern, bindings);
  if (!own.empty()) {
    Node arguments{Kind::Group, "<", {}, false};
    std::vector<Nodes> items;
    for (const Binding* binding : own) {
      items.push_back({placeholder(*binding)});
      if (binding->pack) items.back().push_back(Node{Kind::Punct, "...", {}, false});
    }
    arguments.children = join(items);
    pattern.push_back(std::move(arguments));
  }
  for (std::size_t i = name_end; i < layout.file; ++i) {
    pattern.push_back(nodes[i]);
    mark_parameters(pattern.back().children, bindings);
  }
  return resolve_pattern(print(pattern), bindings);
}

}  // namespace hotpath::names
