// The open session: at most one at a time, what it holds, and the lock that keeps
// it from ending while a report reads it. Shared by the session's lifetime
// (session.cpp), its builder (guard_builder.cpp) and the reports made while it is
// open (session_report.cpp).
#ifndef HOTPATH_RUNTIME_SESSION_STATE_HPP
#define HOTPATH_RUNTIME_SESSION_STATE_HPP

#include <cstdint>
#include <memory>
#include <mutex>

#include "core/registry.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/session.hpp"
#include "hotpath/site.hpp"
#include "session/session_settings.hpp"

namespace hotpath {

/// An open session. Its frame sits on the shadow stack of the thread that built
/// it, so that the session's own row gets exclusive time like any function.
struct SessionGuard::State {
  detail::SessionSettings settings;
  /// The session row's site, named by `settings.name`. The registry keeps its own
  /// copy, so it lives only as long as the session.
  std::unique_ptr<Site> site;
  detail::Frame frame{};
  detail::ThreadState* owner = nullptr;  // null when the frame is not on a stack
  std::uint64_t start_ticks = 0;
  bool finished = false;
  /// Everything recorded when the session opened: its report leaves it out (in a
  /// child forked since, whose counts start from zero at the fork, nothing is).
  detail::RegistrySnapshot baseline;

  /// Records the session row and produces the report, once. Returns false when
  /// the frame is still linked on another thread's stack (the State must then
  /// outlive this call: the owner may still touch it).
  bool finish_once() noexcept;
};

namespace detail {

/// The lock of the open session: while it is held, no session opens or ends.
std::mutex& session_mutex() noexcept;

/// The open session, or null; read under session_mutex().
const SessionGuard::State* open_session_locked() noexcept;

/// Opens a session unless one is alive (then says so on stderr and returns null);
/// `on_stack` pushes its frame on the calling thread's shadow stack.
std::unique_ptr<SessionGuard::State> open_session(SessionSettings settings, bool on_stack);

}  // namespace detail
}  // namespace hotpath

#endif  // HOTPATH_RUNTIME_SESSION_STATE_HPP
