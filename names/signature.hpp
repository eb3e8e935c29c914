// The parts of a canonical signature, which the report shows as much of as it
// takes to tell rows apart:
//   "app::S::f(int) const &"  -> name "app::S::f", parameters "(int)",
//                                qualifiers "const &"
//   "helper() [a.cpp]"        -> name "helper", parameters "()", file "a.cpp"
#ifndef HOTPATH_NAMES_SIGNATURE_HPP
#define HOTPATH_NAMES_SIGNATURE_HPP

#include <string>
#include <string_view>

#include "syntax.hpp"

namespace hotpath::names {

struct SignatureParts {
  std::string name;        ///< qualified name with template arguments
  std::string parameters;  ///< "(int, const char *)"; empty when there is no list
  std::string qualifiers;  ///< "const", "&&", "const &"; empty when none
  std::string file;        ///< translation unit of a function with internal linkage
};

/// Removes a trailing ` [path]` (the translation unit of a function with internal
/// linkage) from `signature` and returns the path's file name; "" when none.
std::string take_file_tag(std::string_view& signature);

/// Splits a canonical signature.
SignatureParts split_signature(std::string_view signature);

/// Where the parts of a declaration's nodes are: the parameter list is the last
/// `(...)` at the top level that only qualifiers (and a `[file]` tag) follow.
struct SignatureLayout {
  std::size_t parameters;  ///< index of the parameter list; the size when none
  std::size_t qualifiers;  ///< index of the first qualifier
  std::size_t file;        ///< index of the `[file]` tag; the size when none
};
SignatureLayout layout_of(const Nodes& nodes);

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_SIGNATURE_HPP
