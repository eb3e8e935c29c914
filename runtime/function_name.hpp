// Turns a compiler's pretty function string (`__PRETTY_FUNCTION__` of Clang or
// GCC) into the name a C++ user writes: qualified, without return type and
// parameters, with template arguments substituted:
//   "void app::Stack<T>::push(const T&) [with T = int]"  ->  "app::Stack<int>::push"
//   "int main()"                                          ->  "main"
#ifndef HOTPATH_RUNTIME_FUNCTION_NAME_HPP
#define HOTPATH_RUNTIME_FUNCTION_NAME_HPP

#include <string>
#include <string_view>

namespace hotpath::detail {

struct ParsedSignature {
  std::string qualified_name;  ///< e.g. `app::Stack<int>::push`
  std::string parameters;      ///< e.g. `(const int &)`, for telling overloads apart
};

/// Parses a pretty function string; never fails (odd input comes back as it is).
ParsedSignature parse_pretty_function(std::string_view pretty);

/// The template arguments of a generic lambda, e.g. "<int>", from its pretty
/// function and its enclosing function's: the arguments the lambda's list has
/// beyond the enclosing function's. "" for a lambda that is not generic.
std::string lambda_template_arguments(std::string_view lambda_pretty,
                                      std::string_view enclosing_pretty);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_FUNCTION_NAME_HPP
