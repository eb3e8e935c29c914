// Demangling of C++ symbol names with the C++ runtime's own demangler.
#include "demangle.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace hotpath::symbolize {

std::string demangle(const char* symbol) {
  if (symbol == nullptr) return {};
  // __cxa_demangle also accepts bare type encodings ("i" -> "int"), so only names with
  // the mangled-name prefix are handed to it: a C function called "i" stays "i".
  if (std::strncmp(symbol, "_Z", 2) != 0) return symbol;
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> demangled(
      abi::__cxa_demangle(symbol, nullptr, nullptr, &status), &std::free);
  if (status != 0 || demangled == nullptr) return symbol;
  return demangled.get();
}

}  // namespace hotpath::symbolize
