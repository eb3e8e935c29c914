// Coroutines with known shapes, for the coroutine tests: every count below is
// exact, and the comments say what each function's row must hold.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

volatile long sink = 0;

namespace app {

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

/// Declines to suspend: await_suspend returns false.
struct NotSuspending {
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<>) const noexcept { return false; }
  int await_resume() const noexcept { return 1; }
};

/// An awaitable whose operator co_await gives the awaiter.
struct Ready {
  struct Awaiter {
    bool await_ready() const noexcept { return true; }
    void await_suspend(std::coroutine_handle<>) const noexcept {}
    int await_resume() const noexcept { return 2; }
  };
  Awaiter operator co_await() const noexcept { return {}; }
};

[[hotpath::measure]] void busy(int n) {
  for (int i = 0; i < n; ++i) sink = sink + i;
}

// 3 instances, 6 resumes (the first, and after its 50 ms wait); suspended >= 150 ms.
[[hotpath::measure]] Task<int> fetch(Pool& pool, int id) {
  busy(1000);
  co_await pool.after(50);
  busy(1000);
  co_return id;
}

// 3 instances, 6 resumes: the first, and when fetch hands back.
[[hotpath::measure]] Task<int> serve(Pool& pool, int id) {
  const int value = co_await fetch(pool, id);
  co_return value * 2;
}

// 8 instances, 48 resumes: 5 hops from worker to worker each.
[[hotpath::measure]] Task<int> hop(Pool& pool, int id) {
  for (int i = 0; i < 5; ++i) {
    co_await pool.schedule();
    busy(200);
  }
  co_return id;
}

// 2 instances, 2 resumes: neither a declined suspension nor a ready awaiter resumes.
[[hotpath::measure]] Task<int> straight() {
  int total = 0;
  total += co_await NotSuspending{};
  total += co_await Ready{};
  co_return total;
}

// 3 instances, 2 completed (6 resumes each: one per value and the last), 1
// destroyed after 2 values (2 resumes): 14 resumes.
[[hotpath::measure]] Generator count_to(int n) {
  for (int i = 1; i <= n; ++i) co_yield i;
}

// 3 instances, 3 completed by their exception, 3 resumes.
[[hotpath::measure]] Eager fail(int id) {
  busy(100);
  if (id >= 0) throw std::runtime_error("failed");
  co_return;
}

/// Runs `task` to its end on the pool; returns its result.
template <typename T>
T run(Task<T> task) {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  task.start([&] {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    finished.notify_one();
  });
  std::unique_lock<std::mutex> lock(mutex);
  finished.wait(lock, [&] { return done; });
  return task.result();
}

}  // namespace app

[[hotpath::main]] int main() {
  long checksum = 0;
  {
    app::Pool pool(4);
    for (int id = 0; id < 3; ++id) checksum += app::run(app::serve(pool, id));
    std::vector<app::Task<int>> hops;
    for (int id = 0; id < 8; ++id) hops.push_back(app::hop(pool, id));
    std::atomic<int> left{8};
    for (app::Task<int>& task : hops) task.start([&left] { left.fetch_sub(1); });
    while (left.load() != 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    for (app::Task<int>& task : hops) checksum += task.result();
  }
  for (int i = 0; i < 2; ++i) checksum += app::run(app::straight());
  for (int i = 0; i < 2; ++i) {
    app::Generator numbers = app::count_to(5);
    while (numbers.next()) checksum += numbers.value();
  }
  {
    app::Generator abandoned = app::count_to(5);
    for (int i = 0; i < 2 && abandoned.next(); ++i) checksum += abandoned.value();
  }
  for (int id = 0; id < 3; ++id) {
    try {
      app::fail(id);
    } catch (const std::runtime_error&) {
      checksum += 1;
    }
  }
  std::fprintf(stderr, "checksum %ld\n", checksum);
  return 0;
}
