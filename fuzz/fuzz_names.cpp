// Fuzzes the parser of the function names compilers print (__PRETTY_FUNCTION__ of
// g++ and Clang, which the runtime reads for the rows' names): any text, however
// malformed, gives a name and never a crash; the canonical spelling of a canonical
// spelling is itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "canonical.hpp"
#include "pretty_function.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;  // names are short; long inputs only slow the search down
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  hotpath::names::signature_of_pretty_function(text);
  const std::string once = hotpath::names::canonical_spelling(text, {"fmt::v9"});
  hotpath::names::canonical_spelling(once, {"fmt::v9"});
  return 0;
}
