// The RAII guard that measures one call. The plugin and the rewriter inject it at
// the top of each instrumented function; HOTPATH_MEASURE() writes it by hand.
#ifndef HOTPATH_SCOPE_GUARD_HPP
#define HOTPATH_SCOPE_GUARD_HPP

#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/site.hpp"

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
  HOTPATH_ALWAYS_INLINE explicit ScopeGuard(Site& site) noexcept : state_(&detail::t_thread_state) {
    frame_.slot = detail::slot_for(*state_, site);
    frame_.parent = state_->top;
    frame_.child_ticks = 0;
    state_->top = &frame_;
    frame_.start_ticks = detail::now_ticks();
  }

  HOTPATH_ALWAYS_INLINE ~ScopeGuard() {
    const std::uint64_t end = detail::now_ticks();
    detail::finish_frame(*state_, frame_, end);
  }

  ScopeGuard(const ScopeGuard&) = delete;
  ScopeGuard& operator=(const ScopeGuard&) = delete;

 private:
  // Kept so that code built as PIC looks up thread-local storage once per call.
  detail::ThreadState* state_;
  detail::Frame frame_;
};

}  // namespace hotpath

#endif  // HOTPATH_SCOPE_GUARD_HPP
