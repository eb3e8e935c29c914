// Which row a site's calls go to, and what the row is called.
//
// A row is one function: its identity is its canonical signature (qualified
// name, parameter types, qualifiers, template arguments, and for internal
// linkage its translation unit), the same from the plugin, from
// clang-hotpath-rewrite with Clang and with g++. Names are decided for the whole
// program when the report is made: a row shows its qualified name, and only rows
// that would show the same name get as much of their signature as tells them
// apart: parameters, then qualifiers, then the translation unit.
#ifndef HOTPATH_RUNTIME_ROW_NAMES_HPP
#define HOTPATH_RUNTIME_ROW_NAMES_HPP

#include <string>
#include <vector>

#include "bindings.hpp"
#include "core/site_record.hpp"
#include "lambda_locations.hpp"
#include "template_defaults.hpp"

namespace hotpath::detail {

/// What a site's row is identified by.
struct SiteSignature {
  std::string signature;    ///< canonical signature, or the user's row name
  bool user_named = false;  ///< named by the user: the name is the identity
};

/// What translation units registered for names (name_registrations.hpp).
struct NameRegistrations {
  names::TemplateDefaults template_defaults;
  names::LambdaLocations lambda_locations;
};

/// The canonical signature of a site (its pattern completed, or its pretty
/// function read, without the template arguments `registered` knows to be
/// default ones, with the lambdas it knows by their locations), or its
/// user-given name.
/// `cache`: the binding lists read for earlier sites, when many are named.
SiteSignature signature_of(const SiteRecord& site, const NameRegistrations* registered = nullptr,
                           names::BindingsCache* cache = nullptr);

/// The names of rows with the given signatures (unique signatures, except that
/// distinct functions the compiler spells alike may repeat one): each row's
/// qualified name, with the shortest suffix of its signature that tells it from
/// the rows of the same name, and ` #2`, ` #3`... where nothing does.
std::vector<std::string> row_names(const std::vector<SiteSignature>& rows);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_ROW_NAMES_HPP
