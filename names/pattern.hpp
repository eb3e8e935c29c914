// Signature patterns: a function's canonical signature in which template
// parameters are placeholders, written at compile time by the plugin and
// clang-hotpath-rewrite, and completed with the arguments of one instantiation
// taken from its pretty function string:
//   "app::Map<${K}, ${V=std::string}>::find(const ${K} &) const"
//     + "... [with K = int; V = std::__cxx11::basic_string<char>]"
//   -> "app::Map<int>::find(const int &) const"
//
// Placeholders: `${T}`; `${T=default}` (an argument equal to its default is left
// out at the end of a template argument list); `${auto#0}` for a generic lambda's
// first invented parameter; `${#1-2}` for an unnamed parameter. A pattern may
// start with `${inline=a::v1;b::v2}`: inline namespaces to leave out of arguments,
// and `${types=K;Ts...}`: the type parameters whose arguments are also given
// whole by a `hotpath::TypeArguments` pretty function (g++ writes the names in a
// function's own list relative to its namespace: `Tick` for `app::Tick`).
// An item of a list that ends in `...` is expanded once per element of the packs
// in it (none for an empty pack).
#ifndef HOTPATH_NAMES_PATTERN_HPP
#define HOTPATH_NAMES_PATTERN_HPP

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.hpp"
#include "template_defaults.hpp"

namespace hotpath::names {

/// Completes a pattern with the bindings of `type_arguments` (for the parameters
/// of `${types=...}`), then of `pretty` and, for a lambda, of the function around
/// it (`enclosing_pretty`); each may be empty. The result is canonical, and
/// without the arguments `defaults` knows to be default ones.
std::string resolve_pattern(std::string_view pattern, std::string_view pretty,
                            std::string_view enclosing_pretty = {},
                            std::string_view type_arguments = {},
                            const TemplateDefaults* defaults = nullptr);

/// The same, with the bindings of any number of pretty functions, the first
/// binding of a name counting. `lambda_locations`: where the lambdas among the
/// type arguments are written, in their order (LambdaLocations::locate), for
/// those `type_arguments` names `(lambda)`; "" for one not known. `cache`: the
/// binding lists read for earlier names, when many are resolved.
std::string resolve_pattern(std::string_view pattern,
                            std::initializer_list<std::string_view> pretty_functions,
                            std::string_view type_arguments = {},
                            const TemplateDefaults* defaults = nullptr,
                            const std::vector<std::string>* lambda_locations = nullptr,
                            BindingsCache* cache = nullptr);

/// Completes a pattern with bindings already parsed.
std::string resolve_pattern(std::string_view pattern, const Bindings& bindings,
                            const TemplateDefaults* defaults = nullptr);

/// The inline namespaces a pattern lists (`${inline=...}`).
InlineNamespaces inline_namespaces_of(std::string_view pattern);

/// True when the text contains placeholders.
bool has_placeholders(std::string_view pattern);

}  // namespace hotpath::names

#endif  // HOTPATH_NAMES_PATTERN_HPP
