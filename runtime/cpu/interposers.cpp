// The C library functions hotpath-cpu replaces for the whole process: linked or
// preloaded before libc, its definitions are the ones the program's calls reach.
// - pthread_create: every thread the program creates starts with its timer armed.
// - sigaction, signal: a program that sets the action of the sampler's signal gets
//   the signal to itself; sampling moves to another free real-time signal, or stops
//   with a warning, instead of breaking it.
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>

#include <cstdlib>
#include <new>

#include "cpu/real_functions.hpp"
#include "cpu/sampler.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::cpu {
namespace {

template <typename Function>
Function find_next(const char* name) noexcept {
  return reinterpret_cast<Function>(::dlsym(RTLD_NEXT, name));
}

/// What the new thread runs: its timer first, then the program's function.
struct ThreadStart {
  void* (*routine)(void*);
  void* argument;
};

void* start_sampled_thread(void* start) {
  ThreadStart copy = *static_cast<ThreadStart*>(start);
  {
    detail::RuntimeScope runtime;
    delete static_cast<ThreadStart*>(start);
  }
  sample_this_thread();
  return copy.routine(copy.argument);
}

/// True when the program sets the disposition of the sampling signal. Its default
/// action, and ignoring it, break sampling as surely as a handler of its own.
bool takes_over(int signal_number) noexcept { return signal_number == sampling_signal(); }

}  // namespace

PthreadCreateFunction real_pthread_create() noexcept {
  static const auto function = find_next<PthreadCreateFunction>("pthread_create");
  return function;
}

SigactionFunction real_sigaction() noexcept {
  static const auto function = find_next<SigactionFunction>("sigaction");
  return function;
}

SignalFunction real_signal() noexcept {
  static const auto function = find_next<SignalFunction>("signal");
  return function;
}

}  // namespace hotpath::cpu

using hotpath::cpu::sampling_running;

extern "C" __attribute__((visibility("default"))) int pthread_create(
    pthread_t* thread, const pthread_attr_t* attributes, void* (*routine)(void*), void* argument) {
  const hotpath::cpu::PthreadCreateFunction create = hotpath::cpu::real_pthread_create();
  if (!sampling_running()) return create(thread, attributes, routine, argument);
  hotpath::cpu::ThreadStart* start;
  {
    hotpath::detail::RuntimeScope runtime;
    start = new (std::nothrow) hotpath::cpu::ThreadStart{routine, argument};
  }
  if (start == nullptr) return create(thread, attributes, routine, argument);
  const int result = create(thread, attributes, hotpath::cpu::start_sampled_thread, start);
  if (result != 0) {
    hotpath::detail::RuntimeScope runtime;
    delete start;
  }
  return result;
}

extern "C" __attribute__((visibility("default"))) int sigaction(int signal_number,
                                                                const struct sigaction* action,
                                                                struct sigaction* previous) {
  if (action != nullptr && sampling_running()) {
    const bool own_handler = (action->sa_flags & SA_SIGINFO) != 0 &&
                             action->sa_sigaction == hotpath::cpu::sampling_signal_handler;
    if (!own_handler && hotpath::cpu::takes_over(signal_number))
      hotpath::cpu::yield_sampling_signal(signal_number);
  }
  return hotpath::cpu::real_sigaction()(signal_number, action, previous);
}

extern "C" __attribute__((visibility("default"))) sighandler_t signal(int signal_number,
                                                                      sighandler_t handler) {
  if (sampling_running() && hotpath::cpu::takes_over(signal_number))
    hotpath::cpu::yield_sampling_signal(signal_number);
  return hotpath::cpu::real_signal()(signal_number, handler);
}
