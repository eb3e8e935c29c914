// Where the lambdas of a translation unit are written. g++ names a closure type
// by its function and parameters only (`main()::<lambda()>`); the mangled name
// of the type numbers it in its function. clang-hotpath-rewrite writes at the end
// of every source it instruments the lambdas of its translation unit, numbered
// as g++ numbers them, with their locations, so that a lambda passed as a template
// argument is named `(lambda at main.cpp:12)` in a g++ build as in the others.
#ifndef HOTPATH_LAMBDA_LOCATIONS_HPP
#define HOTPATH_LAMBDA_LOCATIONS_HPP

#include "hotpath/detail/platform.hpp"

namespace hotpath {

/// Registers lambdas when constructed; must have static storage duration.
/// Entries come in threes: the function's qualified name, the lambda's number in
/// it (from 1), and where it is written:
///
///   static const char* const entries[] = {"main", "1", "(lambda at main.cpp:12)", nullptr};
///   static const hotpath::LambdaLocations lambdas(entries);
class HOTPATH_API LambdaLocations {
 public:
  /// `entries`: a null-terminated array of entries, copied.
  explicit LambdaLocations(const char* const* entries) noexcept;
};

}  // namespace hotpath

#endif  // HOTPATH_LAMBDA_LOCATIONS_HPP
