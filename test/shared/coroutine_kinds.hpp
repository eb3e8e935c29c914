// Coroutine types of the tests (a lazy task, a generator, an eager task, a
// fire-and-forget one, a thread pool and a timer that resume them), shared by
// the runtime's unit tests and the programs of the lit tests. Nothing in them is
// measured: the tests measure the coroutines written with them.
#ifndef HOTPATH_TEST_SHARED_COROUTINE_KINDS_HPP
#define HOTPATH_TEST_SHARED_COROUTINE_KINDS_HPP

#include <chrono>
#include <condition_variable>
#include <coroutine>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace coroutine_kinds {

/// A lazy task: starts when awaited (or started), resumes its awaiter when done.
template <typename T>
class Task {
 public:
  struct promise_type {
    std::optional<T> value;
    std::coroutine_handle<> continuation;
    std::function<void()> on_done;
    Task get_return_object() {
      return Task(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> done) noexcept {
        promise_type& promise = done.promise();
        if (promise.on_done) promise.on_done();
        if (promise.continuation) return promise.continuation;
        return std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T result) { value = std::move(result); }
    void unhandled_exception() { std::terminate(); }
  };

  explicit Task(std::coroutine_handle<promise_type> handle) : handle_(handle) {}
  Task(Task&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  ~Task() {
    if (handle_) handle_.destroy();
  }

  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> awaiting) noexcept {
    handle_.promise().continuation = awaiting;
    return handle_;
  }
  T await_resume() { return std::move(*handle_.promise().value); }

  /// Starts the task; `done` runs on the thread that finishes it.
  void start(std::function<void()> done) {
    handle_.promise().on_done = std::move(done);
    handle_.resume();
  }
  bool done() const { return handle_.done(); }
  T result() const { return *handle_.promise().value; }

 private:
  std::coroutine_handle<promise_type> handle_;
};

/// A generator of ints.
class Generator {
 public:
  struct promise_type {
    int current = 0;
    Generator get_return_object() {
      return Generator(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int value) noexcept {
      current = value;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  explicit Generator(std::coroutine_handle<promise_type> handle) : handle_(handle) {}
  Generator(Generator&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;
  ~Generator() {
    if (handle_) handle_.destroy();
  }
  bool next() {
    handle_.resume();
    return !handle_.done();
  }
  int value() const { return handle_.promise().current; }

 private:
  std::coroutine_handle<promise_type> handle_;
};

/// An eager task whose exception leaves the coroutine (unhandled_exception
/// rethrows) and reaches its caller.
struct Eager {
  struct promise_type {
    Eager get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { throw; }
  };
};

/// A coroutine that starts at once and frees itself when it ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

/// co_await After{ms}: the coroutine goes on on a thread of its own after `ms`.
struct After {
  int ms;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> handle) const {
    std::thread([handle, wait = ms] {
      std::this_thread::sleep_for(std::chrono::milliseconds(wait));
      handle.resume();
    }).detach();
  }
  void await_resume() const noexcept {}
};

/// A thread pool whose workers resume coroutines.
class Pool {
 public:
  explicit Pool(int threads) {
    for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_all();
    for (std::thread& worker : workers_) worker.join();
  }
  /// co_await pool.schedule(): the coroutine goes on on one of the workers.
  auto schedule() {
    struct Awaiter {
      Pool& pool;
      bool await_ready() const noexcept { return false; }
      void await_suspend(std::coroutine_handle<> handle) { pool.post(handle); }
      void await_resume() const noexcept {}
    };
    return Awaiter{*this};
  }
  /// co_await pool.after(ms): resumed on a worker once `ms` milliseconds passed.
  auto after(int ms) {
    struct Awaiter {
      Pool& pool;
      int ms;
      bool await_ready() const noexcept { return false; }
      void await_suspend(std::coroutine_handle<> handle) {
        std::thread([this, handle] {
          std::this_thread::sleep_for(std::chrono::milliseconds(ms));
          pool.post(handle);
        }).detach();
      }
      void await_resume() const noexcept {}
    };
    return Awaiter{*this, ms};
  }
  void post(std::coroutine_handle<> handle) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(handle);
    }
    ready_.notify_one();
  }

 private:
  void work() {
    for (;;) {
      std::coroutine_handle<> next;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;
        next = queue_.front();
        queue_.pop_front();
      }
      next.resume();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::coroutine_handle<>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace coroutine_kinds

#endif  // HOTPATH_TEST_SHARED_COROUTINE_KINDS_HPP
