#include "waits/real_functions.hpp"

namespace hotpath::waits {

void* find_next(const char* name, const char* version) noexcept {
  if (version != nullptr) {
    if (void* versioned = ::dlvsym(RTLD_NEXT, name, version)) return versioned;
  }
  return ::dlsym(RTLD_NEXT, name);
}

}  // namespace hotpath::waits
