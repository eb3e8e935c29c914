// Helpers shared by the runtime's unit tests.
#ifndef HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP
#define HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP

#include <cstdlib>
#include <optional>
#include <string>

#include "histogram_snapshot.hpp"
#include "hotpath/site.hpp"
#include "registry.hpp"

namespace hotpath::test {

/// Everything recorded for `site` so far, over all threads.
inline detail::FunctionTotals totals_for(const Site& site) {
  detail::RegistrySnapshot snapshot = detail::Registry::instance().snapshot();
  detail::FunctionTotals result;
  if (site.id() != 0) result.merge(snapshot.totals[site.id() - 1]);
  return result;
}

/// Sets an environment variable for the lifetime of the object.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) previous_ = old;
    if (value != nullptr) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (previous_) {
      setenv(name_, previous_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> previous_;
};

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP
