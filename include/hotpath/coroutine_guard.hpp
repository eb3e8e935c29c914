// The guard of a measured coroutine, and the wrapper through which its suspension
// points report to it. The Clang plugin injects the guard at the top of the
// coroutine's body and routes every co_await and co_yield of the body through
// watch_await(); see detail/coroutine_recording.hpp for what is recorded.
#ifndef HOTPATH_COROUTINE_GUARD_HPP
#define HOTPATH_COROUTINE_GUARD_HPP

#include "hotpath/detail/coroutine_recording.hpp"
#include "hotpath/site.hpp"

#include <cstdint>

#if __cplusplus >= 201703L
#include <type_traits>
#include <utility>
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

  /// The instance's logical path, plus one; 0 when not known.
  std::uint32_t logical_path() const noexcept { return instance_.watched ? instance_.path + 1 : 0; }

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
  AwaitWatcher(CoroutineGuard& guard, Awaiter* awaiter) noexcept
      : guard_(&guard), awaiter_(awaiter) {}

  decltype(auto) await_ready() { return awaiter_->await_ready(); }

  template <typename Handle>
  decltype(auto) await_suspend(Handle handle) {
    using Result = decltype(awaiter_->await_suspend(handle));
    CoroutineGuard& guard = *guard_;
    Awaiter& awaiter = *awaiter_;
    [[maybe_unused]] const std::uint32_t path = guard.logical_path();
    suspended_ = true;
    guard.suspending();
#if defined(__cpp_exceptions)
    try {
#endif
      if constexpr (std::is_same<Result, bool>::value) {
        bool suspends = awaiter.await_suspend(handle);
        // Not suspended: the coroutine goes on here, and this wrapper with it.
        if (!suspends) went_on(guard);
        return suspends;
      } else if constexpr (std::is_void<Result>::value) {
        awaiter.await_suspend(handle);
      } else {
        // The coroutine resumed next on this thread (symmetric transfer): one that
        // starts there now was created under this one.
        Result next = awaiter.await_suspend(handle);
        t_thread_state.starting_path = path;
        return next;
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
/// obtained from its operand, after await_transform and operator co_await): the
/// Clang plugin's form.
template <typename Awaiter>
AwaitWatcher<typename std::remove_reference<Awaiter>::type> watch_await(
    CoroutineGuard& guard, Awaiter&& awaiter) noexcept {
  return AwaitWatcher<typename std::remove_reference<Awaiter>::type>(guard, &awaiter);
}

/// Wraps the awaiter of a measured coroutine's initial suspension (the Clang
/// plugin's form): a coroutine that starts later (a lazy task) is placed, in the
/// logical view, under the coroutine that created it, whose segment ran when it
/// first suspended.
template <typename Awaiter>
class StartWatcher {
 public:
  explicit StartWatcher(Awaiter* awaiter) noexcept : awaiter_(awaiter) {}

  decltype(auto) await_ready() { return awaiter_->await_ready(); }

  template <typename Handle>
  decltype(auto) await_suspend(Handle handle) {
    // Before the handle is handed over: the coroutine may start on another thread.
    creator_path_ = running_coroutine_path();
    return awaiter_->await_suspend(handle);
  }

  decltype(auto) await_resume() {
    // The guard, the first statement of the body, takes it next on this thread.
    t_thread_state.starting_path = creator_path_;
    return awaiter_->await_resume();
  }

 private:
  Awaiter* awaiter_;
  std::uint32_t creator_path_ = 0;
};

template <typename Awaiter>
StartWatcher<typename std::remove_reference<Awaiter>::type> watch_start(
    Awaiter&& awaiter) noexcept {
  return StartWatcher<typename std::remove_reference<Awaiter>::type>(&awaiter);
}

#if defined(__cpp_impl_coroutine)
template <typename Operand, typename = void>
struct HasMemberCoAwait : std::false_type {};
template <typename Operand>
struct HasMemberCoAwait<Operand, std::void_t<decltype(std::declval<Operand>().operator co_await())>>
    : std::true_type {};

template <typename Operand, typename = void>
struct HasFreeCoAwait : std::false_type {};
template <typename Operand>
struct HasFreeCoAwait<Operand, std::void_t<decltype(operator co_await(std::declval<Operand>()))>>
    : std::true_type {};

/// The awaiter `co_await operand` obtains when the promise has no await_transform:
/// what operator co_await returns, or the operand itself.
template <typename Operand>
decltype(auto) obtain_awaiter(Operand&& operand) {
  if constexpr (HasMemberCoAwait<Operand&&>::value)
    return static_cast<Operand&&>(operand).operator co_await();
  else if constexpr (HasFreeCoAwait<Operand&&>::value)
    return operator co_await(static_cast<Operand&&>(operand));
  else
    return static_cast<Operand&&>(operand);
}

/// An AwaitWatcher that holds the awaiter operator co_await returned: it lives as
/// long as the co_await's temporaries, across the suspension, like the awaiter of
/// a plain co_await. Never copied: it points to its own member.
template <typename Awaiter>
class OwningAwaitWatcher : public AwaitWatcher<Awaiter> {
 public:
  template <typename Operand>
  OwningAwaitWatcher(CoroutineGuard& guard, Operand&& operand)
      : AwaitWatcher<Awaiter>(guard, &awaiter_),
        awaiter_(obtain_awaiter(static_cast<Operand&&>(operand))) {}

  OwningAwaitWatcher(const OwningAwaitWatcher&) = delete;
  OwningAwaitWatcher& operator=(const OwningAwaitWatcher&) = delete;

 private:
  Awaiter awaiter_;
};

/// Wraps the operand of one of a coroutine's `co_await`s, applying operator
/// co_await as `co_await` would: the form clang-hotpath-rewrite writes into the
/// source, for coroutines whose promise has no await_transform.
template <typename Operand>
auto watch_operand(CoroutineGuard& guard, Operand&& operand) {
  using Obtained = decltype(obtain_awaiter(static_cast<Operand&&>(operand)));
  if constexpr (std::is_reference<Obtained>::value) {
    // The operand itself, or what operator co_await refers to: it outlives the
    // co_await's full-expression.
    auto&& awaiter = obtain_awaiter(static_cast<Operand&&>(operand));
    return AwaitWatcher<typename std::remove_reference<Obtained>::type>(guard, &awaiter);
  } else {
    return OwningAwaitWatcher<Obtained>(guard, static_cast<Operand&&>(operand));
  }
}
#endif

}  // namespace detail
#endif

}  // namespace hotpath

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif  // HOTPATH_COROUTINE_GUARD_HPP
