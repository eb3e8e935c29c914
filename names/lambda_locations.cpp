// The table of lambda locations and its lookups.
#include "lambda_locations.hpp"

#include "syntax.hpp"

namespace hotpath::names {
namespace {

using Kind = Node::Kind;

bool is_lambda(const Node& node) {
  return node.kind == Kind::Special &&
         (node.text.rfind("{lambda(", 0) == 0 || node.text.rfind("<lambda(", 0) == 0 ||
          node.text.rfind("(lambda", 0) == 0);
}

/// The number of a demangled closure type, `{lambda(int)#2}`: 2; 0 when none.
unsigned lambda_number(const std::string& text) {
  const std::size_t hash = text.rfind('#');
  if (hash == std::string::npos || text.rfind("{lambda(", 0) != 0) return 0;
  unsigned number = 0;
  for (std::size_t i = hash + 1; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
    number = number * 10 + static_cast<unsigned>(text[i] - '0');
  return number;
}

/// The last qualified name in `nodes`, without template arguments and
/// qualifiers, and the number of its parameters: `app::run(2)` for
/// `auto app::run<int>(int, char)`; `(...)` for a parameter pack, `()` when there
/// is no parameter list. "" when a lambda is in it.
std::string context_key(const Nodes& nodes) {
  std::string name;
  std::string parameters;
  const Node* previous = nullptr;  // the last node of the name so far
  for (const Node& node : nodes) {
    if (is_lambda(node)) return "";
    const bool is_name =
        (node.kind == Kind::Word && node.text != "const" && node.text != "volatile") ||
        node.kind == Kind::Special;
    if (is_name) {
      if (previous != nullptr && previous->is_word("operator")) {
        name += " " + node.text;  // a conversion function, `operator int`
      } else if (previous != nullptr && previous->kind != Kind::Punct) {
        name = node.text;  // a name after a type starts again
      } else {
        name += node.text;
      }
      parameters.clear();
      previous = &node;
    } else if (node.is_punct("::") || node.is_punct("~")) {
      name += node.text;
      previous = &node;
    } else if (node.is_group('(') && previous != nullptr && previous->kind != Kind::Punct) {
      const std::vector<Nodes> items = split(node.children, ",");
      const bool pack = !items.back().empty() && items.back().back().is_punct("...");
      const std::size_t count = node.children.empty() ? 0 : items.size();
      parameters = pack ? "(...)" : "(" + std::to_string(count) + ")";
    }
  }
  while (name.size() >= 2 && name.compare(name.size() - 2, 2, "::") == 0)
    name.resize(name.size() - 2);
  return name.empty() ? "" : name + (parameters.empty() ? "()" : parameters);
}

/// The position of the `::` that ends the last function scope of a qualified
/// name (`f<int>(int)::`, `S::g() const::`); 0 when there is none.
std::size_t function_scope_end(const Nodes& item) {
  std::size_t end = 0;
  for (std::size_t i = 1; i < item.size(); ++i) {
    if (!item[i].is_punct("::")) continue;
    std::size_t before = i - 1;
    while (before > 0 && (item[before].is_word("const") || item[before].is_word("volatile") ||
                          item[before].is_punct("&") || item[before].is_punct("&&")))
      --before;
    if (item[before].is_group('(')) end = i;
  }
  return end;
}

}  // namespace

std::string lambda_context_key(std::string_view function) { return context_key(parse(function)); }

void LambdaLocations::add(std::string_view context, unsigned number, std::string_view location) {
  auto [found, added] =
      locations_.try_emplace({lambda_context_key(context), number}, std::string(location));
  if (!added && found->second != location) found->second.clear();
}

std::vector<std::string> LambdaLocations::locate(std::string_view demangled) const {
  std::vector<std::string> found;
  // Depth first, left to right: the order of the arguments in a pretty function.
  const auto visit = [&](const Nodes& level, const auto& self) -> void {
    for (const Nodes& item : split(level, ",")) {
      const std::size_t scope_end = function_scope_end(item);
      for (std::size_t i = 0; i < item.size(); ++i) {
        const Node& node = item[i];
        // The lambdas in a function scope's arguments (`f<(lambda)>()::`) are
        // the scope's, not arguments: g++'s pretty function has no scopes.
        if (node.kind == Kind::Group && (scope_end == 0 || i > scope_end))
          self(node.children, self);
        // A lambda followed by `::` is the scope of what follows, not an argument.
        if (!is_lambda(node) || (i + 1 < item.size() && item[i + 1].is_punct("::"))) continue;
        const Nodes before(item.begin(), item.begin() + static_cast<std::ptrdiff_t>(i));
        const std::string key = context_key(before);
        const unsigned number = lambda_number(node.text);
        auto at = locations_.find(std::make_pair(key, number));
        if (at == locations_.end() && !key.empty()) {
          // A function with a parameter pack has as many parameters as it is given.
          at = locations_.find(std::make_pair(key.substr(0, key.rfind('(')) + "(...)", number));
        }
        found.push_back(key.empty() || at == locations_.end() ? std::string() : at->second);
      }
    }
  };
  visit(parse(demangled), visit);
  return found;
}

}  // namespace hotpath::names
