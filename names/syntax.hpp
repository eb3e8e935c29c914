// The grammar every name goes through: C++ declarations and types as Clang and GCC
// print them (`__PRETTY_FUNCTION__`, diagnostics, Clang's printing policy), plus
// the placeholders of signature patterns. Text is read into a tree of tokens and
// bracket groups, so that every later step (canonical spelling, substitution,
// splitting a signature) works on structure instead of editing strings.
#ifndef HOTPATH_NAMES_SYNTAX_HPP
#define HOTPATH_NAMES_SYNTAX_HPP

#include <string>
#include <string_view>
#include <vector>

namespace hotpath::names {

/// One token, or one bracket group with its content.
struct Node {
  enum class Kind {
    Word,         ///< identifier, keyword, `operator<<`, `auto:1` (GCC), `x:auto` (Clang)
    Number,       ///< integer or floating literal
    Literal,      ///< character or string literal
    Punct,        ///< `::`, `,`, `*`, `&`, `&&`, `...`, `~`, `=`, ...
    Special,      ///< `(anonymous namespace)`, `(lambda at f.cpp:3)`, GCC's `<lambda()>`...
    Placeholder,  ///< `${name}` or `${name=default}` of a signature pattern
    Group,        ///< `(...)`, `<...>`, `[...]`, `{...}`
  };
  Kind kind = Kind::Word;
  /// The token; for a group its opening bracket; for a placeholder its name.
  std::string text;
  /// A group's content; a placeholder's default value (empty when it has none).
  std::vector<Node> children;
  /// A placeholder that has a default value (which may be empty, as an empty pack).
  bool has_default = false;

  bool is(Kind k, std::string_view t) const { return kind == k && text == t; }
  bool is_punct(std::string_view t) const { return is(Kind::Punct, t); }
  bool is_word(std::string_view t) const { return is(Kind::Word, t); }
  bool is_group(char open) const { return kind == Kind::Group && text[0] == open; }
};

using Nodes = std::vector<Node>;

/// Reads `text` into nodes; never fails (unbalanced brackets become plain tokens).
Nodes parse(std::string_view text);

/// Prints nodes with Clang's spacing (`const char *`, `T &&...`, `int (&)[4]`,
/// `f(int)`, `std::map<int, int>`), whatever the spacing of the text they came from.
std::string print(const Nodes& nodes);
/// The same for the nodes from `from` to `to` (not included), as if they were all.
std::string print(const Nodes& nodes, std::size_t from, std::size_t to);

/// Splits the nodes at every `separator` punctuation (`,` or `;`), trimming nothing.
std::vector<Nodes> split(const Nodes& nodes, std::string_view separator);
/// The same, moving the nodes.
std::vector<Nodes> split(Nodes&& nodes, std::string_view separator);

/// Joins items with `, `.
Nodes join(const std::vector<Nodes>& items);

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_SYNTAX_HPP
