// The RAII guards that measure one call. The plugin and the rewriter inject one at
// the top of each instrumented function (ScopeGuard; ConstexprScopeGuard in constexpr
// functions; CoroutineGuard, in coroutine_guard.hpp, in coroutines); HOTPATH_MEASURE()
// writes it by hand.
#ifndef HOTPATH_SCOPE_GUARD_HPP
#define HOTPATH_SCOPE_GUARD_HPP

#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/site.hpp"

// The guards' frames are written by the code that starts the measurement, not in
// the constructors' initializer lists (zeroing them first would cost every call):
// g++'s -Weffc++, which some projects build with, would say so in their code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Weffc++"
#endif

namespace hotpath {

/// Measures the lifetime of a scope as one call of `site`, on the calling thread.
/// Guards must be destroyed in reverse order of construction on the thread that
/// created them (ordinary scopes, including unwinding by an exception).
///
///   void parse() {
///     static hotpath::Site site("parse", __PRETTY_FUNCTION__, __FILE__, __LINE__);
///     hotpath::ScopeGuard guard(site);
///     ...
///   }
class ScopeGuard {
 public:
  HOTPATH_ALWAYS_INLINE explicit ScopeGuard(const Site& site) noexcept
      : state_(&detail::t_thread_state) {
    detail::start_call(*state_, frame_, site);
  }

  HOTPATH_ALWAYS_INLINE ~ScopeGuard() { detail::end_call(*state_, frame_); }

  ScopeGuard(const ScopeGuard&) = delete;
  ScopeGuard& operator=(const ScopeGuard&) = delete;

 private:
  // Kept so that code built as PIC looks up thread-local storage once per call.
  detail::ThreadState* state_;
  detail::Frame frame_;
};

#if __cplusplus >= 202002L
/// ScopeGuard for constexpr functions: does nothing during constant evaluation,
/// so the function still works in constant expressions, and measures otherwise.
class ConstexprScopeGuard {
 public:
  /// The form the Clang plugin injects: `site` is null during constant evaluation,
  /// which never reaches the site's definition (Clang 15 refuses to pass any static
  /// variable's).
  constexpr explicit ConstexprScopeGuard(const Site* site) noexcept {
    if (!__builtin_is_constant_evaluated() && site != nullptr) start(*site);
  }

  /// The form clang-hotpath-rewrite writes: `site_of(pretty)` returns the site, a
  /// static variable of a lambda (g++ 12 allows none in a constexpr function), and is
  /// called at run time only.
  template <typename SiteOf>
  constexpr ConstexprScopeGuard(SiteOf site_of, const char* pretty) noexcept {
    if (!__builtin_is_constant_evaluated()) start(site_of(pretty));
  }

  constexpr ~ConstexprScopeGuard() {
    if (!__builtin_is_constant_evaluated()) stop();
  }

  ConstexprScopeGuard(const ConstexprScopeGuard&) = delete;
  ConstexprScopeGuard& operator=(const ConstexprScopeGuard&) = delete;

 private:
  HOTPATH_ALWAYS_INLINE void start(const Site& site) noexcept {
    state_ = &detail::t_thread_state;
    detail::start_call(*state_, frame_, site);
  }

  HOTPATH_ALWAYS_INLINE void stop() noexcept { detail::end_call(*state_, frame_); }

  detail::ThreadState* state_ = nullptr;
  detail::Frame frame_{};
};
#endif

}  // namespace hotpath

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif  // HOTPATH_SCOPE_GUARD_HPP
