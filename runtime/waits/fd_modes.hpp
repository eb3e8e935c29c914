// Which file descriptors are in non-blocking mode (O_NONBLOCK): an I/O call on one
// cannot wait, so it reads no clock. Learnt with fcntl(F_GETFL) the first time a
// descriptor is used, forgotten when it is closed, duplicated over or opened again,
// and when its mode is set through the functions this library replaces
// (fcntl(F_SETFL), ioctl(FIONBIO)). Not seen: a change through another descriptor
// of the same open file (a dup, or another process's), or by a raw system call; a
// descriptor so switched to blocking mode keeps being taken as non-blocking, and
// its waits are missed until it is closed.
#ifndef HOTPATH_RUNTIME_WAITS_FD_MODES_HPP
#define HOTPATH_RUNTIME_WAITS_FD_MODES_HPP

#include <atomic>
#include <cstdint>

#include "hotpath/detail/platform.hpp"

namespace hotpath::waits {

/// Descriptors below this have their mode kept; the others are taken as blocking.
constexpr int kKeptDescriptors = 1 << 16;

enum FdMode : std::uint8_t { kModeUnknown = 0, kModeBlocking = 1, kModeNonBlocking = 2 };

extern std::atomic<std::uint8_t> g_fd_modes[kKeptDescriptors];

/// Learns the mode of `fd` (a system call); kModeBlocking when it cannot tell.
FdMode learn_fd_mode(int fd) noexcept;

/// True when `fd` is in non-blocking mode.
HOTPATH_ALWAYS_INLINE bool non_blocking(int fd) noexcept {
  if (static_cast<unsigned>(fd) >= static_cast<unsigned>(kKeptDescriptors)) return false;
  std::uint8_t mode = g_fd_modes[fd].load(std::memory_order_relaxed);
  if (HOTPATH_UNLIKELY(mode == kModeUnknown)) mode = learn_fd_mode(fd);
  return mode == kModeNonBlocking;
}

/// Forgets the mode of `fd`: it is learnt again on its next use.
HOTPATH_ALWAYS_INLINE void forget_fd_mode(int fd) noexcept {
  if (static_cast<unsigned>(fd) < static_cast<unsigned>(kKeptDescriptors))
    g_fd_modes[fd].store(kModeUnknown, std::memory_order_relaxed);
}

}  // namespace hotpath::waits

#endif  // HOTPATH_RUNTIME_WAITS_FD_MODES_HPP
