// The dump on signal (see the header). A program that later installs its own
// handler for the signal takes it over: the background thread notices and says
// so once, instead of dumps stopping silently.
#include "session/dump_signal.hpp"

#include <signal.h>
#include <string.h>

#include <atomic>
#include <cstdio>

#include "env_config.hpp"
#include "hotpath/detail/recording.hpp"
#include "own_threads/background_work.hpp"
#include "session/session.hpp"

namespace hotpath::detail {
namespace {

constexpr std::uint32_t kCheckPeriodMs = 100;

std::atomic<bool> g_dump_requested{false};
int g_signal = 0;
bool g_warned_taken_over = false;

void on_dump_signal(int) {
  g_dump_requested.store(true, std::memory_order_relaxed);
  wake_background_work();
}

/// The background task: dumps when the signal came.
void dump_if_requested() noexcept {
  if (g_dump_requested.exchange(false, std::memory_order_relaxed)) dump_report();
  struct sigaction current {};
  if (!g_warned_taken_over && ::sigaction(g_signal, nullptr, &current) == 0 &&
      current.sa_handler != on_dump_signal) {
    g_warned_taken_over = true;
    std::fprintf(stderr,
                 "hotpath: the program installed its own handler of SIG%s: HOTPATH_DUMP_SIGNAL "
                 "writes no report from now on\n",
                 sigabbrev_np(g_signal));
  }
}

__attribute__((constructor)) void install_from_environment() noexcept {
  keep_process_only_variables();
  install_dump_signal();
}

}  // namespace

void install_dump_signal() noexcept {
  RuntimeScope runtime;
  const std::optional<int> signal_number = env_dump_signal();
  if (!signal_number || g_signal != 0) return;
  struct sigaction existing {};
  if (::sigaction(*signal_number, nullptr, &existing) == 0 && existing.sa_handler != SIG_DFL) {
    std::fprintf(stderr,
                 "hotpath: ignoring HOTPATH_DUMP_SIGNAL: the program already handles SIG%s\n",
                 sigabbrev_np(*signal_number));
    return;
  }
  try {
    g_signal = *signal_number;
    // The task first: the handler wakes the thread it starts. Run each time the
    // thread wakes, and every kCheckPeriodMs to notice a handler of the program's.
    add_background_task(dump_if_requested, kCheckPeriodMs);
    struct sigaction action {};
    action.sa_handler = on_dump_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(g_signal, &action, nullptr);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: ignoring HOTPATH_DUMP_SIGNAL: %s\n", failure.what());
  }
}

}  // namespace hotpath::detail
