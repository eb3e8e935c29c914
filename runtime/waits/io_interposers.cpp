// I/O: reads and writes (and their positioned and vectored forms), the socket
// calls that may wait (send and receive families, accept, connect), polling
// (poll, select, epoll_wait and their signal-mask forms), fsync, fdatasync and
// open. A call that waited (it left the CPU) is recorded with the bytes it moved;
// one on a descriptor in non-blocking mode, or a poll that does not wait, reads no
// clock at all.
#include <fcntl.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cstdarg>

#include "waits/real_functions.hpp"
#include "waits/timed_wait.hpp"

namespace hotpath::waits {
namespace {

RealFunction<ssize_t (*)(int, void*, size_t)> g_read{"read"};
RealFunction<ssize_t (*)(int, const void*, size_t)> g_write{"write"};
RealFunction<ssize_t (*)(int, void*, size_t, off_t)> g_pread{"pread"};
RealFunction<ssize_t (*)(int, const void*, size_t, off_t)> g_pwrite{"pwrite"};
RealFunction<ssize_t (*)(int, void*, size_t, off64_t)> g_pread64{"pread64"};
RealFunction<ssize_t (*)(int, const void*, size_t, off64_t)> g_pwrite64{"pwrite64"};
RealFunction<ssize_t (*)(int, const iovec*, int)> g_readv{"readv"};
RealFunction<ssize_t (*)(int, const iovec*, int)> g_writev{"writev"};
RealFunction<ssize_t (*)(int, const iovec*, int, off_t)> g_preadv{"preadv"};
RealFunction<ssize_t (*)(int, const iovec*, int, off_t)> g_pwritev{"pwritev"};
RealFunction<ssize_t (*)(int, void*, size_t, int)> g_recv{"recv"};
RealFunction<ssize_t (*)(int, void*, size_t, int, sockaddr*, socklen_t*)> g_recvfrom{"recvfrom"};
RealFunction<ssize_t (*)(int, msghdr*, int)> g_recvmsg{"recvmsg"};
RealFunction<ssize_t (*)(int, const void*, size_t, int)> g_send{"send"};
RealFunction<ssize_t (*)(int, const void*, size_t, int, const sockaddr*, socklen_t)> g_sendto{
    "sendto"};
RealFunction<ssize_t (*)(int, const msghdr*, int)> g_sendmsg{"sendmsg"};
RealFunction<int (*)(int, sockaddr*, socklen_t*)> g_accept{"accept"};
RealFunction<int (*)(int, sockaddr*, socklen_t*, int)> g_accept4{"accept4"};
RealFunction<int (*)(int, const sockaddr*, socklen_t)> g_connect{"connect"};
RealFunction<int (*)(pollfd*, nfds_t, int)> g_poll{"poll"};
RealFunction<int (*)(pollfd*, nfds_t, const timespec*, const sigset_t*)> g_ppoll{"ppoll"};
RealFunction<int (*)(int, fd_set*, fd_set*, fd_set*, timeval*)> g_select{"select"};
RealFunction<int (*)(int, fd_set*, fd_set*, fd_set*, const timespec*, const sigset_t*)> g_pselect{
    "pselect"};
RealFunction<int (*)(int, epoll_event*, int, int)> g_epoll_wait{"epoll_wait"};
RealFunction<int (*)(int, epoll_event*, int, int, const sigset_t*)> g_epoll_pwait{"epoll_pwait"};
RealFunction<int (*)(int)> g_fsync{"fsync"};
RealFunction<int (*)(int)> g_fdatasync{"fdatasync"};
RealFunction<int (*)(const char*, int, ...)> g_open{"open"};
RealFunction<int (*)(const char*, int, ...)> g_open64{"open64"};
RealFunction<int (*)(int, const char*, int, ...)> g_openat{"openat"};
RealFunction<int (*)(int, const char*, int, ...)> g_openat64{"openat64"};

/// A descriptor just opened or accepted: a mode kept for its number belonged to
/// a descriptor closed where this library does not see it (inside the C library).
int new_descriptor(int fd) noexcept {
  forget_fd_mode(fd);
  return fd;
}

/// Opens a file with `open_call`, one of the open family: it may wait for a disk.
template <typename OpenCall>
int timed_open(OpenCall open_call) {
  return new_descriptor(timed_if_left_cpu(WaitCause::Io, false, open_call));
}

/// The mode argument of open: there only when the flags create a file.
mode_t mode_argument(int flags, va_list arguments) {
  if ((flags & O_CREAT) == 0 && (flags & O_TMPFILE) != O_TMPFILE) return 0;
  return static_cast<mode_t>(va_arg(arguments, int));
}

}  // namespace

void resolve_io_functions() noexcept {
  g_fsync.resolve();
  g_fdatasync.resolve();
  g_read.resolve();
  g_write.resolve();
  g_pread.resolve();
  g_pwrite.resolve();
  g_pread64.resolve();
  g_pwrite64.resolve();
  g_readv.resolve();
  g_writev.resolve();
  g_preadv.resolve();
  g_pwritev.resolve();
  g_recv.resolve();
  g_recvfrom.resolve();
  g_recvmsg.resolve();
  g_send.resolve();
  g_sendto.resolve();
  g_sendmsg.resolve();
  g_accept.resolve();
  g_accept4.resolve();
  g_connect.resolve();
  g_poll.resolve();
  g_ppoll.resolve();
  g_select.resolve();
  g_pselect.resolve();
  g_epoll_wait.resolve();
  g_epoll_pwait.resolve();
  g_open.resolve();
  g_open64.resolve();
  g_openat.resolve();
  g_openat64.resolve();
}

}  // namespace hotpath::waits

using namespace hotpath::waits;

// None is noexcept: most are cancellation points, and a cancelled thread unwinds
// through them.

HOTPATH_WAIT_INTERPOSER ssize_t read(int fd, void* buffer, size_t size) {
  return io_call(fd, true, [&] { return g_read.get()(fd, buffer, size); });
}

HOTPATH_WAIT_INTERPOSER ssize_t write(int fd, const void* buffer, size_t size) {
  return io_call(fd, true, [&] { return g_write.get()(fd, buffer, size); });
}

HOTPATH_WAIT_INTERPOSER ssize_t pread(int fd, void* buffer, size_t size, off_t offset) {
  return io_call(fd, true, [&] { return g_pread.get()(fd, buffer, size, offset); });
}

HOTPATH_WAIT_INTERPOSER ssize_t pwrite(int fd, const void* buffer, size_t size, off_t offset) {
  return io_call(fd, true, [&] { return g_pwrite.get()(fd, buffer, size, offset); });
}

HOTPATH_WAIT_INTERPOSER ssize_t pread64(int fd, void* buffer, size_t size, off64_t offset) {
  return io_call(fd, true, [&] { return g_pread64.get()(fd, buffer, size, offset); });
}

HOTPATH_WAIT_INTERPOSER ssize_t pwrite64(int fd, const void* buffer, size_t size, off64_t offset) {
  return io_call(fd, true, [&] { return g_pwrite64.get()(fd, buffer, size, offset); });
}

HOTPATH_WAIT_INTERPOSER ssize_t readv(int fd, const iovec* vectors, int count) {
  return io_call(fd, true, [&] { return g_readv.get()(fd, vectors, count); });
}

HOTPATH_WAIT_INTERPOSER ssize_t writev(int fd, const iovec* vectors, int count) {
  return io_call(fd, true, [&] { return g_writev.get()(fd, vectors, count); });
}

HOTPATH_WAIT_INTERPOSER ssize_t preadv(int fd, const iovec* vectors, int count, off_t offset) {
  return io_call(fd, true, [&] { return g_preadv.get()(fd, vectors, count, offset); });
}

HOTPATH_WAIT_INTERPOSER ssize_t pwritev(int fd, const iovec* vectors, int count, off_t offset) {
  return io_call(fd, true, [&] { return g_pwritev.get()(fd, vectors, count, offset); });
}

HOTPATH_WAIT_INTERPOSER ssize_t recv(int fd, void* buffer, size_t size, int flags) {
  return io_call(fd, true, [&] { return g_recv.get()(fd, buffer, size, flags); });
}

HOTPATH_WAIT_INTERPOSER ssize_t recvfrom(int fd, void* buffer, size_t size, int flags,
                                         sockaddr* from, socklen_t* from_size) {
  return io_call(fd, true,
                 [&] { return g_recvfrom.get()(fd, buffer, size, flags, from, from_size); });
}

HOTPATH_WAIT_INTERPOSER ssize_t recvmsg(int fd, msghdr* message, int flags) {
  return io_call(fd, true, [&] { return g_recvmsg.get()(fd, message, flags); });
}

HOTPATH_WAIT_INTERPOSER ssize_t send(int fd, const void* buffer, size_t size, int flags) {
  return io_call(fd, true, [&] { return g_send.get()(fd, buffer, size, flags); });
}

HOTPATH_WAIT_INTERPOSER ssize_t sendto(int fd, const void* buffer, size_t size, int flags,
                                       const sockaddr* to, socklen_t to_size) {
  return io_call(fd, true, [&] { return g_sendto.get()(fd, buffer, size, flags, to, to_size); });
}

HOTPATH_WAIT_INTERPOSER ssize_t sendmsg(int fd, const msghdr* message, int flags) {
  return io_call(fd, true, [&] { return g_sendmsg.get()(fd, message, flags); });
}

HOTPATH_WAIT_INTERPOSER int accept(int fd, sockaddr* address, socklen_t* address_size) {
  return new_descriptor(
      io_call(fd, false, [&] { return g_accept.get()(fd, address, address_size); }));
}

HOTPATH_WAIT_INTERPOSER int accept4(int fd, sockaddr* address, socklen_t* address_size, int flags) {
  return new_descriptor(
      io_call(fd, false, [&] { return g_accept4.get()(fd, address, address_size, flags); }));
}

HOTPATH_WAIT_INTERPOSER int connect(int fd, const sockaddr* address, socklen_t address_size) {
  return io_call(fd, false, [&] { return g_connect.get()(fd, address, address_size); });
}

HOTPATH_WAIT_INTERPOSER int poll(pollfd* fds, nfds_t count, int timeout_ms) {
  if (timeout_ms == 0) return g_poll.get()(fds, count, timeout_ms);
  return timed_if_left_cpu(WaitCause::Io, false,
                           [&] { return g_poll.get()(fds, count, timeout_ms); });
}

HOTPATH_WAIT_INTERPOSER int ppoll(pollfd* fds, nfds_t count, const timespec* timeout,
                                  const sigset_t* mask) {
  return timed_if_left_cpu(WaitCause::Io, false,
                           [&] { return g_ppoll.get()(fds, count, timeout, mask); });
}

HOTPATH_WAIT_INTERPOSER int select(int count, fd_set* readable, fd_set* writable,
                                   fd_set* exceptional, timeval* timeout) {
  return timed_if_left_cpu(WaitCause::Io, false, [&] {
    return g_select.get()(count, readable, writable, exceptional, timeout);
  });
}

HOTPATH_WAIT_INTERPOSER int pselect(int count, fd_set* readable, fd_set* writable,
                                    fd_set* exceptional, const timespec* timeout,
                                    const sigset_t* mask) {
  return timed_if_left_cpu(WaitCause::Io, false, [&] {
    return g_pselect.get()(count, readable, writable, exceptional, timeout, mask);
  });
}

HOTPATH_WAIT_INTERPOSER int epoll_wait(int fd, epoll_event* events, int count, int timeout_ms) {
  if (timeout_ms == 0) return g_epoll_wait.get()(fd, events, count, timeout_ms);
  return timed_if_left_cpu(WaitCause::Io, false,
                           [&] { return g_epoll_wait.get()(fd, events, count, timeout_ms); });
}

HOTPATH_WAIT_INTERPOSER int epoll_pwait(int fd, epoll_event* events, int count, int timeout_ms,
                                        const sigset_t* mask) {
  if (timeout_ms == 0) return g_epoll_pwait.get()(fd, events, count, timeout_ms, mask);
  return timed_if_left_cpu(WaitCause::Io, false, [&] {
    return g_epoll_pwait.get()(fd, events, count, timeout_ms, mask);
  });
}

HOTPATH_WAIT_INTERPOSER int fsync(int fd) {
  return timed_if_left_cpu(WaitCause::Io, false, [&] { return g_fsync.get()(fd); });
}

HOTPATH_WAIT_INTERPOSER int fdatasync(int fd) {
  return timed_if_left_cpu(WaitCause::Io, false, [&] { return g_fdatasync.get()(fd); });
}

HOTPATH_WAIT_INTERPOSER int open(const char* path, int flags, ...) {
  va_list arguments;
  va_start(arguments, flags);
  const mode_t mode = mode_argument(flags, arguments);
  va_end(arguments);
  return timed_open([&] { return g_open.get()(path, flags, mode); });
}

HOTPATH_WAIT_INTERPOSER int open64(const char* path, int flags, ...) {
  va_list arguments;
  va_start(arguments, flags);
  const mode_t mode = mode_argument(flags, arguments);
  va_end(arguments);
  return timed_open([&] { return g_open64.get()(path, flags, mode); });
}

HOTPATH_WAIT_INTERPOSER int openat(int directory, const char* path, int flags, ...) {
  va_list arguments;
  va_start(arguments, flags);
  const mode_t mode = mode_argument(flags, arguments);
  va_end(arguments);
  return timed_open([&] { return g_openat.get()(directory, path, flags, mode); });
}

HOTPATH_WAIT_INTERPOSER int openat64(int directory, const char* path, int flags, ...) {
  va_list arguments;
  va_start(arguments, flags);
  const mode_t mode = mode_argument(flags, arguments);
  va_end(arguments);
  return timed_open([&] { return g_openat64.get()(directory, path, flags, mode); });
}
