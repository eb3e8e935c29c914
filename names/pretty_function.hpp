// A canonical signature from a pretty function string alone, for functions that
// have no signature pattern (those measured with the HOTPATH_MEASURE() macro):
//   "void app::Stack<T>::push(const T&) [with T = int]" -> "app::Stack<int>::push(const int &)"
// The compiler's string is all there is, so default template arguments and
// inline namespaces of other libraries than the standard one are shown as the
// compiler prints them; the plugin and clang-hotpath-rewrite write patterns.
#ifndef HOTPATH_NAMES_PRETTY_FUNCTION_HPP
#define HOTPATH_NAMES_PRETTY_FUNCTION_HPP

#include <string>
#include <string_view>

namespace hotpath::names {

/// The canonical signature of a GCC or Clang pretty function string; never fails
/// (text that is not a declaration comes back canonically spaced).
std::string signature_of_pretty_function(std::string_view pretty);

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_PRETTY_FUNCTION_HPP
