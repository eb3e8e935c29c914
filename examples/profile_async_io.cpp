// Async I/O, the C++ port of the reference profiler's profile_async_io: five files
// of 20 MB are created concurrently, in 8 KiB writes, then read back concurrently.
// Each file is a C++20 coroutine on a one-thread event loop; every write, read and
// sync is handed to a small pool of I/O threads and the coroutine is suspended
// until the pool is done, as an async runtime does with blocking file I/O.
//
// A coroutine's row measures its first resume to its completion, suspended time
// included: the five create_file calls overlap, so their total is several times
// main's wall time. CPU samples see none of that waiting, and little of the I/O
// itself (the kernel's work is not sampled): most CPU samples land in the event
// loop and the I/O threads. docs/cpu-sampling.md compares the two views.
//
// Build: clang++-19 -std=c++20 -O2 profile_async_io.cpp \
//          $(pkg-config --cflags --libs hotpath-cpu hotpath)
#include <fcntl.h>
#include <unistd.h>

#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace profile_async_io {

constexpr std::size_t kFileSize = 20 * 1024 * 1024;
constexpr std::size_t kChunkSize = 8 * 1024;
constexpr int kFiles = 5;

/// A queue of work that threads take from, until it is closed.
template <typename Item>
class WorkQueue {
 public:
  void push(Item item) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      items_.push_back(std::move(item));
    }
    ready_.notify_one();
  }
  /// The next item; false once closed and empty.
  bool pop(Item& item) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty()) return false;
    item = std::move(items_.front());
    items_.pop_front();
    return true;
  }
  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Item> items_;
  bool closed_ = false;
};

/// One thread resumes coroutines; blocking calls run on the I/O threads.
class EventLoop {
 public:
  explicit EventLoop(int io_threads) {
    for (int i = 0; i < io_threads; ++i) {
      io_threads_.emplace_back([this] {
        for (std::function<void()> job; blocking_.pop(job);) job();
      });
    }
  }
  ~EventLoop() {
    blocking_.close();
    for (std::thread& thread : io_threads_) thread.join();
  }

  /// `co_await loop.blocking(call)`: runs `call` on an I/O thread, then resumes
  /// the coroutine on the loop with its result.
  auto blocking(std::function<long()> call) {
    struct Awaiter {
      EventLoop& loop;
      std::function<long()> call;
      long result = 0;
      bool await_ready() const noexcept { return false; }
      void await_suspend(std::coroutine_handle<> waiting) {
        loop.blocking_.push([this, waiting] {
          result = call();
          loop.ready_.push(waiting);
        });
      }
      long await_resume() const noexcept { return result; }
    };
    return Awaiter{*this, std::move(call)};
  }

  /// Resumes coroutines as their I/O completes, until `pending` reaches 0.
  void run(const int& pending) {
    for (std::coroutine_handle<> next; pending > 0 && ready_.pop(next);) next.resume();
  }

 private:
  WorkQueue<std::coroutine_handle<>> ready_;
  WorkQueue<std::function<void()>> blocking_;
  std::vector<std::thread> io_threads_;
};

/// A coroutine that starts at once and counts itself out of `pending` when done.
struct Task {
  struct promise_type {
    Task get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };
};

[[hotpath::measure]] Task create_file(EventLoop& loop, std::string path, int& pending) {
  const int fd = static_cast<int>(co_await loop.blocking(
      [&] { return long{open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644)}; }));
  const std::vector<char> chunk(kChunkSize, static_cast<char>(0xAB));
  for (std::size_t written = 0; fd >= 0 && written < kFileSize; written += kChunkSize)
    co_await loop.blocking([&] { return long{write(fd, chunk.data(), chunk.size())}; });
  co_await loop.blocking([&] { return long{fsync(fd) | close(fd)}; });
  --pending;
}

[[hotpath::measure]] Task read_file(EventLoop& loop, std::string path, std::size_t& bytes,
                                    int& pending) {
  const int fd =
      static_cast<int>(co_await loop.blocking([&] { return long{open(path.c_str(), O_RDONLY)}; }));
  std::vector<char> data;
  data.reserve(kFileSize);
  std::vector<char> chunk(kChunkSize);
  for (long got; fd >= 0 && (got = co_await loop.blocking([&] {
                              return long{read(fd, chunk.data(), chunk.size())};
                            })) > 0;) {
    data.insert(data.end(), chunk.data(), chunk.data() + got);
  }
  co_await loop.blocking([&] { return long{close(fd)}; });
  bytes += data.size();
  --pending;
}

}  // namespace profile_async_io

[[hotpath::main]] int main() {
  using namespace profile_async_io;
  std::vector<std::string> paths;
  for (int i = 0; i < kFiles; ++i)
    paths.push_back("/tmp/hotpath_async_" + std::to_string(getpid()) + "_" + std::to_string(i) +
                    ".bin");

  EventLoop loop(4);
  int pending = kFiles;
  for (const std::string& path : paths) create_file(loop, path, pending);
  loop.run(pending);

  std::size_t bytes = 0;
  pending = kFiles;
  for (const std::string& path : paths) read_file(loop, path, bytes, pending);
  loop.run(pending);

  for (const std::string& path : paths) unlink(path.c_str());
  return bytes == kFiles * kFileSize ? 0 : 1;
}
