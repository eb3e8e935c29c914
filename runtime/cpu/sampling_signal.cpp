// Choosing the sampler's signal and installing its handler, around what the
// program does with its signals: a signal the program handles, ignores or blocks
// is never taken.
#include "cpu/sampling_signal.hpp"

#include <pthread.h>

#include <cstdio>
#include <cstring>
#include <optional>

#include "cpu/real_functions.hpp"
#include "cpu/sampler.hpp"
#include "env_config.hpp"
#include "value_parsers.hpp"

namespace hotpath::cpu {
namespace {

/// What the process does with a signal now.
enum class Disposition { Default, Ignored, Program, Sampler };

/// The disposition of `signal`, or nothing when it cannot be read.
std::optional<Disposition> disposition_of(int signal) noexcept {
  struct sigaction current;
  if (real_sigaction()(signal, nullptr, &current) != 0) return std::nullopt;
  if ((current.sa_flags & SA_SIGINFO) != 0) {
    return current.sa_sigaction == sampling_signal_handler ? Disposition::Sampler
                                                           : Disposition::Program;
  }
  if (current.sa_handler == SIG_DFL) return Disposition::Default;
  return current.sa_handler == SIG_IGN ? Disposition::Ignored : Disposition::Program;
}

/// True when nothing handles, ignores or blocks `signal`, or when the handler is
/// the sampler's own (a forked child inherits it).
bool signal_is_free(int signal) noexcept {
  const std::optional<Disposition> disposition = disposition_of(signal);
  sigset_t blocked;
  if (!disposition || pthread_sigmask(SIG_BLOCK, nullptr, &blocked) != 0) return false;
  return (disposition == Disposition::Default || disposition == Disposition::Sampler) &&
         sigismember(&blocked, signal) == 0;
}

}  // namespace

std::string signal_name(int signal) { return detail::cpu_signal_name(signal, SIGRTMIN, SIGRTMAX); }

int free_signal_below(int above) noexcept {
  for (int signal = above - 1; signal >= SIGRTMIN; --signal) {
    if (signal_is_free(signal)) return signal;
  }
  return 0;
}

int choose_perf_signal() noexcept {
  const int automatic = free_signal_below(SIGRTMAX + 1);
  std::optional<int> asked;
  try {
    asked = detail::env_cpu_signal();
  } catch (...) {
  }
  if (!asked) return automatic;
  if (signal_is_free(*asked)) return *asked;
  const std::string name = signal_name(*asked);
  if (automatic != 0) {
    std::fprintf(stderr,
                 "hotpath: ignoring HOTPATH_CPU_SIGNAL=%s: the program handles, ignores or "
                 "blocks it; sampling with %s\n",
                 name.c_str(), signal_name(automatic).c_str());
  }
  return automatic;
}

bool install_handler(int signal) noexcept {
  const std::optional<Disposition> disposition = disposition_of(signal);
  if (!disposition) return false;
  if (disposition == Disposition::Program) {
    std::fprintf(stderr, "hotpath: CPU sampling is off: the program already handles %s\n",
                 signal_name(signal).c_str());
    return false;
  }
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_sigaction = sampling_signal_handler;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&action.sa_mask);
  return real_sigaction()(signal, &action, nullptr) == 0;
}

void uninstall_handler(int signal) noexcept {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  real_sigaction()(signal, &action, nullptr);
}

}  // namespace hotpath::cpu
