// Registration of what translation units tell about names.
#include "naming/name_registrations.hpp"

#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "hotpath/default_template_arguments.hpp"
#include "hotpath/lambda_locations.hpp"

namespace hotpath::detail {
namespace {

struct Registered {
  std::mutex mutex;
  // Copies: a shared library's entries go away when it is unloaded.
  std::vector<std::string> template_defaults;
  std::vector<std::string> lambda_locations;  ///< in threes, as registered
};

/// Constructed on first use: registration runs in the static initialization
/// of instrumented code, in whatever order the loader runs it.
Registered& registered() {
  static Registered* instance = new Registered;  // never destroyed: used until exit
  return *instance;
}

/// Appends the entries of a null-terminated array to `list`, in whole groups of
/// `group`.
void append(std::vector<std::string> Registered::*list, const char* const* entries,
            std::size_t group) noexcept {
  std::size_t count = 0;
  while (entries != nullptr && entries[count] != nullptr) ++count;
  count -= count % group;
  Registered& all = registered();
  try {
    const std::lock_guard<std::mutex> lock(all.mutex);
    for (std::size_t i = 0; i < count; ++i) (all.*list).emplace_back(entries[i]);
  } catch (...) {
    // Out of memory while the program starts: names keep the compiler's spelling.
  }
}

}  // namespace

names::TemplateDefaults registered_template_defaults() {
  names::TemplateDefaults defaults;
  Registered& all = registered();
  const std::lock_guard<std::mutex> lock(all.mutex);
  for (const std::string& entry : all.template_defaults) defaults.add(entry);
  return defaults;
}

names::LambdaLocations registered_lambda_locations() {
  names::LambdaLocations locations;
  Registered& all = registered();
  const std::lock_guard<std::mutex> lock(all.mutex);
  const std::vector<std::string>& entries = all.lambda_locations;
  for (std::size_t i = 0; i + 2 < entries.size(); i += 3) {
    const unsigned long number = std::strtoul(entries[i + 1].c_str(), nullptr, 10);
    locations.add(entries[i], static_cast<unsigned>(number), entries[i + 2]);
  }
  return locations;
}

std::size_t registered_entry_count() {
  Registered& all = registered();
  const std::lock_guard<std::mutex> lock(all.mutex);
  return all.template_defaults.size() + all.lambda_locations.size();
}

}  // namespace hotpath::detail

namespace hotpath {

DefaultTemplateArguments::DefaultTemplateArguments(const char* const* entries) noexcept {
  detail::append(&detail::Registered::template_defaults, entries, 1);
}

LambdaLocations::LambdaLocations(const char* const* entries) noexcept {
  detail::append(&detail::Registered::lambda_locations, entries, 3);
}

}  // namespace hotpath
