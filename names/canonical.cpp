// Canonical spelling rules, applied bottom-up on the syntax tree.
#include "canonical.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "signature.hpp"

namespace hotpath::names {
namespace {

using Kind = Node::Kind;

Node word(std::string text) { return Node{Kind::Word, std::move(text), {}, false}; }

// Inline namespaces of libstdc++ and libc++, which GCC prints and Clang does not.
constexpr std::array<std::string_view, 6> kStandardInlineNamespaces = {
    "std::__cxx11", "std::__1", "std::__2", "std::__8", "std::_V2", "std::chrono::_V2"};

/// Integer type keywords, which GCC orders as `long unsigned int` and
/// `__int128 unsigned`.
bool is_integer_keyword(const Node& node) {
  if (node.kind != Kind::Word) return false;
  return node.text == "unsigned" || node.text == "signed" || node.text == "short" ||
         node.text == "long" || node.text == "int" || node.text == "char" ||
         node.text == "__int128";
}

/// Clang's spelling of a run of integer keywords (`long unsigned int`).
std::vector<std::string> integer_type(const Nodes& run) {
  int longs = 0;
  bool is_unsigned = false, is_signed = false, is_short = false, is_char = false;
  bool is_int128 = false;
  for (const Node& node : run) {
    if (node.text == "__int128") is_int128 = true;
    if (node.text == "long") ++longs;
    if (node.text == "unsigned") is_unsigned = true;
    if (node.text == "signed") is_signed = true;
    if (node.text == "short") is_short = true;
    if (node.text == "char") is_char = true;
  }
  std::vector<std::string> out;
  if (is_int128) {
    if (is_unsigned) out.push_back("unsigned");
    out.push_back("__int128");
    return out;
  }
  if (is_char) {
    if (is_unsigned) out.push_back("unsigned");
    if (is_signed) out.push_back("signed");
    out.push_back("char");
    return out;
  }
  if (is_unsigned) out.push_back("unsigned");
  if (is_short) out.push_back("short");
  for (int i = 0; i < longs; ++i) out.push_back("long");
  if (!is_short && longs == 0) out.push_back("int");
  return out;
}

void canonicalize_integer_types(Nodes& nodes) {
  if (std::none_of(nodes.begin(), nodes.end(), is_integer_keyword)) return;
  Nodes out;
  out.reserve(nodes.size() + 1);
  for (std::size_t i = 0; i < nodes.size();) {
    if (!is_integer_keyword(nodes[i])) {
      out.push_back(std::move(nodes[i++]));
      continue;
    }
    std::size_t end = i;
    while (end < nodes.size() && is_integer_keyword(nodes[end])) ++end;
    const Nodes run(nodes.begin() + static_cast<std::ptrdiff_t>(i),
                    nodes.begin() + static_cast<std::ptrdiff_t>(end));
    // `long double` is not an integer type; a lone `char` or `int` is already right.
    const bool floating = end < nodes.size() && nodes[end].is_word("double");
    if (floating || run.size() == 1) {
      for (const Node& node : run) out.push_back(node);
      if (run.size() == 1 && run[0].text == "signed") out.back().text = "int";
      if (run.size() == 1 && run[0].text == "unsigned") out.push_back(word("int"));
    } else {
      for (std::string& keyword : integer_type(run)) out.push_back(word(std::move(keyword)));
    }
    i = end;
  }
  nodes = std::move(out);
}

/// Removes inline namespaces from qualified names: `std::__cxx11::list` becomes
/// `std::list`. A qualified name is a run `a :: b<c> :: d`; a leading `::` goes too.
void remove_inline_namespaces(Nodes& nodes, const InlineNamespaces& extra) {
  auto is_inline = [&](const std::string& qualified) {
    return std::find(kStandardInlineNamespaces.begin(), kStandardInlineNamespaces.end(),
                     qualified) != kStandardInlineNamespaces.end() ||
           std::find(extra.begin(), extra.end(), qualified) != extra.end();
  };
  // Without a `::`, there is no qualified name.
  if (std::none_of(nodes.begin(), nodes.end(),
                   [](const Node& node) { return node.is_punct("::"); }))
    return;
  Nodes out;
  out.reserve(nodes.size());
  std::string scope;  // the run's scopes so far: `std::__cxx11`
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    Node& node = nodes[i];
    const bool followed_by_scope = i + 1 < nodes.size() && nodes[i + 1].is_punct("::");
    if (node.kind == Kind::Word) {
      const bool continues = !out.empty() && out.back().is_punct("::");
      std::string qualified = continues && !scope.empty() ? scope + "::" + node.text : node.text;
      if (followed_by_scope && is_inline(qualified)) {
        scope = std::move(qualified);
        ++i;  // its `::` goes with it
        continue;
      }
      scope = std::move(qualified);
    } else if (node.is_punct("::")) {
      if (out.empty() || out.back().kind == Kind::Punct) continue;
    } else if (node.kind == Kind::Group && node.text == "<") {
      scope += "<>";  // a class template's scope holds no namespace
    } else {
      scope.clear();
    }
    out.push_back(std::move(node));
  }
  nodes = std::move(out);
}

// Default template arguments of the standard library's templates, which GCC
// sometimes prints. `$0` and `$1` stand for the first and second argument; a
// name is relative to `std::`.
struct StandardDefaults {
  std::string_view name;
  std::array<std::string_view, 4> defaults;  // by position; empty: no default
};
constexpr std::array<StandardDefaults, 32> kStandardDefaults = {{
    {"basic_string", {"", "std::char_traits<$0>", "std::allocator<$0>", ""}},
    {"basic_string_view", {"", "std::char_traits<$0>", "", ""}},
    {"basic_ostream", {"", "std::char_traits<$0>", "", ""}},
    {"basic_istream", {"", "std::char_traits<$0>", "", ""}},
    {"basic_iostream", {"", "std::char_traits<$0>", "", ""}},
    {"basic_streambuf", {"", "std::char_traits<$0>", "", ""}},
    {"basic_ios", {"", "std::char_traits<$0>", "", ""}},
    {"basic_fstream", {"", "std::char_traits<$0>", "", ""}},
    {"basic_ifstream", {"", "std::char_traits<$0>", "", ""}},
    {"basic_ofstream", {"", "std::char_traits<$0>", "", ""}},
    {"basic_stringbuf", {"", "std::char_traits<$0>", "std::allocator<$0>", ""}},
    {"basic_stringstream", {"", "std::char_traits<$0>", "std::allocator<$0>", ""}},
    {"basic_ostringstream", {"", "std::char_traits<$0>", "std::allocator<$0>", ""}},
    {"basic_istringstream", {"", "std::char_traits<$0>", "std::allocator<$0>", ""}},
    {"vector", {"", "std::allocator<$0>", "", ""}},
    {"deque", {"", "std::allocator<$0>", "", ""}},
    {"list", {"", "std::allocator<$0>", "", ""}},
    {"forward_list", {"", "std::allocator<$0>", "", ""}},
    {"set", {"", "std::less<$0>", "std::allocator<$0>", ""}},
    {"multiset", {"", "std::less<$0>", "std::allocator<$0>", ""}},
    {"map", {"", "", "std::less<$0>", "std::allocator<std::pair<const $0, $1>>"}},
    {"multimap", {"", "", "std::less<$0>", "std::allocator<std::pair<const $0, $1>>"}},
    {"unordered_set", {"", "std::hash<$0>", "std::equal_to<$0>", "std::allocator<$0>"}},
    {"unordered_multiset", {"", "std::hash<$0>", "std::equal_to<$0>", "std::allocator<$0>"}},
    {"stack", {"", "std::deque<$0>", "", ""}},
    {"queue", {"", "std::deque<$0>", "", ""}},
    {"priority_queue", {"", "std::vector<$0>", "std::less<$0>", ""}},
    {"unique_ptr", {"", "std::default_delete<$0>", "", ""}},
    {"shared_ptr", {"", "", "", ""}},
    {"span", {"", "18446744073709551615", "", ""}},
    {"ratio", {"", "1", "", ""}},
    {"chrono::duration", {"", "std::ratio<1>", "", ""}},
}};
// unordered_map has five parameters; kept apart from the table of four.
constexpr std::array<std::string_view, 5> kUnorderedMapDefaults = {
    "", "", "std::hash<$0>", "std::equal_to<$0>", "std::allocator<std::pair<const $0, $1>>"};
std::string expand_default(std::string_view pattern, const std::vector<std::string>& arguments) {
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '$' && i + 1 < pattern.size()) {
      const std::size_t index = static_cast<std::size_t>(pattern[++i] - '0');
      out += index < arguments.size() ? arguments[index] : "?";
    } else {
      out += pattern[i];
    }
  }
  return out;
}

/// Drops trailing arguments of a standard template that equal its defaults.
void remove_standard_defaults(const std::string& name, Node& arguments) {
  const std::string_view* defaults = nullptr;
  std::size_t count = 0;
  for (const StandardDefaults& entry : kStandardDefaults) {
    if (entry.name == name) {
      defaults = entry.defaults.data();
      count = entry.defaults.size();
    }
  }
  if (name == "unordered_map" || name == "unordered_multimap") {
    defaults = kUnorderedMapDefaults.data();
    count = kUnorderedMapDefaults.size();
  }
  if (defaults == nullptr) return;
  std::vector<Nodes> items = split(arguments.children, ",");
  std::vector<std::string> printed;
  for (const Nodes& item : items) printed.push_back(print(item));
  while (items.size() > 1 && items.size() <= count) {
    const std::string_view pattern = defaults[items.size() - 1];
    if (pattern.empty() || expand_default(pattern, printed) != printed.back()) break;
    items.pop_back();
    printed.pop_back();
  }
  arguments.children = join(items);
}

/// `std::basic_string<char>` is `std::string`, as users write it.
const char* standard_alias(const std::string& name, const std::string& argument) {
  struct Alias {
    const char* name;
    const char* argument;
    const char* alias;
  };
  static constexpr Alias kAliases[] = {
      {"basic_string", "char", "string"},
      {"basic_string", "wchar_t", "wstring"},
      {"basic_string", "char8_t", "u8string"},
      {"basic_string", "char16_t", "u16string"},
      {"basic_string", "char32_t", "u32string"},
      {"basic_string_view", "char", "string_view"},
      {"basic_string_view", "wchar_t", "wstring_view"},
      {"basic_ostream", "char", "ostream"},
      {"basic_istream", "char", "istream"},
      {"basic_iostream", "char", "iostream"},
      {"basic_streambuf", "char", "streambuf"},
      {"basic_ios", "char", "ios"},
      {"basic_stringstream", "char", "stringstream"},
      {"basic_ostringstream", "char", "ostringstream"},
      {"basic_istringstream", "char", "istringstream"},
  };
  for (const Alias& alias : kAliases) {
    if (name == alias.name && argument == alias.argument) return alias.alias;
  }
  return nullptr;
}

/// Standard templates: default arguments dropped, aliases used. Works on
/// `std :: name <...>` and `std :: chrono :: name <...>` directly in `nodes`
/// (children were done before).
void canonicalize_standard_templates(Nodes& nodes) {
  Nodes out;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    // The name after `std::`, and the index of its argument list.
    std::string name;
    std::size_t arguments_at = i + 1;
    if (nodes[i].is_word("std") && (i == 0 || !nodes[i - 1].is_punct("::"))) {
      while (arguments_at + 1 < nodes.size() && nodes[arguments_at].is_punct("::") &&
             nodes[arguments_at + 1].kind == Kind::Word) {
        name += (name.empty() ? "" : "::") + nodes[arguments_at + 1].text;
        arguments_at += 2;
      }
    }
    if (name.empty() || arguments_at >= nodes.size() || !nodes[arguments_at].is_group('<')) {
      out.push_back(std::move(nodes[i]));
      continue;
    }
    Node& arguments = nodes[arguments_at];
    remove_standard_defaults(name, arguments);
    const char* alias = standard_alias(name, print(arguments.children));
    // `std :: ... ::` up to the name, which an alias replaces with its arguments.
    for (std::size_t j = i; j + 1 < arguments_at; ++j) out.push_back(std::move(nodes[j]));
    if (alias != nullptr) {
      out.push_back(word(alias));
    } else {
      out.push_back(std::move(nodes[arguments_at - 1]));
      out.push_back(std::move(arguments));
    }
    i = arguments_at;
  }
  nodes = std::move(out);
}

/// File name of a path: `(lambda at /src/a.cpp:4:13)` names `a.cpp`.
std::string_view base_name(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

/// `(lambda at /src/a.cpp:41:13)` -> `(lambda at a.cpp:41)`; GCC's `<lambda(int)>`
/// -> `(lambda)`; `{anonymous}`, and `<unnamed>` (GCC's name of an anonymous
/// namespace in a value, such as an enumerator given as a template argument) ->
/// `(anonymous namespace)`; `<unnamed struct>` -> `(unnamed)`.
std::string canonical_special(const std::string& text) {
  if (text == "{anonymous}" || text == "<unnamed>") return "(anonymous namespace)";
  if (text.rfind("<lambda(", 0) == 0 || text.rfind("{lambda(", 0) == 0) return "(lambda)";
  if (text.rfind("<unnamed", 0) == 0 || text.rfind("{unnamed", 0) == 0) return "(unnamed)";
  const std::size_t at = text.find(" at ");
  if (text[0] == '(' && at != std::string::npos) {
    // "(kind at path:line:column)"
    std::string_view location(text);
    location = location.substr(at + 4, location.size() - at - 5);
    std::string_view file = location;
    std::string_view line;
    const std::size_t last = location.rfind(':');
    if (last != std::string_view::npos) {
      const std::size_t before = location.rfind(':', last - 1);
      if (before != std::string_view::npos) {
        file = location.substr(0, before);
        line = location.substr(before + 1, last - before - 1);
      } else {
        file = location.substr(0, last);
        line = location.substr(last + 1);
      }
    }
    std::string kind = text.substr(1, at - 1);
    if (kind.rfind("unnamed ", 0) == 0 || kind.rfind("anonymous ", 0) == 0) kind = "unnamed";
    return "(" + kind + " at " + std::string(base_name(file)) + ":" + std::string(line) + ")";
  }
  // Clang prints a lambda's closure type as `(anonymous class)` in pretty functions.
  if (text == "(anonymous class)") return "(lambda)";
  if (text.rfind("(anonymous ", 0) == 0 && text != "(anonymous namespace)") return "(unnamed)";
  return text;
}

/// `7U`, `-3L`, `9ull` -> `7`, `-3`, `9`: GCC prints no suffix.
void remove_integer_suffix(std::string& number) {
  if (number.find('.') != std::string::npos) return;
  const bool hex = number.size() > 1 && number[0] == '0' && (number[1] == 'x' || number[1] == 'X');
  if (!hex && number.find_first_of("eE") != std::string::npos) return;
  while (!number.empty() && std::string_view("uUlL").find(number.back()) != std::string_view::npos)
    number.pop_back();
}

/// The C escapes of characters: `\n` is 10.
struct Escape {
  char letter;
  char value;
};
constexpr std::array<Escape, 11> kEscapes = {{{'n', '\n'},
                                              {'t', '\t'},
                                              {'r', '\r'},
                                              {'a', '\a'},
                                              {'b', '\b'},
                                              {'f', '\f'},
                                              {'v', '\v'},
                                              {'\\', '\\'},
                                              {'\'', '\''},
                                              {'"', '"'},
                                              {'?', '?'}}};

/// The value of a narrow character literal as GCC or Clang print one (`'A'`,
/// `'\n'`, GCC's octal `'\012'` and `'\37777777777'` for -1, Clang's `'\x7f'`);
/// -1 for anything else (wide or multi-character literals, strings).
int character_value(std::string_view literal) {
  if (literal.size() < 3 || literal.front() != '\'' || literal.back() != '\'') return -1;
  const std::string_view body = literal.substr(1, literal.size() - 2);
  if (body.size() == 1) return body[0] == '\\' ? -1 : static_cast<unsigned char>(body[0]);
  if (body[0] != '\\') return -1;
  if (body.size() == 2) {
    for (const Escape& escape : kEscapes) {
      if (escape.letter == body[1]) return static_cast<unsigned char>(escape.value);
    }
  }
  const bool hex = body[1] == 'x';
  unsigned long long value = 0;
  for (std::size_t i = hex ? 2 : 1; i < body.size(); ++i) {
    const char c = body[i];
    int digit = -1;
    if (c >= '0' && c <= (hex ? '9' : '7')) digit = c - '0';
    if (hex && c >= 'a' && c <= 'f') digit = c - 'a' + 10;
    if (hex && c >= 'A' && c <= 'F') digit = c - 'A' + 10;
    if (digit < 0 || value > 0xFFFFFFFFull) return -1;
    value = value * (hex ? 16 : 8) + static_cast<unsigned>(digit);
  }
  // GCC writes a negative `char` sign-extended to 32 bits.
  return static_cast<int>(value & 0xFF);
}

/// Clang's spelling of a character: C escapes for the control characters that
/// have one, `\\` and `\'`, printable ones as they are, the others in hexadecimal.
std::string clang_character(int value) {
  for (const Escape& escape : kEscapes) {
    if (escape.letter == '"' || escape.letter == '?') continue;  // printed as they are
    if (static_cast<unsigned char>(escape.value) == value)
      return std::string("'\\") + escape.letter + "'";
  }
  if (value >= 0x20 && value < 0x7F) return std::string("'") + static_cast<char>(value) + "'";
  constexpr std::string_view kHex = "0123456789abcdef";
  return std::string("'\\x") + kHex[static_cast<unsigned>(value) >> 4] +
         kHex[static_cast<unsigned>(value) & 0xF] + "'";
}

/// `'\012'` (GCC) -> `'\n'`, as Clang writes a character.
void canonicalize_character(std::string& literal) {
  const int value = character_value(literal);
  if (value >= 0) literal = clang_character(value);
}

/// The integer types Clang writes a cast for before a template argument:
/// `(short)-5`, `(unsigned char)'\xc8'`. 1 for a signed one, 0 for an unsigned
/// one, -1 for other text.
int small_integer_cast(const Node& node) {
  if (!node.is_group('(')) return -1;
  // Compared word by word: every parameter list is such a group.
  const Nodes& type = node.children;
  if (type.size() == 1) return type[0].is_word("short") ? 1 : -1;
  if (type.size() != 2 || !(type[1].is_word("short") || type[1].is_word("char"))) return -1;
  if (type[0].is_word("unsigned")) return 0;
  return type[0].is_word("signed") && type[1].text == "char" ? 1 : -1;
}

/// Clang's `(short)-5`, `(signed char)'\xfd'`, `(unsigned char)'\xc8'` -> `-5`, `-3`,
/// `200`: GCC writes the value.
void remove_small_integer_casts(Nodes& nodes) {
  if (std::none_of(nodes.begin(), nodes.end(),
                   [](const Node& node) { return small_integer_cast(node) >= 0; }))
    return;
  Nodes out;
  out.reserve(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const int is_signed = small_integer_cast(nodes[i]);
    const bool negative =
        i + 2 < nodes.size() && nodes[i + 1].is_punct("-") && nodes[i + 2].kind == Kind::Number;
    const Node* value = i + 1 < nodes.size() ? &nodes[i + 1] : nullptr;
    if (is_signed < 0 || value == nullptr) {
      out.push_back(std::move(nodes[i]));
      continue;
    }
    if (negative || value->kind == Kind::Number) continue;  // the cast goes, the value stays
    const int character = value->kind == Kind::Literal ? character_value(value->text) : -1;
    if (character < 0) {
      out.push_back(std::move(nodes[i]));
      continue;
    }
    const int number = is_signed == 1 && character >= 0x80 ? character - 0x100 : character;
    if (number < 0) out.push_back(Node{Kind::Punct, "-", {}, false});
    out.push_back(Node{Kind::Number, std::to_string(number < 0 ? -number : number), {}, false});
    ++i;
  }
  nodes = std::move(out);
}

void canonicalize_level(Nodes& nodes, const InlineNamespaces& inline_namespaces) {
  for (Node& node : nodes) {
    if (node.kind == Kind::Group) canonicalize_level(node.children, inline_namespaces);
    if (node.kind == Kind::Placeholder) canonicalize_level(node.children, inline_namespaces);
    if (node.kind == Kind::Special) node.text = canonical_special(node.text);
    if (node.kind == Kind::Number) remove_integer_suffix(node.text);
  }
  remove_small_integer_casts(nodes);
  for (Node& node : nodes) {
    if (node.kind == Kind::Literal) canonicalize_character(node.text);
  }
  // GCC's `int []`, `T&& ...`: spacing is the printer's; nothing to do here.
  canonicalize_integer_types(nodes);
  remove_inline_namespaces(nodes, inline_namespaces);
  canonicalize_standard_templates(nodes);
}

/// A parameter's `const` and `volatile` of its own (`const unsigned int`,
/// `char *const`) are not part of the function's type: `f(const int)` is `f(int)`.
/// Those that a pointer or a reference points to (`const char *`) are.
void drop_own_qualifiers(Nodes& parameter) {
  const auto is_cv = [](const Node& node) {
    return node.is_word("const") || node.is_word("volatile");
  };
  std::size_t last_declarator = parameter.size();
  for (std::size_t i = 0; i < parameter.size(); ++i) {
    const Node& node = parameter[i];
    if (node.is_punct("*") || node.is_punct("&") || node.is_punct("&&") || node.is_group('(') ||
        node.is_group('['))
      last_declarator = i;
  }
  // Without a declarator every qualifier is the parameter's own; after the last
  // `*`, those that follow it are.
  const std::size_t from = last_declarator == parameter.size() ? 0 : last_declarator + 1;
  if (last_declarator != parameter.size() && !parameter[last_declarator].is_punct("*")) return;
  parameter.erase(
      std::remove_if(parameter.begin() + static_cast<std::ptrdiff_t>(from), parameter.end(), is_cv),
      parameter.end());
}

/// Drops the parameters' own qualifiers in the parameter list of a signature or a
/// function type (the last parenthesized group, only qualifiers after it).
void drop_top_level_parameter_qualifiers(Nodes& nodes) {
  const SignatureLayout layout = layout_of(nodes);
  if (layout.parameters >= nodes.size()) return;
  Node& list = nodes[layout.parameters];
  const auto has_cv = [](const Node& node) {
    return node.is_word("const") || node.is_word("volatile");
  };
  if (std::none_of(list.children.begin(), list.children.end(), has_cv)) return;
  std::vector<Nodes> parameters = split(std::move(list.children), ",");
  for (Nodes& parameter : parameters) drop_own_qualifiers(parameter);
  list.children = join(parameters);
}

}  // namespace

void canonicalize(Nodes& nodes, const InlineNamespaces& inline_namespaces) {
  canonicalize_level(nodes, inline_namespaces);
  drop_top_level_parameter_qualifiers(nodes);
}

std::string canonical_spelling(std::string_view text, const InlineNamespaces& inline_namespaces) {
  Nodes nodes = parse(text);
  canonicalize(nodes, inline_namespaces);
  return print(nodes);
}

}  // namespace hotpath::names
