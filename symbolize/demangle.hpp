// C++ symbol names as people read them: mangled names go through the Itanium C++ ABI
// demangler (abi::__cxa_demangle), every other name is kept as it is, which is also
// what `perf script` prints.
#ifndef HOTPATH_SYMBOLIZE_DEMANGLE_HPP
#define HOTPATH_SYMBOLIZE_DEMANGLE_HPP

#include <string>

namespace hotpath::symbolize {

/// `symbol` demangled with its parameter lists, e.g. "_Z10heavy_workj" ->
/// "heavy_work(unsigned int)". Names that are not mangled C++ names ("main", "memcpy")
/// and names the demangler rejects come back unchanged; null gives "".
std::string demangle(const char* symbol);

}  // namespace hotpath::symbolize

#endif  // HOTPATH_SYMBOLIZE_DEMANGLE_HPP
