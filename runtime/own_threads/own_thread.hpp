// The runtime's own threads: each started with every signal blocked, so that the
// program's signals go to its own threads, and never in a forked child, where a
// lock another thread of the parent held at the fork may stay taken.
//
// The report runs on one, started for it and joined: its allocations then come
// from another malloc arena than the program's threads. A program that frees
// millions of small objects before it exits leaves them in glibc's fast bins, and
// the report's first allocation of a kilobyte or more on that arena would merge
// them all first (malloc_consolidate): 0.3 s of a 2 s run in JsonCpp's
// jsontestrunner.
#ifndef HOTPATH_RUNTIME_OWN_THREAD_HPP
#define HOTPATH_RUNTIME_OWN_THREAD_HPP

#include <pthread.h>
#include <signal.h>

namespace hotpath::detail {

/// True in a process forked from the one the runtime was loaded into, even when
/// nothing of the runtime ran before the fork (so no fork handler saw it).
bool in_forked_child() noexcept;

/// Blocks every signal on the calling thread while it lives, then restores the
/// thread's mask.
class SignalsBlocked {
 public:
  SignalsBlocked() noexcept;
  ~SignalsBlocked();

  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t previous_;
};

/// pthread_create() with every signal blocked in the new thread; the caller's mask
/// is left as it was. False when the thread could not be started.
bool start_thread_without_signals(pthread_t& thread, const pthread_attr_t* attributes,
                                  void* (*body)(void*), void* argument) noexcept;

/// Runs `work(argument)` on a new thread that takes no signal, and waits for it.
/// Returns false, having run nothing, when no thread can be started: in a forked
/// child or when pthread_create fails. The caller then runs the work itself.
bool run_on_own_thread(void (*work)(void*) noexcept, void* argument) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_OWN_THREAD_HPP
