// Parsing of the template argument lists of GCC's and Clang's pretty functions.
#include "bindings.hpp"

#include <iterator>
#include <utility>

namespace hotpath::names {
namespace {

using Kind = Node::Kind;

/// The parameter a binding's left side names: Clang `T`, `x:auto`; GCC `T`,
/// `int N`, `template<class> class C`, `auto:1`, `<template-parameter-1-2>`.
std::string parameter_name(const Nodes& left, int& invented) {
  if (left.empty()) return "";
  const Node& last = left.back();
  const bool clang_invented =
      last.text.size() > 5 && last.text.compare(last.text.size() - 5, 5, ":auto") == 0;
  if (last.kind == Kind::Word && (last.text.rfind("auto:", 0) == 0 || clang_invented)) {
    return "auto#" + std::to_string(invented++);
  }
  if (last.kind == Kind::Special && last.text.rfind("<template-parameter-", 0) == 0) {
    // "<template-parameter-1-2>" -> "#1-2"
    return "#" + last.text.substr(20, last.text.size() - 21);
  }
  // GCC names a non-type parameter with its type: `app::Plain E`, `std::size_t N`;
  // its typedef entries are names: `size_type`, `std::string`.
  const bool qualified_name = left.size() >= 2 && left[left.size() - 2].is_punct("::");
  if (last.kind == Kind::Word && !qualified_name) return last.text;
  return print(left);
}

/// GCC qualifies a local class by its function (`a()::L`), Clang does not (`L`):
/// in template arguments both are the class's own name.
void remove_function_scopes(Nodes& nodes) {
  Nodes out;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].kind == Kind::Group) remove_function_scopes(nodes[i].children);
    // `a()::`, `tlam<double>(double)::` or a member's `S::f() const::`
    const std::size_t arguments = i + 1 < nodes.size() && nodes[i + 1].is_group('<') ? 1 : 0;
    std::size_t scope_end = i + 2 + arguments;  // the `::` after the function
    while (scope_end < nodes.size() &&
           (nodes[scope_end].is_word("const") || nodes[scope_end].is_word("volatile") ||
            nodes[scope_end].is_punct("&") || nodes[scope_end].is_punct("&&")))
      ++scope_end;
    const bool function_scope = scope_end < nodes.size() && nodes[i].kind == Kind::Word &&
                                nodes[i + 1 + arguments].is_group('(') &&
                                nodes[scope_end].is_punct("::");
    // `main()::<lambda()>::L`: a lambda's scope, after its function's.
    const bool lambda_scope =
        i + 1 < nodes.size() && nodes[i].kind == Kind::Special &&
        (nodes[i].text.rfind("<lambda", 0) == 0 || nodes[i].text.rfind("(lambda", 0) == 0) &&
        nodes[i + 1].is_punct("::");
    if (lambda_scope) {
      while (!out.empty() && out.back().is_punct("::")) {
        out.pop_back();
        if (!out.empty() && out.back().is_group('<')) out.pop_back();
        if (!out.empty() && (out.back().kind == Kind::Word || out.back().kind == Kind::Special))
          out.pop_back();
      }
      ++i;
      continue;
    }
    if (function_scope) {
      // The function's own scopes go too: `app::a()::L` -> `L`.
      while (!out.empty() && out.back().is_punct("::")) {
        out.pop_back();
        if (!out.empty() && out.back().is_group('<')) out.pop_back();
        if (!out.empty() && (out.back().kind == Kind::Word || out.back().kind == Kind::Special))
          out.pop_back();
      }
      i = scope_end;
      continue;
    }
    out.push_back(std::move(nodes[i]));
  }
  nodes = std::move(out);
}

/// The position of the `[` of the binding list that the `]` at `close` ends; npos
/// when the group there is not one (an array parameter `int (&)[4]` ends in `]`
/// too; a list has an `=`).
std::size_t binding_list_start(std::string_view pretty, std::size_t close) {
  int depth = 0;
  for (std::size_t i = close + 1; i > 0; --i) {
    const char c = pretty[i - 1];
    if (c == ']' || c == ')' || c == '>' || c == '}') ++depth;
    if (c == '[' || c == '(' || c == '<' || c == '{') --depth;
    if (depth != 0) continue;
    if (c != '[' || pretty.substr(i, close - i).find(" = ") == std::string_view::npos)
      return std::string_view::npos;
    return i - 1;
  }
  return std::string_view::npos;
}

/// Clang writes the list of a function whose declarator goes on after its
/// parameters (returning a reference to an array or a function pointer) inside
/// that declarator: `const T (&f(const T (&)[N]) [T = int, N = 2UL])[N]`.
std::string_view inner_binding_list(std::string_view pretty) {
  for (std::size_t end = pretty.rfind("])"); end != std::string_view::npos;
       end = end == 0 ? std::string_view::npos : pretty.rfind("])", end - 1)) {
    const std::size_t start = binding_list_start(pretty, end);
    if (start != std::string_view::npos && start > 0 && pretty[start - 1] == ' ')
      return pretty.substr(start + 1, end - start - 1);
  }
  return {};
}

}  // namespace

std::string_view take_binding_list(std::string_view& pretty) {
  while (!pretty.empty() && pretty.back() == ' ') pretty.remove_suffix(1);
  if (pretty.empty() || pretty.back() != ']') return {};
  const std::size_t start = binding_list_start(pretty, pretty.size() - 1);
  if (start == std::string_view::npos) return {};
  const std::string_view list = pretty.substr(start + 1, pretty.size() - start - 2);
  pretty = pretty.substr(0, start);
  while (!pretty.empty() && pretty.back() == ' ') pretty.remove_suffix(1);
  return list;
}

namespace {

/// The binding list of a pretty function: at its end, or inside the declarator
/// that goes on after the parameters.
std::string_view binding_list_of(std::string_view pretty) {
  const std::string_view list = take_binding_list(pretty);
  return list.empty() ? inner_binding_list(pretty) : list;
}

/// The bindings of a binding list's text.
Bindings bindings_of_list(std::string_view list, const InlineNamespaces& inline_namespaces) {
  Bindings bindings;
  if (list.empty()) return bindings;
  const bool gcc = list.substr(0, 5) == "with ";
  if (gcc) list.remove_prefix(5);
  int invented = 0;
  for (Nodes& item : split(parse(list), gcc ? ";" : ",")) {
    std::size_t equals = 0;
    while (equals < item.size() && !item[equals].is_punct("=")) ++equals;
    if (equals == item.size()) continue;
    Binding binding;
    binding.parameter = parameter_name(Nodes(item.begin(), item.begin() + equals), invented);
    binding.value.assign(std::make_move_iterator(item.begin() + equals + 1),
                         std::make_move_iterator(item.end()));
    // A pack: Clang `<int, long>`, GCC `{int, long}`.
    if (binding.value.size() == 1 &&
        (binding.value[0].is_group('<') || binding.value[0].is_group('{'))) {
      binding.pack = true;
      Nodes inside = std::move(binding.value[0].children);
      if (!inside.empty()) binding.elements = split(std::move(inside), ",");
      for (Nodes& element : binding.elements) {
        canonicalize(element, inline_namespaces);
        remove_function_scopes(element);
      }
      binding.value = join(binding.elements);
    } else {
      canonicalize(binding.value, inline_namespaces);
      remove_function_scopes(binding.value);
    }
    bindings.push_back(std::move(binding));
  }
  return bindings;
}

}  // namespace

Bindings bindings_of(std::string_view pretty, const InlineNamespaces& inline_namespaces) {
  return bindings_of_list(binding_list_of(pretty), inline_namespaces);
}

const Bindings& BindingsCache::of(std::string_view pretty,
                                  const InlineNamespaces& inline_namespaces) {
  const std::string_view list = binding_list_of(pretty);
  std::string key(list);
  for (const std::string& name : inline_namespaces) {
    key += '\n';
    key += name;
  }
  auto found = by_list_.find(key);
  if (found == by_list_.end())
    found = by_list_.emplace(std::move(key), bindings_of_list(list, inline_namespaces)).first;
  return found->second;
}

const Binding* find_binding(const Bindings& bindings, std::string_view parameter) {
  for (const Binding& binding : bindings) {
    if (binding.parameter == parameter) return &binding;
  }
  return nullptr;
}

}  // namespace hotpath::names
