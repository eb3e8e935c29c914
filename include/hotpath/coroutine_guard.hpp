// The guard of a measured coroutine, and the wrapper through which its suspension
// points report to it. The Clang plugin injects the guard at the top of the
// coroutine's body and routes every co_await and co_yield of the body through
// watch_await(); see detail/coroutine_recording.hpp for what is recorded.
#ifndef HOTPATH_COROUTINE_GUARD_HPP
#define HOTPATH_COROUTINE_GUARD_HPP

#include "hotpath/detail/coroutine_recording.hpp"
#include "hotpath/site.hpp"

#if __cplusplus >= 201703L
#include <type_traits>
#endif

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Weffc++"
#endif

namespace hotpath {

/// Measures a coroutine instance from its first resume to its completion (or its
/// destruction while suspended) as one call of `site`, suspended time included. It
/// lives in the coroutine frame.
///
/// With `awaits_watched`, every suspension point of the coroutine must report to
/// the guard through watch_await(); the guard then also records the instance's
/// segments (resume to suspension): resumes, running and suspended time, and the
/// segment's frame on the shadow stack of the thread running it. Without it the
/// guard stays off every shadow stack, and only the logical life is recorded.
class CoroutineGuard {
 public:
  explicit CoroutineGuard(const Site& site, bool awaits_watched = false) noexcept {
    detail::begin_coroutine(instance_, site, awaits_watched);
  }

  ~CoroutineGuard() { detail::end_coroutine(instance_); }

  /// The coroutine is about to suspend: its running segment ends.
  void suspending() noexcept {
    if (instance_.watched) detail::end_segment(instance_);
  }

  /// The coroutine runs again on the calling thread: resumed (`counted`), or it did
  /// not suspend after all.
  void resumed(bool counted) noexcept {
    if (instance_.watched) detail::begin_segment(instance_, counted);
  }

  CoroutineGuard(const CoroutineGuard&) = delete;
  CoroutineGuard& operator=(const CoroutineGuard&) = delete;

 private:
  detail::CoroutineInstance instance_;
};

#if __cplusplus >= 201703L
namespace detail {

/// An awaiter that forwards to the coroutine's own awaiter, telling the guard when
/// the coroutine suspends and when it resumes. Once the awaiter it wraps has the
/// coroutine's handle, another thread may resume or destroy the coroutine, frame
/// and this wrapper with it: await_suspend touches neither after handing over,
/// unless the coroutine did not suspend after all.
template <typename Awaiter>
class AwaitWatcher {
 public:
  AwaitWatcher(CoroutineGuard& guard, Awaiter& awaiter) noexcept
      : guard_(&guard), awaiter_(&awaiter) {}

  decltype(auto) await_ready() { return awaiter_->await_ready(); }

  template <typename Handle>
  decltype(auto) await_suspend(Handle handle) {
    using Result = decltype(awaiter_->await_suspend(handle));
    CoroutineGuard& guard = *guard_;
    Awaiter& awaiter = *awaiter_;
    suspended_ = true;
    guard.suspending();
#if defined(__cpp_exceptions)
    try {
#endif
      if constexpr (std::is_same<Result, bool>::value) {
        const bool suspends = awaiter.await_suspend(handle);
        // Not suspended: the coroutine goes on here, and this wrapper with it.
        if (!suspends) went_on(guard);
        return suspends;
      } else {
        return awaiter.await_suspend(handle);
      }
#if defined(__cpp_exceptions)
    } catch (...) {
      // The coroutine goes on here, rethrowing the awaiter's exception.
      went_on(guard);
      throw;
    }
#endif
  }

  decltype(auto) await_resume() {
    if (suspended_) guard_->resumed(true);
    return awaiter_->await_resume();
  }

 private:
  void went_on(CoroutineGuard& guard) noexcept {
    suspended_ = false;
    guard.resumed(false);
  }

  CoroutineGuard* guard_;
  Awaiter* awaiter_;
  bool suspended_ = false;
};

/// Wraps the awaiter of one of a coroutine's suspension points (what `co_await`
/// obtained from its operand, after await_transform and operator co_await).
template <typename Awaiter>
AwaitWatcher<typename std::remove_reference<Awaiter>::type> watch_await(
    CoroutineGuard& guard, Awaiter&& awaiter) noexcept {
  return AwaitWatcher<typename std::remove_reference<Awaiter>::type>(guard, awaiter);
}

}  // namespace detail
#endif

}  // namespace hotpath

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif  // HOTPATH_COROUTINE_GUARD_HPP
