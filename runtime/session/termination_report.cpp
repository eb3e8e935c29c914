// Reports when the program is killed by SIGINT, SIGTERM or SIGHUP, or ends in
// std::terminate (see the header).
#include "session/termination_report.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <exception>
#include <mutex>

#include "hotpath/detail/recording.hpp"
#include "own_threads/own_thread.hpp"
#include "session/session.hpp"

namespace hotpath::detail {
namespace {

constexpr int kReportedSignals[] = {SIGINT, SIGTERM, SIGHUP};

std::once_flag g_installed;
std::atomic<bool> g_reported{false};
std::terminate_handler g_previous_terminate = nullptr;

// The pipe from the handlers to the watcher, and the process the watcher belongs
// to (a forked child has none).
int g_pipe[2] = {-1, -1};
std::atomic<pid_t> g_watcher_pid{0};
std::atomic<int> g_signal_being_reported{0};

void report_once() noexcept {
  if (g_reported.exchange(true)) return;
  RuntimeScope runtime;
  report_at_termination();
}

/// Ends the process with `signal_number`'s default action, as if never caught.
[[noreturn]] void die_by(int signal_number) noexcept {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, nullptr);
  sigset_t unblocked;
  sigemptyset(&unblocked);
  sigaddset(&unblocked, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &unblocked, nullptr);
  kill(getpid(), signal_number);
  // The signal is pending on this thread or taken by another: it ends the process.
  for (;;) pause();
}

void on_signal(int signal_number) noexcept {
  const int saved_errno = errno;
  // No watcher here (a forked child), or a second signal while the first one's
  // report is written: end now.
  int expected = 0;
  if (g_watcher_pid.load() != getpid() ||
      !g_signal_being_reported.compare_exchange_strong(expected, signal_number))
    die_by(signal_number);
  const unsigned char number = static_cast<unsigned char>(signal_number);
  if (write(g_pipe[1], &number, 1) != 1) die_by(signal_number);
  errno = saved_errno;
}

void* watch(void*) {
  unsigned char number = 0;
  for (;;) {
    const ssize_t got = read(g_pipe[0], &number, 1);
    if (got == 1) break;
    if (got < 0 && errno == EINTR) continue;
    return nullptr;
  }
  report_once();
  die_by(number);
}

/// Starts the watcher of this process; false when it cannot run.
bool start_watcher() noexcept {
  if (pipe2(g_pipe, O_CLOEXEC) != 0) return false;
  // The watcher takes no signal: the program's threads get them as before.
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attributes, 256 * 1024);
  pthread_t thread;
  const bool started = start_thread_without_signals(thread, &attributes, watch, nullptr);
  pthread_attr_destroy(&attributes);
  if (started) {
    pthread_setname_np(thread, "hotpath-report");
    g_watcher_pid.store(getpid());
  }
  return started;
}

// The child has no thread but the one that forked, so no watcher: starting a thread
// in the child of a multithreaded process is not safe (a lock another thread held at
// the fork stays taken). Its signals end it as if never caught; std::terminate still
// reports. Its parent's pipe is closed.
void after_fork_in_child() noexcept {
  close(g_pipe[0]);
  close(g_pipe[1]);
  g_pipe[0] = g_pipe[1] = -1;
  g_reported.store(false);
}

void on_terminate() {
  report_once();
  if (g_previous_terminate != nullptr) g_previous_terminate();
  std::abort();
}

void install() noexcept {
  g_previous_terminate = std::set_terminate(on_terminate);
  // The first site of a forked child: the watcher cannot be started here either.
  if (in_forked_child() || !start_watcher()) return;
  pthread_atfork(nullptr, nullptr, after_fork_in_child);
  for (int signal_number : kReportedSignals) {
    struct sigaction current {};
    // A program that ignores the signal or handles it keeps doing so.
    if (sigaction(signal_number, nullptr, &current) != 0 || current.sa_handler != SIG_DFL ||
        (current.sa_flags & SA_SIGINFO) != 0)
      continue;
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(signal_number, &action, nullptr);
  }
}

}  // namespace

void install_termination_report() noexcept { std::call_once(g_installed, install); }

}  // namespace hotpath::detail
