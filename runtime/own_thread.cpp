// A thread started for one piece of the runtime's work.
#include "own_thread.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

namespace hotpath::detail {
namespace {

// The process the runtime was loaded into; another pid is a forked child.
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

bool run_on_own_thread(void (*work)(void*) noexcept, void* argument) noexcept {
  if (g_loading_pid != 0 && getpid() != g_loading_pid) return false;
  Work given{work, argument};
  // The thread inherits the mask: the program's signals go to its own threads.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pthread_t thread;
  const bool started = pthread_create(&thread, nullptr, run, &given) == 0;
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (!started) return false;
  pthread_join(thread, nullptr);
  return true;
}

}  // namespace hotpath::detail
