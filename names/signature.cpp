// Splitting canonical signatures into their parts.
#include "signature.hpp"

#include <algorithm>

namespace hotpath::names {
namespace {

bool is_qualifier(const Node& node) {
  return node.is_word("const") || node.is_word("volatile") || node.is_word("mutable") ||
         node.is_punct("&") || node.is_punct("&&");
}

Nodes slice(const Nodes& nodes, std::size_t from, std::size_t to) {
  return Nodes(nodes.begin() + static_cast<std::ptrdiff_t>(from),
               nodes.begin() + static_cast<std::ptrdiff_t>(to));
}

}  // namespace

SignatureLayout layout_of(const Nodes& nodes) {
  SignatureLayout layout{nodes.size(), nodes.size(), nodes.size()};
  std::size_t end = nodes.size();
  if (end > 0 && nodes[end - 1].is_group('[')) layout.file = --end;
  std::size_t i = end;
  while (i > 0 && is_qualifier(nodes[i - 1])) --i;
  if (i > 1 && nodes[i - 1].is_group('(')) {
    layout.parameters = i - 1;
    layout.qualifiers = i;
  } else {
    layout.qualifiers = end;
  }
  return layout;
}

std::string take_file_tag(std::string_view& signature) {
  if (signature.empty() || signature.back() != ']') return "";
  const std::size_t open = signature.rfind(" [");
  if (open == std::string_view::npos) return "";
  std::string_view path = signature.substr(open + 2, signature.size() - open - 3);
  signature = signature.substr(0, open);
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

SignatureParts split_signature(std::string_view signature) {
  SignatureParts parts;
  parts.file = take_file_tag(signature);
  const Nodes nodes = parse(signature);
  const SignatureLayout layout = layout_of(nodes);
  const std::size_t name_end = std::min(layout.parameters, layout.qualifiers);
  parts.name = print(nodes, 0, name_end);
  if (layout.parameters < nodes.size())
    parts.parameters = print(nodes, layout.parameters, layout.parameters + 1);
  Nodes qualifiers = slice(nodes, layout.qualifiers, layout.file);
  // GCC prints a mutable lambda's `mutable`; Clang prints nothing.
  qualifiers.erase(std::remove_if(qualifiers.begin(), qualifiers.end(),
                                  [](const Node& node) { return node.is_word("mutable"); }),
                   qualifiers.end());
  parts.qualifiers = print(qualifiers);
  return parts;
}

}  // namespace hotpath::names
