// The C library's own versions of the functions hotpath-cpu interposes
// (pthread_create, sigaction, signal), found with dlsym(RTLD_NEXT) on first use.
#ifndef HOTPATH_RUNTIME_CPU_REAL_FUNCTIONS_HPP
#define HOTPATH_RUNTIME_CPU_REAL_FUNCTIONS_HPP

#include <pthread.h>
#include <signal.h>

namespace hotpath::cpu {

using PthreadCreateFunction = int (*)(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
using SigactionFunction = int (*)(int, const struct sigaction*, struct sigaction*);
using SignalFunction = sighandler_t (*)(int, sighandler_t);

PthreadCreateFunction real_pthread_create() noexcept;
SigactionFunction real_sigaction() noexcept;
SignalFunction real_signal() noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_REAL_FUNCTIONS_HPP
