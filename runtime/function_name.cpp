// Parsing of Clang's and GCC's pretty function strings into report names.
#include "function_name.hpp"

#include <cctype>
#include <utility>
#include <vector>

namespace hotpath::detail {
namespace {

using Bindings = std::vector<std::pair<std::string, std::string>>;

/// The template argument list at the end of a pretty function string.
struct TemplateBindings {
  Bindings bindings;
  bool gcc_style = false;  ///< GCC lists the function's own parameters first
};

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
TemplateBindings parse_bindings(std::string_view list) {
  TemplateBindings result;
  if (list.substr(0, 5) == "with ") {
    result.gcc_style = true;
    list.remove_prefix(5);
  }
  Bindings& bindings = result.bindings;
  for (std::string_view item : split_top_level(list, result.gcc_style ? ';' : ',')) {
    const std::size_t equals = item.find(" = ");
    if (equals == std::string_view::npos) continue;
    std::string_view parameter = trim(item.substr(0, equals));
    // GCC spells non-type parameters with their type: "int N".
    const std::size_t space = parameter.rfind(' ');
    if (space != std::string_view::npos) parameter.remove_prefix(space + 1);
    bindings.emplace_back(parameter, trim(item.substr(equals + 3)));
  }
  return result;
}

bool contains_identifier(std::string_view text, std::string_view identifier) {
  for (std::size_t at = text.find(identifier); at != std::string_view::npos;
       at = text.find(identifier, at + 1)) {
    const bool starts = at == 0 || !is_identifier_char(text[at - 1]);
    const std::size_t end = at + identifier.size();
    if (starts && (end >= text.size() || !is_identifier_char(text[end]))) return true;
  }
  return false;
}

/// Number of template arguments written in the scopes of `qualifier`
/// ("app::Stack<int, 3>::Inner<char>" has three).
std::size_t template_arguments_in(std::string_view qualifier) {
  std::size_t count = 0;
  int depth = 0;
  for (char c : qualifier) {
    if (c == '<' && ++depth == 1) ++count;
    if (c == '>' && depth > 0) --depth;
    if (c == ',' && depth == 1) ++count;
  }
  return count;
}

/// A template argument with a pack's brackets removed: Clang prints a pack as
/// "<int, double>", GCC as "{int, double}".
std::string_view unpacked(std::string_view value) {
  if (value.size() >= 2 && ((value.front() == '<' && value.back() == '>') ||
                            (value.front() == '{' && value.back() == '}'))) {
    value = value.substr(1, value.size() - 2);
  }
  return value;
}

/// "<a, b>" from the arguments; "" when there are none.
std::string argument_list(const std::vector<std::string_view>& arguments) {
  if (arguments.empty()) return "";
  std::string joined = "<";
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (i > 0) joined += ", ";
    joined += arguments[i];
  }
  joined += '>';
  return joined;
}

/// The arguments of the function's own template parameters, e.g. "<long, int>",
/// or "" when the function is not a template. `raw_name` is the name as printed,
/// before substitution.
std::string function_template_arguments(std::string_view raw_name,
                                        const TemplateBindings& templates) {
  int depth = 0;
  std::size_t scope_end = 0;
  for (std::size_t i = 0; i + 1 < raw_name.size(); ++i) {
    if (is_open(raw_name[i])) ++depth;
    if (is_close(raw_name[i]) && depth > 0) --depth;
    if (depth == 0 && raw_name[i] == ':' && raw_name[i + 1] == ':') scope_end = i;
  }
  const std::string_view qualifier = raw_name.substr(0, scope_end);
  std::vector<std::string_view> arguments;
  // GCC keeps the enclosing classes' parameters unsubstituted in the name, so
  // the function's own are those that do not appear there. Clang substitutes
  // them and lists outer scopes' parameters first.
  const std::size_t outer = templates.gcc_style ? 0 : template_arguments_in(qualifier);
  for (std::size_t i = outer; i < templates.bindings.size(); ++i) {
    const auto& [parameter, argument] = templates.bindings[i];
    if (templates.gcc_style && contains_identifier(qualifier, parameter)) continue;
    arguments.push_back(unpacked(argument));
  }
  return argument_list(arguments);
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

void replace_words(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + 1)) {
    const bool starts = at == 0 || !is_identifier_char(text[at - 1]);
    const std::size_t end = at + from.size();
    if (starts && (end >= text.size() || !is_identifier_char(text[end]))) {
      text.replace(at, from.size(), to);
    }
  }
}

/// Spells GCC's variants the way Clang (and so the plugin) does, so that the same
/// function gets the same name whichever compiler built it.
std::string normalize_spelling(std::string text) {
  replace_all(text, "{anonymous}", "(anonymous namespace)");
  replace_all(text, "> >", ">>");
  replace_words(text, "long long unsigned int", "unsigned long long");
  replace_words(text, "long unsigned int", "unsigned long");
  replace_words(text, "short unsigned int", "unsigned short");
  replace_words(text, "long long int", "long long");
  replace_words(text, "long int", "long");
  replace_words(text, "short int", "short");
  return text;
}

/// GCC writes "const int&" and "char*", Clang "const int &" and "char *": use
/// Clang's spacing in parameter lists so both compilers give the same row names.
std::string space_declarators(const std::string& parameters) {
  std::string out;
  out.reserve(parameters.size() + 4);
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const char c = parameters[i];
    const bool declarator = c == '&' || c == '*';
    if (declarator && !out.empty() && out.back() != ' ' && out.back() != '&' && out.back() != '*' &&
        out.back() != '(') {
      out += ' ';
    }
    out += c;
  }
  return out;
}

/// Removes the template argument list at the end of a trimmed pretty function,
/// " [T = int]" or " [with T = int]", and returns its bindings.
TemplateBindings take_trailing_bindings(std::string_view& pretty) {
  TemplateBindings templates;
  if (pretty.empty() || pretty.back() != ']') return templates;
  int depth = 0;
  for (std::size_t i = pretty.size(); i > 0; --i) {
    if (is_close(pretty[i - 1])) ++depth;
    if (is_open(pretty[i - 1]) && --depth == 0) {
      if (pretty[i - 1] == '[') {
        templates = parse_bindings(pretty.substr(i, pretty.size() - i - 1));
        pretty = trim(pretty.substr(0, i - 1));
      }
      break;
    }
  }
  return templates;
}

}  // namespace

std::string lambda_template_arguments(std::string_view lambda_pretty,
                                      std::string_view enclosing_pretty) {
  lambda_pretty = trim(lambda_pretty);
  enclosing_pretty = trim(enclosing_pretty);
  const TemplateBindings lambda = take_trailing_bindings(lambda_pretty);
  const TemplateBindings enclosing = take_trailing_bindings(enclosing_pretty);
  std::vector<std::string_view> arguments;
  for (const auto& [parameter, argument] : lambda.bindings) {
    bool outer = false;
    for (const auto& binding : enclosing.bindings) outer = outer || binding.first == parameter;
    if (!outer) arguments.push_back(unpacked(argument));
  }
  return normalize_spelling(argument_list(arguments));
}

ParsedSignature parse_pretty_function(std::string_view pretty) {
  pretty = trim(pretty);
  const TemplateBindings templates = take_trailing_bindings(pretty);

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
        result.parameters = substitute(pretty.substr(i - 1, close - i + 2), templates.bindings);
        break;
      }
    }
  }
  const std::size_t operator_at = last_operator_keyword(head);
  const std::size_t start =
      name_start(head, operator_at == std::string_view::npos ? head.size() : operator_at);
  const std::string_view raw_name = head.substr(start);
  result.qualified_name = normalize_spelling(substitute(raw_name, templates.bindings) +
                                             function_template_arguments(raw_name, templates));
  result.parameters = space_declarators(normalize_spelling(std::move(result.parameters)));
  return result;
}

}  // namespace hotpath::detail
