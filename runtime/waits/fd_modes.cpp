// The table of descriptors' modes, and the functions this library replaces to keep
// it right: close, dup2, dup3, fcntl (fcntl64) and ioctl.
#include "waits/fd_modes.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>

#include "waits/real_functions.hpp"

namespace hotpath::waits {

std::atomic<std::uint8_t> g_fd_modes[kKeptDescriptors];

namespace {

RealFunction<int (*)(int, int, ...)> g_fcntl{"fcntl"};
RealFunction<int (*)(int, int, ...)> g_fcntl64{"fcntl64"};
RealFunction<int (*)(int)> g_close{"close"};
RealFunction<int (*)(int, int)> g_dup2{"dup2"};
RealFunction<int (*)(int, int, int)> g_dup3{"dup3"};
RealFunction<int (*)(int, unsigned long, ...)> g_ioctl{"ioctl"};

/// After fcntl(fd, command) returned `result`: forgets what it may have changed.
void after_fcntl(int fd, int command, int result) noexcept {
  if (result < 0) return;
  if (command == F_SETFL) forget_fd_mode(fd);
  if (command == F_DUPFD || command == F_DUPFD_CLOEXEC) forget_fd_mode(result);
}

/// fcntl(fd, command, argument) through `real`, the C library's fcntl or fcntl64.
/// The argument is an int or a pointer, passed on as the C library reads it.
int forward_fcntl(RealFunction<int (*)(int, int, ...)>& real, int fd, int command,
                  void* argument) noexcept {
  const int result = real.get()(fd, command, argument);
  after_fcntl(fd, command, result);
  return result;
}

}  // namespace

FdMode learn_fd_mode(int fd) noexcept {
  const int saved_errno = errno;
  const int flags = g_fcntl.get()(fd, F_GETFL);
  errno = saved_errno;
  // A descriptor that is not open now is not kept: it may be opened later.
  if (flags < 0) return kModeBlocking;
  const FdMode mode = (flags & O_NONBLOCK) != 0 ? kModeNonBlocking : kModeBlocking;
  g_fd_modes[fd].store(mode, std::memory_order_relaxed);
  return mode;
}

void resolve_descriptor_functions() noexcept {
  g_fcntl.resolve();
  g_fcntl64.resolve();
  g_close.resolve();
  g_dup2.resolve();
  g_dup3.resolve();
  g_ioctl.resolve();
}

}  // namespace hotpath::waits

using namespace hotpath::waits;

extern "C" __attribute__((visibility("default"))) int close(int fd) {
  forget_fd_mode(fd);
  return g_close.get()(fd);
}

extern "C" __attribute__((visibility("default"))) int dup2(int fd, int target) noexcept {
  const int result = g_dup2.get()(fd, target);
  if (result >= 0) forget_fd_mode(result);
  return result;
}

extern "C" __attribute__((visibility("default"))) int dup3(int fd, int target, int flags) noexcept {
  const int result = g_dup3.get()(fd, target, flags);
  if (result >= 0) forget_fd_mode(result);
  return result;
}

extern "C" __attribute__((visibility("default"))) int fcntl(int fd, int command, ...) {
  va_list arguments;
  va_start(arguments, command);
  void* argument = va_arg(arguments, void*);
  va_end(arguments);
  return forward_fcntl(g_fcntl, fd, command, argument);
}

// The request's argument is an int or a pointer, passed on as the C library reads it.
extern "C" __attribute__((visibility("default"))) int ioctl(int fd, unsigned long request,
                                                            ...) noexcept {
  va_list arguments;
  va_start(arguments, request);
  void* argument = va_arg(arguments, void*);
  va_end(arguments);
  const int result = g_ioctl.get()(fd, request, argument);
  if (result >= 0 && request == FIONBIO) forget_fd_mode(fd);
  return result;
}

extern "C" __attribute__((visibility("default"))) int fcntl64(int fd, int command, ...) {
  va_list arguments;
  va_start(arguments, command);
  void* argument = va_arg(arguments, void*);
  va_end(arguments);
  return forward_fcntl(g_fcntl64, fd, command, argument);
}
