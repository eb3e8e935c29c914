// The runtime's own threads.
#include "own_threads/own_thread.hpp"

#include <signal.h>
#include <unistd.h>

namespace hotpath::detail {
namespace {

// The process the runtime was loaded into. Zero until this file's initialisers
// have run, which happens in the loading process.
const pid_t g_loading_pid = getpid();

struct Work {
  void (*work)(void*) noexcept;
  void* argument;
};

void* run(void* work) {
  const Work& given = *static_cast<Work*>(work);
  given.work(given.argument);
  return nullptr;
}

}  // namespace

bool in_forked_child() noexcept { return g_loading_pid != 0 && getpid() != g_loading_pid; }

SignalsBlocked::SignalsBlocked() noexcept {
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous_);
}

SignalsBlocked::~SignalsBlocked() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

bool start_thread_without_signals(pthread_t& thread, const pthread_attr_t* attributes,
                                  void* (*body)(void*), void* argument) noexcept {
  const SignalsBlocked blocked;  // the new thread inherits the mask
  return pthread_create(&thread, attributes, body, argument) == 0;
}

bool run_on_own_thread(void (*work)(void*) noexcept, void* argument) noexcept {
  if (in_forked_child()) return false;
  Work given{work, argument};
  pthread_t thread;
  if (!start_thread_without_signals(thread, nullptr, run, &given)) return false;
  pthread_join(thread, nullptr);
  return true;
}

}  // namespace hotpath::detail
