// Coroutines with standalone Asio: a TCP echo server and its clients on 127.0.0.1,
// every connection and every request an asio::awaitable, spawned with co_spawn and
// resumed by a pool of four threads. Each client sends kRequests messages, one at a
// time, and waits for each echo.
//
// The coroutines' rows count instances and resumes exactly: app::request has one
// instance per request (kClients * kRequests), app::session and app::client one
// per connection. The coroutine section splits each row's time into running (its
// segments, from a resume to the next suspension) and suspended (waiting for the
// network or for the coroutines it awaits): a request runs for microseconds and
// waits for the rest. docs/coroutines.md reads this report.
//
// Build: clang++-19 -std=c++20 -O2 echo_coroutines.cpp \
//          $(pkg-config --cflags --libs hotpath)
#include <array>
#include <atomic>
#include <cstdio>
#include <future>
#include <string>

// Asio 1.22 (Debian 12) looks for Clang's coroutines under the Coroutines TS's
// macro, which Clang's C++20 mode no longer defines: tell it they are there.
#if defined(__clang__) && defined(__cpp_impl_coroutine) && !defined(ASIO_HAS_CO_AWAIT)
#define ASIO_HAS_CO_AWAIT 1
#endif
#include <asio.hpp>

namespace app {

using asio::awaitable;
using asio::use_awaitable;
using asio::ip::tcp;

constexpr int kClients = 8;
constexpr int kRequests = 50;
constexpr std::size_t kMessageBytes = 512;

/// Echoes what one client sends until it closes the connection.
[[hotpath::measure]] awaitable<void> session(tcp::socket socket) {
  std::array<char, 4096> buffer;
  for (;;) {
    asio::error_code error;
    const std::size_t bytes = co_await socket.async_read_some(
        asio::buffer(buffer), asio::redirect_error(use_awaitable, error));
    if (error) co_return;  // asio::error::eof: the client is done
    co_await asio::async_write(socket, asio::buffer(buffer, bytes), use_awaitable);
  }
}

/// Accepts connections until the acceptor is closed; a session for each.
[[hotpath::measure]] awaitable<void> listen(tcp::acceptor& acceptor) {
  for (;;) {
    asio::error_code error;
    tcp::socket socket = co_await acceptor.async_accept(asio::redirect_error(use_awaitable, error));
    if (error) co_return;  // closed
    asio::co_spawn(acceptor.get_executor(), session(std::move(socket)), asio::detached);
  }
}

/// One request: the message out, its echo back.
[[hotpath::measure]] awaitable<std::size_t> request(tcp::socket& socket,
                                                    const std::string& message) {
  co_await asio::async_write(socket, asio::buffer(message), use_awaitable);
  std::string echo(message.size(), '\0');
  co_return co_await asio::async_read(socket, asio::buffer(echo), use_awaitable);
}

/// A client: connects, sends its requests one after the other.
[[hotpath::measure]] awaitable<void> client(tcp::endpoint server, int id,
                                            std::atomic<std::size_t>& echoed) {
  tcp::socket socket(co_await asio::this_coro::executor);
  co_await socket.async_connect(server, use_awaitable);
  const std::string message(kMessageBytes, static_cast<char>('a' + id % 26));
  for (int i = 0; i < kRequests; ++i) echoed += co_await request(socket, message);
}

}  // namespace app

[[hotpath::main]] int main() {
  asio::thread_pool pool(4);
  app::tcp::acceptor acceptor(pool, {asio::ip::make_address("127.0.0.1"), 0});
  asio::co_spawn(pool, app::listen(acceptor), asio::detached);

  std::atomic<std::size_t> echoed{0};
  std::atomic<int> clients_left{app::kClients};
  std::promise<void> all_done;
  for (int id = 0; id < app::kClients; ++id) {
    asio::co_spawn(pool, app::client(acceptor.local_endpoint(), id, echoed),
                   [&](std::exception_ptr failure) {
                     if (failure) std::fprintf(stderr, "a client failed\n");
                     if (--clients_left == 0) all_done.set_value();
                   });
  }
  all_done.get_future().wait();
  asio::post(acceptor.get_executor(), [&] { acceptor.close(); });
  pool.join();
  std::printf("%zu bytes echoed\n", echoed.load());
  return 0;
}
