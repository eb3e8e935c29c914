// The names a native frame gets in a pprof profile. Symbolized samples carry the
// full demangled symbol: `int ns::match<Source>(Source const&) const`. The report
// names the same function `ns::match<Source>`, without its return type, parameters
// and qualifiers; so does the profile, keeping the full symbol as the function's
// system name, so that the call tree's frames and the CPU samples' frames line up
// in `go tool pprof`.
#ifndef HOTPATH_PPROF_FUNCTION_NAMES_HPP
#define HOTPATH_PPROF_FUNCTION_NAMES_HPP

#include <string>

namespace hotpath::pprof {

/// `demangled` without its return type, parameter list and the qualifiers after it
/// (`const`, `&`, `noexcept`...), template arguments kept: `std::vector<int>::push_back`
/// for `void std::vector<int>::push_back(int const&)`. A name that is no function
/// signature (a symbol of C, `module+0x1f0`, `[unknown]`), or that cannot be read
/// plainly, is returned as it is.
std::string short_function_name(const std::string& demangled);

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_FUNCTION_NAMES_HPP
