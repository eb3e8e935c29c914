// Setting an environment variable for one test: the runtime's unit tests and the
// `hotpath` command's share it.
#ifndef HOTPATH_TEST_UNIT_SCOPED_ENV_HPP
#define HOTPATH_TEST_UNIT_SCOPED_ENV_HPP

#include <cstdlib>
#include <optional>
#include <string>

namespace hotpath::test {

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

#endif  // HOTPATH_TEST_UNIT_SCOPED_ENV_HPP
