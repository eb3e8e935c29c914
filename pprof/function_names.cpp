// Shortening demangled names (see the header). The demangler's output is regular:
// the parameter list is the last balanced `(...)` before the qualifiers, and a
// return type, present for template functions, ends at the last space outside
// brackets before the name. `operator` names hold brackets and spaces of their
// own (`operator<`, `operator()`, `operator new[]`, `operator unsigned long`),
// so the scan stops at the keyword.
#include "function_names.hpp"

#include <cstddef>
#include <string_view>

namespace hotpath::pprof {
namespace {

constexpr std::string_view kQualifiers[] = {" const", " volatile", " &&", " &", " noexcept"};

/// `text` without the qualifiers that may follow a parameter list, and without the
/// `[clone .isra.0]` suffixes of the copies the compiler made of a function.
std::string_view without_qualifiers(std::string_view text) {
  for (std::size_t clone = text.rfind(" [clone ");
       clone != std::string_view::npos && !text.empty() && text.back() == ']';
       clone = text.rfind(" [clone ")) {
    text = text.substr(0, clone);
  }
  for (bool removed = true; removed;) {
    removed = false;
    for (const std::string_view qualifier : kQualifiers) {
      if (text.size() > qualifier.size() &&
          text.substr(text.size() - qualifier.size()) == qualifier) {
        text.remove_suffix(qualifier.size());
        removed = true;
      }
    }
  }
  return text;
}

bool opens(char c) { return c == '(' || c == '<' || c == '[' || c == '{'; }
bool closes(char c) { return c == ')' || c == '>' || c == ']' || c == '}'; }

/// Where the `(` that matches the `)` ending `text` is; npos when unbalanced.
std::size_t parameters_start(std::string_view text) {
  int depth = 0;
  for (std::size_t index = text.size(); index-- > 0;) {
    if (text[index] == ')') ++depth;
    if (text[index] == '(' && --depth == 0) return index;
  }
  return std::string_view::npos;
}

/// Where the name begins in `text` (a return type, a space, then the name): after
/// the last space outside brackets, and before any `operator` keyword.
std::size_t name_start(std::string_view text) {
  std::size_t end = text.size();
  // The first `operator` that begins a name component (`::operator` or at the start).
  for (std::size_t at = text.find("operator"); at != std::string_view::npos;
       at = text.find("operator", at + 1)) {
    if (at == 0 || text[at - 1] == ':' || text[at - 1] == ' ') {
      end = at;
      break;
    }
  }
  int depth = 0;
  for (std::size_t index = end; index-- > 0;) {
    const char c = text[index];
    if (closes(c)) ++depth;
    if (opens(c)) --depth;
    if (depth < 0) return std::string_view::npos;
    // `(anonymous namespace)::f` and `{lambda()#1}` have spaces inside brackets.
    if (c == ' ' && depth == 0) return index + 1;
  }
  return depth == 0 ? 0 : std::string_view::npos;
}

}  // namespace

std::string short_function_name(const std::string& demangled) {
  const std::string_view signature = without_qualifiers(demangled);
  if (signature.empty() || signature.back() != ')') return demangled;
  const std::size_t parameters = parameters_start(signature);
  if (parameters == std::string_view::npos || parameters == 0) return demangled;
  const std::string_view qualified = signature.substr(0, parameters);
  const std::size_t start = name_start(qualified);
  if (start == std::string_view::npos || start >= qualified.size()) return demangled;
  const std::string_view name = qualified.substr(start);
  // A function returning a function pointer, `void (*f(int))(double)`, is left whole.
  if (name.front() == '(' && name.rfind("(anonymous namespace)", 0) != 0) return demangled;
  return std::string(name);
}

}  // namespace hotpath::pprof
