// Parsing of Clang's and GCC's pretty function strings into report names.
#include "function_name.hpp"

#include <cctype>
#include <utility>
#include <vector>

namespace hotpath::detail {
namespace {

using Bindings = std::vector<std::pair<std::string, std::string>>;

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

bool is_open(char c) { return c == '(' || c == '<' || c == '[' || c == '{'; }
bool is_close(char c) { return c == ')' || c == '>' || c == ']' || c == '}'; }

/// Splits at `separator` outside any bracket.
std::vector<std::string_view> split_top_level(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_open(text[i])) ++depth;
    if (is_close(text[i]) && depth > 0) --depth;
    if (depth == 0 && text[i] == separator) {
      parts.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.push_back(trim(text.substr(start)));
  return parts;
}

/// Clang: "T = int, U = long"; GCC: "with T = int; int N = 3".
Bindings parse_bindings(std::string_view list) {
  bool gcc_style = false;
  if (list.substr(0, 5) == "with ") {
    gcc_style = true;
    list.remove_prefix(5);
  }
  Bindings bindings;
  for (std::string_view item : split_top_level(list, gcc_style ? ';' : ',')) {
    const std::size_t equals = item.find(" = ");
    if (equals == std::string_view::npos) continue;
    std::string_view parameter = trim(item.substr(0, equals));
    // GCC spells non-type parameters with their type: "int N".
    const std::size_t space = parameter.rfind(' ');
    if (space != std::string_view::npos) parameter.remove_prefix(space + 1);
    bindings.emplace_back(parameter, trim(item.substr(equals + 3)));
  }
  return bindings;
}

/// Replaces whole identifiers that name a template parameter by their argument.
std::string substitute(std::string_view text, const Bindings& bindings) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!is_identifier_char(text[i])) {
      out += text[i++];
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && is_identifier_char(text[end])) ++end;
    const std::string_view word = text.substr(i, end - i);
    const bool qualified_member = i >= 2 && text.substr(i - 2, 2) == "::";
    const std::string* replacement = nullptr;
    for (const auto& [parameter, argument] : bindings) {
      if (!qualified_member && word == parameter) replacement = &argument;
    }
    out += replacement != nullptr ? std::string_view(*replacement) : word;
    i = end;
  }
  return out;
}

/// Index where the qualified name ending at `end` starts: after the return type.
std::size_t name_start(std::string_view head, std::size_t end) {
  int depth = 0;
  for (std::size_t i = end; i > 0; --i) {
    const char c = head[i - 1];
    if (c == ')' || c == '>') ++depth;
    if ((c == '(' || c == '<') && depth > 0) --depth;
    if (depth == 0 && (c == ' ' || c == '*' || c == '&')) return i;
  }
  return 0;
}

/// Position of the last `operator` keyword in `head`, or npos.
std::size_t last_operator_keyword(std::string_view head) {
  std::size_t position = head.rfind("operator");
  while (position != std::string_view::npos) {
    const bool starts_token = position == 0 || !is_identifier_char(head[position - 1]);
    const std::size_t after = position + 8;
    const bool ends_token = after >= head.size() || !is_identifier_char(head[after]);
    if (starts_token && ends_token) return position;
    if (position == 0) break;
    position = head.rfind("operator", position - 1);
  }
  return std::string_view::npos;
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

/// Spells GCC's variants the way Clang and C++ users do.
std::string normalize_spelling(std::string text) {
  replace_all(text, "{anonymous}", "(anonymous namespace)");
  replace_all(text, "> >", ">>");
  return text;
}

}  // namespace

ParsedSignature parse_pretty_function(std::string_view pretty) {
  pretty = trim(pretty);
  Bindings bindings;
  // The template argument list at the end: " [T = int]" or " [with T = int]".
  if (!pretty.empty() && pretty.back() == ']') {
    int depth = 0;
    for (std::size_t i = pretty.size(); i > 0; --i) {
      if (is_close(pretty[i - 1])) ++depth;
      if (is_open(pretty[i - 1]) && --depth == 0) {
        if (pretty[i - 1] == '[') {
          bindings = parse_bindings(pretty.substr(i, pretty.size() - i - 1));
          pretty = trim(pretty.substr(0, i - 1));
        }
        break;
      }
    }
  }

  ParsedSignature result;
  std::string_view head = pretty;
  const std::size_t close = pretty.rfind(')');
  // GCC's lambdas ("f()::<lambda(int)>") end without a parameter list.
  if (close != std::string_view::npos && pretty.back() != '>') {
    int depth = 0;
    for (std::size_t i = close + 1; i > 0; --i) {
      if (pretty[i - 1] == ')') ++depth;
      if (pretty[i - 1] == '(' && --depth == 0) {
        head = pretty.substr(0, i - 1);
        result.parameters = substitute(pretty.substr(i - 1, close - i + 2), bindings);
        break;
      }
    }
  }
  const std::size_t operator_at = last_operator_keyword(head);
  const std::size_t start =
      name_start(head, operator_at == std::string_view::npos ? head.size() : operator_at);
  result.qualified_name = normalize_spelling(substitute(head.substr(start), bindings));
  result.parameters = normalize_spelling(std::move(result.parameters));
  return result;
}

}  // namespace hotpath::detail
