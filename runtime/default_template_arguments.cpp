// Registration of default template arguments.
#include "default_template_arguments.hpp"

#include <mutex>
#include <string>
#include <vector>

#include "hotpath/default_template_arguments.hpp"

namespace hotpath::detail {
namespace {

struct Registered {
  std::mutex mutex;
  // Copies: a shared library's entries go away when it is unloaded.
  std::vector<std::string> entries;
};

/// Constructed on first use: registration runs in the static initialization
/// of instrumented code, in whatever order the loader runs it.
Registered& registered() {
  static Registered* instance = new Registered;  // never destroyed: used until exit
  return *instance;
}

}  // namespace

names::TemplateDefaults registered_template_defaults() {
  names::TemplateDefaults defaults;
  Registered& all = registered();
  const std::lock_guard<std::mutex> lock(all.mutex);
  for (const std::string& entry : all.entries) defaults.add(entry);
  return defaults;
}

}  // namespace hotpath::detail

namespace hotpath {

DefaultTemplateArguments::DefaultTemplateArguments(const char* const* entries) noexcept {
  detail::Registered& all = detail::registered();
  try {
    const std::lock_guard<std::mutex> lock(all.mutex);
    for (const char* const* entry = entries; entry != nullptr && *entry != nullptr; ++entry)
      all.entries.emplace_back(*entry);
  } catch (...) {
    // Out of memory while the program starts: names keep GCC's arguments.
  }
}

}  // namespace hotpath
