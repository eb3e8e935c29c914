// Matching row signatures against signature patterns, on the grammar's trees.
#include "signature_match.hpp"

#include <algorithm>
#include <vector>

#include "signature.hpp"

namespace hotpath::names {
namespace {

using NodeIt = Nodes::const_iterator;

bool has_placeholder(const Nodes& nodes) {
  for (const Node& node : nodes) {
    if (node.kind == Node::Kind::Placeholder) return true;
    if (node.kind == Node::Kind::Group && has_placeholder(node.children)) return true;
  }
  return false;
}

bool match_sequence(NodeIt pattern, NodeIt pattern_end, NodeIt text, NodeIt text_end);

/// Items of a list: a pattern item with a placeholder takes any number of items.
bool match_items(const std::vector<Nodes>& pattern, std::size_t p, const std::vector<Nodes>& text,
                 std::size_t t) {
  if (p == pattern.size()) return t == text.size();
  if (has_placeholder(pattern[p])) {
    for (std::size_t taken = t; taken <= text.size(); ++taken) {
      if (match_items(pattern, p + 1, text, taken)) return true;
    }
    return false;
  }
  return t < text.size() &&
         match_sequence(pattern[p].begin(), pattern[p].end(), text[t].begin(), text[t].end()) &&
         match_items(pattern, p + 1, text, t + 1);
}

bool match_node(const Node& pattern, const Node& text) {
  if (pattern.kind != text.kind || pattern.text != text.text) return false;
  if (pattern.kind == Node::Kind::Group) {
    // An empty list is one empty item, as `split` gives it.
    return match_items(split(pattern.children, ","), 0, split(text.children, ","), 0);
  }
  return print(pattern.children) == print(text.children);
}

/// A placeholder outside of lists takes any run of nodes.
bool match_sequence(NodeIt pattern, NodeIt pattern_end, NodeIt text, NodeIt text_end) {
  for (; pattern != pattern_end; ++pattern, ++text) {
    if (pattern->kind == Node::Kind::Placeholder) {
      for (NodeIt rest = text;; ++rest) {
        if (match_sequence(pattern + 1, pattern_end, rest, text_end)) return true;
        if (rest == text_end) return false;
      }
    }
    if (text == text_end || !match_node(*pattern, *text)) return false;
  }
  return text == text_end;
}

bool match_sequence(const Nodes& pattern, const Nodes& text) {
  return match_sequence(pattern.begin(), pattern.end(), text.begin(), text.end());
}

Nodes slice(const Nodes& nodes, std::size_t from, std::size_t to) {
  return Nodes(nodes.begin() + static_cast<std::ptrdiff_t>(from),
               nodes.begin() + static_cast<std::ptrdiff_t>(to));
}

}  // namespace

SignatureEntry read_signature_entry(std::string_view signature) {
  SignatureEntry entry;
  entry.file = take_file_tag(signature);
  const Nodes nodes = parse(signature);
  const SignatureLayout layout = layout_of(nodes);
  entry.name = slice(nodes, 0, std::min(layout.parameters, layout.qualifiers));
  if (layout.parameters < nodes.size()) {
    entry.parameters = slice(nodes, layout.parameters, layout.parameters + 1);
    entry.qualifiers = slice(nodes, layout.qualifiers, layout.file);
  }
  return entry;
}

PatternNodes read_pattern(std::string_view pattern) {
  PatternNodes result{parse(pattern)};
  Nodes& nodes = result.nodes;
  std::size_t fields = 0;
  while (fields < nodes.size() && nodes[fields].kind == Node::Kind::Placeholder &&
         (nodes[fields].text == "inline" || nodes[fields].text == "types")) {
    ++fields;
  }
  nodes.erase(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(fields));
  return result;
}

bool signature_matches_pattern(const SignatureEntry& entry, const PatternNodes& pattern,
                               std::string_view file) {
  if (!entry.file.empty() && entry.file != file) return false;
  const Nodes& nodes = pattern.nodes;
  const SignatureLayout layout = layout_of(nodes);
  const std::size_t name_end = std::min(layout.parameters, layout.qualifiers);
  if (!match_sequence(slice(nodes, 0, name_end), entry.name)) return false;
  if (entry.parameters.empty()) return true;
  return layout.parameters < nodes.size() &&
         match_sequence(slice(nodes, layout.parameters, layout.parameters + 1), entry.parameters) &&
         match_sequence(slice(nodes, layout.qualifiers, layout.file), entry.qualifiers);
}

bool signature_matches_pattern(const SignatureEntry& entry, std::string_view pattern,
                               std::string_view file) {
  return signature_matches_pattern(entry, read_pattern(pattern), file);
}

}  // namespace hotpath::names
