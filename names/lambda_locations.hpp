// Where the lambdas of a program are written, for the names of a g++ build.
// g++'s __PRETTY_FUNCTION__ names every closure type by its function and its
// parameters only (`main()::<lambda()>`); the mangled name of the type has its
// number in that function too, which the demangler writes `main::{lambda()#2}`.
// clang-hotpath-rewrite numbers the lambdas of each function as g++ does and
// writes where each one is; with both, a lambda passed as a template argument is
// `(lambda at a.cpp:12)` in every build.
#ifndef HOTPATH_NAMES_LAMBDA_LOCATIONS_HPP
#define HOTPATH_NAMES_LAMBDA_LOCATIONS_HPP

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hotpath::names {

class LambdaLocations {
 public:
  /// Adds the `number`th lambda (from 1) of the function `context` (its qualified
  /// name and parameters; template arguments and the parameters' types are
  /// ignored, their number is not), written at `location`
  /// (`(lambda at a.cpp:12)`). Two places for one lambda make it unknown: they are
  /// lambdas of overloads with as many parameters, or of instantiations that g++ numbers
  /// differently.
  void add(std::string_view context, unsigned number, std::string_view location);

  bool empty() const { return locations_.empty(); }

  /// The locations of the lambdas a demangled type names as arguments
  /// (`hotpath::TypeArguments<main::{lambda()#1}, void>*`), in the order they
  /// appear; "" for one that is not known (a lambda in a lambda among them).
  std::vector<std::string> locate(std::string_view demangled) const;

 private:
  /// (function, number) -> location; "" when ambiguous.
  std::map<std::pair<std::string, unsigned>, std::string, std::less<>> locations_;
};

/// The function a lambda is in as a key of LambdaLocations: its qualified name
/// without template arguments and qualifiers, with the number of its parameters
/// (`app::run(1)` for `app::run<int>(int)`, `app::run(...)` for one with a pack,
/// `main::L::m(0)` for a member of a local class); "" when it is in a lambda.
std::string lambda_context_key(std::string_view function);

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_LAMBDA_LOCATIONS_HPP
