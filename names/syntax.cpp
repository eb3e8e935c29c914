// Tokenizer, bracket grouping and printer of names.
#include "syntax.hpp"

#include <array>
#include <cctype>
#include <utility>

namespace hotpath::names {
namespace {

bool is_identifier_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$';
}
bool is_identifier_char(char c) {
  return is_identifier_start(c) || std::isdigit(static_cast<unsigned char>(c)) != 0;
}
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Operator function names, longest first so that `<<=` wins over `<<` and `<`.
constexpr std::array<std::string_view, 44> kOperators = {
    "new[]", "delete[]", "new", "delete", "co_await", "()", "[]", "->*", "<=>", "<<=", ">>=",
    "->",    "<<",       ">>",  "<=",     ">=",       "==", "!=", "&&",  "||",  "++",  "--",
    "+=",    "-=",       "*=",  "/=",     "%=",       "&=", "|=", "^=",  "+",   "-",   "*",
    "/",     "%",        "^",   "&",      "|",        "~",  "!",  "=",   "<",   ">",   ","};

// Parenthesized names Clang prints for unnamed entities, and GCC's `{anonymous}`.
constexpr std::array<std::string_view, 4> kParenthesizedSpecials = {"(anonymous ", "(unnamed ",
                                                                    "(lambda at ", "(lambda)"};
// GCC's angle-bracketed ones: `<lambda(int)>`, `<unnamed struct>`,
// `<template-parameter-1-1>`, and Clang's `<dependent type>` return type.
constexpr std::array<std::string_view, 5> kAngleSpecials = {
    "<lambda(", "<unnamed", "<template-parameter-", "<anonymous", "<dependent type>"};

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text) : text_(text) {}

  Nodes run() {
    // About one token in four characters of a signature: fewer moves as it grows.
    tokens_.reserve(text_.size() / 4 + 1);
    while (skip_space()) read_token();
    return std::move(tokens_);
  }

 private:
  bool skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])) != 0) ++at_;
    return at_ < text_.size();
  }
  bool starts_with(std::string_view prefix) const {
    return text_.substr(at_, prefix.size()) == prefix;
  }
  void push(Node::Kind kind, std::string text) {
    Node node;
    node.kind = kind;
    node.text = std::move(text);
    tokens_.push_back(std::move(node));
  }

  /// Index just past the bracket that closes the one at `from`; npos if none.
  std::size_t matching(std::size_t from, char open, char close) const {
    int depth = 0;
    for (std::size_t i = from; i < text_.size(); ++i) {
      if (text_[i] == open) ++depth;
      if (text_[i] == close && --depth == 0) return i + 1;
    }
    return std::string_view::npos;
  }

  bool read_special() {
    const char c = text_[at_];
    std::size_t end = std::string_view::npos;
    if (c == '(') {
      for (std::string_view prefix : kParenthesizedSpecials)
        if (starts_with(prefix)) end = matching(at_, '(', ')');
    } else if (c == '{') {
      if (starts_with("{anonymous}")) end = at_ + 11;
      if (starts_with("{lambda(") || starts_with("{unnamed type#")) end = matching(at_, '{', '}');
    } else if (c == '<') {
      for (std::string_view prefix : kAngleSpecials) {
        if (!starts_with(prefix)) continue;
        // `<lambda(int)>`: the `>` after the parameter list's `)`.
        const std::size_t from = prefix == "<lambda(" ? matching(at_ + 7, '(', ')') : at_;
        if (from != std::string_view::npos) {
          const std::size_t close = text_.find('>', from);
          if (close != std::string_view::npos) end = close + 1;
        }
      }
    }
    if (end == std::string_view::npos) return false;
    push(Node::Kind::Special, std::string(text_.substr(at_, end - at_)));
    at_ = end;
    return true;
  }

  void read_placeholder() {
    const std::size_t end = matching(at_ + 1, '{', '}');
    const std::size_t stop = end == std::string_view::npos ? text_.size() : end - 1;
    const std::string_view body = text_.substr(at_ + 2, stop - at_ - 2);
    Node node;
    node.kind = Node::Kind::Placeholder;
    const std::size_t equals = body.find('=');
    node.text = std::string(body.substr(0, equals));
    if (equals != std::string_view::npos) {
      node.has_default = true;
      node.children = parse(body.substr(equals + 1));
    }
    tokens_.push_back(std::move(node));
    at_ = end == std::string_view::npos ? text_.size() : end;
  }

  void read_word() {
    std::size_t end = at_;
    while (end < text_.size() && is_identifier_char(text_[end])) ++end;
    std::string word(text_.substr(at_, end - at_));
    at_ = end;
    // GCC's invented parameters of generic lambdas, `auto:1`; Clang's, `x:auto`.
    if (starts_with(":") && !starts_with("::")) {
      std::size_t tail = at_ + 1;
      while (tail < text_.size() && is_identifier_char(text_[tail])) ++tail;
      const std::string_view after = text_.substr(at_ + 1, tail - at_ - 1);
      if ((word == "auto" && !after.empty() && is_digit(after[0])) || after == "auto") {
        word += ':';
        word += after;
        at_ = tail;
      }
    }
    if (word == "operator") {
      read_operator_name();
      return;
    }
    push(Node::Kind::Word, std::move(word));
  }

  /// `operator<<`, `operator new[]`, `operator""_km` are one word; a conversion
  /// operator stays `operator` followed by its type.
  void read_operator_name() {
    skip_space();
    for (std::string_view symbol : kOperators) {
      if (!starts_with(symbol)) continue;
      const bool keyword = is_identifier_start(symbol[0]);
      if (keyword && at_ + symbol.size() < text_.size() &&
          is_identifier_char(text_[at_ + symbol.size()]) && symbol.back() != ']')
        continue;  // `operator newline_t` is a conversion
      at_ += symbol.size();
      if (keyword && starts_with(" [")) {  // GCC: `operator new []`
        at_ += 2;
        if (starts_with("]")) ++at_;
        symbol = symbol == "new" ? "new[]" : "delete[]";
      }
      push(Node::Kind::Word, std::string("operator") + (keyword ? " " : "") + std::string(symbol));
      return;
    }
    if (starts_with("\"\"")) {
      at_ += 2;
      skip_space();
      std::size_t end = at_;
      while (end < text_.size() && is_identifier_char(text_[end])) ++end;
      push(Node::Kind::Word, "operator\"\"" + std::string(text_.substr(at_, end - at_)));
      at_ = end;
      return;
    }
    push(Node::Kind::Word, "operator");
  }

  void read_number() {
    std::size_t end = at_;
    while (end < text_.size() &&
           (is_identifier_char(text_[end]) || text_[end] == '.' || text_[end] == '\'')) {
      // An exponent's sign belongs to the number: 1e+10.
      if ((text_[end] == 'e' || text_[end] == 'E') && end + 1 < text_.size() &&
          (text_[end + 1] == '+' || text_[end + 1] == '-') && text_.substr(at_, 2) != "0x")
        ++end;
      ++end;
    }
    push(Node::Kind::Number, std::string(text_.substr(at_, end - at_)));
    at_ = end;
  }

  void read_literal() {
    const char quote = text_[at_];
    std::size_t end = at_ + 1;
    while (end < text_.size() && text_[end] != quote) end += text_[end] == '\\' ? 2 : 1;
    end = end < text_.size() ? end + 1 : text_.size();
    push(Node::Kind::Literal, std::string(text_.substr(at_, end - at_)));
    at_ = end;
  }

  void read_token() {
    const char c = text_[at_];
    if (starts_with("${")) return read_placeholder();
    if ((c == '(' || c == '{' || c == '<') && read_special()) return;
    if (is_identifier_start(c)) return read_word();
    if (is_digit(c)) return read_number();
    if (c == '\'' || c == '"') return read_literal();
    for (std::string_view punct : {"::", "...", "->", "&&", "||", "==", "!="}) {
      if (starts_with(punct)) {
        push(Node::Kind::Punct, std::string(punct));
        at_ += punct.size();
        return;
      }
    }
    push(Node::Kind::Punct, std::string(1, c));
    ++at_;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  Nodes tokens_;
};

char closing_of(char open) {
  switch (open) {
    case '(':
      return ')';
    case '[':
      return ']';
    case '{':
      return '}';
    default:
      return '>';
  }
}

/// True when `before` ends in the name of a conversion function to a pointer or
/// reference, `operator int *`, whose template arguments may follow.
bool ends_in_conversion_to_pointer(const Nodes& before) {
  for (auto it = before.rbegin(); it != before.rend(); ++it) {
    if (it->is_word("operator")) return it != before.rbegin();
    const bool type_token = it->kind == Node::Kind::Word || it->kind == Node::Kind::Placeholder ||
                            it->is_punct("::") || it->is_punct("*") || it->is_punct("&") ||
                            it->is_punct("&&") || it->is_group('<');
    if (!type_token) return false;
  }
  return false;
}

/// True when a `<` after `previous` opens a template argument list.
bool opens_template(const Nodes& before) {
  if (before.empty()) return false;
  const Node& previous = before.back();
  if (previous.is_punct("=")) return true;  // a pack in a binding: `Ts = <int, long>`
  // `operator int *<int>`: a conversion function template's arguments.
  if (previous.is_punct("*") || previous.is_punct("&"))
    return ends_in_conversion_to_pointer(before);
  return previous.kind == Node::Kind::Special || previous.kind == Node::Kind::Placeholder ||
         (previous.kind == Node::Kind::Word && previous.text != "operator");
}

/// Builds groups from a flat token list. A `<` that is closed by another bracket
/// was a less-than sign: its group is dissolved into plain tokens.
Nodes group(Nodes tokens) {
  struct Open {
    Node group;
    Nodes outer;  // what came before the group, at the enclosing level
  };
  std::vector<Open> stack;
  Nodes level;
  auto dissolve_top = [&] {
    Open top = std::move(stack.back());
    stack.pop_back();
    Nodes restored = std::move(top.outer);
    restored.push_back(Node{Node::Kind::Punct, top.group.text, {}, false});
    for (Node& child : level) restored.push_back(std::move(child));
    level = std::move(restored);
  };
  for (Node& token : tokens) {
    if (token.kind == Node::Kind::Punct && token.text.size() == 1) {
      const char c = token.text[0];
      if (c == '(' || c == '[' || c == '{' || (c == '<' && opens_template(level))) {
        Node open;
        open.kind = Node::Kind::Group;
        open.text = token.text;
        stack.push_back({std::move(open), std::move(level)});
        level.clear();
        continue;
      }
      if (c == ')' || c == ']' || c == '}' || c == '>') {
        while (!stack.empty() && closing_of(stack.back().group.text[0]) != c &&
               stack.back().group.text[0] == '<')
          dissolve_top();
        if (!stack.empty() && closing_of(stack.back().group.text[0]) == c) {
          Open top = std::move(stack.back());
          stack.pop_back();
          top.group.children = std::move(level);
          level = std::move(top.outer);
          level.push_back(std::move(top.group));
          continue;
        }
      }
    }
    level.push_back(std::move(token));
  }
  while (!stack.empty()) dissolve_top();
  return level;
}

bool is_wordlike(const Node& node) {
  return node.kind == Node::Kind::Word || node.kind == Node::Kind::Number ||
         node.kind == Node::Kind::Literal || node.kind == Node::Kind::Special ||
         node.kind == Node::Kind::Placeholder;
}

bool is_declarator(const Node& node) {
  return node.kind == Node::Kind::Punct &&
         (node.text == "*" || node.text == "&" || node.text == "&&");
}

/// `Pt::*`, `app::Box<int>::*`: a scope and `::*`, not a parameter's type
/// (`int app::Pt::*`, a type then a scope).
bool is_member_pointer_declarator(const Nodes& nodes) {
  if (nodes.size() < 3 || !nodes.back().is_punct("*") || !nodes[nodes.size() - 2].is_punct("::"))
    return false;
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    if (is_wordlike(nodes[i - 1]) && is_wordlike(nodes[i])) return false;
  }
  return true;
}

void print_into(std::string& out, const Node* nodes, std::size_t count, bool nested);

void print_into(std::string& out, const Nodes& nodes, bool nested) {
  print_into(out, nodes.data(), nodes.size(), nested);
}

void print_node(std::string& out, const Node& node) {
  switch (node.kind) {
    case Node::Kind::Group:
      out += node.text;
      print_into(out, node.children, true);
      out += closing_of(node.text[0]);
      return;
    case Node::Kind::Placeholder:
      out += "${";
      out += node.text;
      if (node.has_default) {
        out += '=';
        print_into(out, node.children, false);
      }
      out += '}';
      return;
    default:
      out += node.text;
  }
}

/// Clang's spacing between two neighbouring nodes. `after` is the node after
/// `next`, if any; `nested` is true inside brackets.
bool space_between(const Node& before, const Node& next, const Node* after, bool nested) {
  if (before.is_punct("::") || next.is_punct("::")) return false;
  if (before.is_punct("~") || before.is_punct("(")) return false;
  if (before.is_punct(",") || before.is_punct(";")) return true;  // `int, ...`
  if (next.is_punct(",") || next.is_punct("...") || next.is_punct(";")) return false;
  if (next.kind == Node::Kind::Group) {
    const char open = next.text[0];
    // `operator< <int>`: the operator's `<` and the argument list's stay apart.
    if (open == '<') return before.kind == Node::Kind::Word && before.text.back() == '<';
    if (open == '[') return false;
    if (open == '(') {
      // Inside brackets a parenthesized list after a type is a function type or a
      // declarator: `std::function<int (double)>`, `void (*)(int)`. At the top
      // level it is a function's parameter list, `f(int)`, as is a scope:
      // `app::loc(int)::L`.
      const bool scope = after != nullptr && after->is_punct("::");
      // `int (&)[4]`, `void (Pt::*)(int)` are types wherever they are.
      const Nodes& inner = next.children;
      const bool declarator =
          is_member_pointer_declarator(inner) || (!inner.empty() && is_declarator(inner.front()));
      return (nested || declarator) && !scope && (is_wordlike(before) || before.is_group('<')) &&
             !before.is_word("operator");
    }
    return true;
  }
  if (is_declarator(next)) return !is_declarator(before);
  if (is_declarator(before)) return false;
  if (before.is_punct("-") && next.kind == Node::Kind::Number) return false;
  if (is_wordlike(before) && is_wordlike(next)) return true;
  if (before.kind == Node::Kind::Group && is_wordlike(next)) return true;
  // Binary operators and `=` get spaces.
  return before.kind == Node::Kind::Punct || next.kind == Node::Kind::Punct;
}

void print_into(std::string& out, const Node* nodes, std::size_t count, bool nested) {
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0) {
      const Node* after = i + 1 < count ? &nodes[i + 1] : nullptr;
      if (space_between(nodes[i - 1], nodes[i], after, nested)) out += ' ';
    }
    print_node(out, nodes[i]);
  }
}

}  // namespace

Nodes parse(std::string_view text) { return group(Tokenizer(text).run()); }

std::string print(const Nodes& nodes) {
  std::string out;
  print_into(out, nodes, false);
  return out;
}

std::string print(const Nodes& nodes, std::size_t from, std::size_t to) {
  std::string out;
  print_into(out, nodes.data() + from, to - from, false);
  return out;
}

std::vector<Nodes> split(const Nodes& nodes, std::string_view separator) {
  return split(Nodes(nodes), separator);
}

std::vector<Nodes> split(Nodes&& nodes, std::string_view separator) {
  std::vector<Nodes> items(1);
  for (Node& node : nodes) {
    if (node.is_punct(separator)) {
      items.emplace_back();
    } else {
      items.back().push_back(std::move(node));
    }
  }
  return items;
}

Nodes join(const std::vector<Nodes>& items) {
  Nodes joined;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) joined.push_back(Node{Node::Kind::Punct, ",", {}, false});
    joined.insert(joined.end(), items[i].begin(), items[i].end());
  }
  return joined;
}

}  // namespace hotpath::names
