// The C library's own versions of the functions hotpath-wait interposes, found
// with dlsym(RTLD_NEXT) when the library loads (or on a call that comes before).
// One pointer per function, read with a plain load on every call.
#ifndef HOTPATH_RUNTIME_WAITS_REAL_FUNCTIONS_HPP
#define HOTPATH_RUNTIME_WAITS_REAL_FUNCTIONS_HPP

#include <dlfcn.h>

namespace hotpath::waits {

/// The next definition of `name` after this library's, in the version glibc
/// gives programs linked today (`version`; null: the only one).
void* find_next(const char* name, const char* version) noexcept;

/// A function of the C library as the program would have called it.
template <typename Function>
class RealFunction {
 public:
  constexpr RealFunction(const char* name, const char* version = nullptr) noexcept
      : name_(name), version_(version) {}
  /// Resolves it now (at load, before the program's threads start).
  void resolve() noexcept {
    if (function_ == nullptr) function_ = reinterpret_cast<Function>(find_next(name_, version_));
  }
  Function get() noexcept {
    if (__builtin_expect(function_ == nullptr, 0)) resolve();
    return function_;
  }

 private:
  const char* name_;
  const char* version_;
  Function function_ = nullptr;
};

/// Resolves every interposed function; called once when the library loads.
void resolve_lock_functions() noexcept;
void resolve_condition_functions() noexcept;
void resolve_io_functions() noexcept;
void resolve_sleep_functions() noexcept;
void resolve_other_functions() noexcept;
void resolve_descriptor_functions() noexcept;

}  // namespace hotpath::waits

#endif  // HOTPATH_RUNTIME_WAITS_REAL_FUNCTIONS_HPP
