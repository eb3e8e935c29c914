// The signatures of a report's sites, resolved on several threads at once: a
// measure-all report names thousands of functions, and each name parses and
// rewrites the compiler's pretty functions (about 25 us a function of a template
// library, half of building its report).
#ifndef HOTPATH_RUNTIME_SITE_SIGNATURES_HPP
#define HOTPATH_RUNTIME_SITE_SIGNATURES_HPP

#include <vector>

#include "core/site_record.hpp"
#include "naming/row_names.hpp"

namespace hotpath::detail {

/// signature_of() of each site that `wanted` marks (same index), with the names
/// that translation units registered; the others are left empty. `registered`:
/// the sites are the registry's, by site id - 1, whose signatures are kept for the
/// next report (a site's index and its record never change there).
std::vector<SiteSignature> signatures_of_sites(const std::vector<const SiteRecord*>& sites,
                                               const std::vector<bool>& wanted,
                                               bool registered = false);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_SITE_SIGNATURES_HPP
