// The live server on cpp-httplib. One thread does everything: it accepts a
// connection and answers its one request before the next (a custom task queue
// runs each task where it is queued), so the server never adds more than that
// thread to the program. Each connection is closed after its answer, so an idle
// client holds nothing; a client that sends nothing is dropped after the read
// timeout. The report is taken at most every kReportMaxAge, however many clients
// poll.
#include "live_server.hpp"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "hotpath/session.hpp"
#include "live_routes.hpp"

namespace hotpath::live {
namespace {

/// Connections waiting to be accepted: enough for many clients at once (the
/// library's own backlog is 5, past which a connection waits a second for a retry).
constexpr int kListenBacklog = 256;
constexpr auto kReportMaxAge = std::chrono::milliseconds(50);
constexpr time_t kReadTimeoutSeconds = 2;
constexpr auto kIdleInterval = std::chrono::milliseconds(50);
constexpr std::size_t kMaxRequestBody = 64 * 1024;
constexpr const char* kJson = "application/json";

/// Runs each task on the thread that queues it, the server's own, and the runtime's
/// background work after it and whenever the server is idle.
class InlineQueue : public httplib::TaskQueue {
 public:
  explicit InlineQueue(void (*background_work)() noexcept) : background_work_(background_work) {}
  void enqueue(std::function<void()> task) override {
    task();
    on_idle();
  }
  void shutdown() override {}
  void on_idle() override {
    if (background_work_ != nullptr) background_work_();
  }

 private:
  void (*background_work_)() noexcept;
};

/// The report the routes answer from, taken again when older than kReportMaxAge.
class ReportCache {
 public:
  const Report& current() {
    const auto now = std::chrono::steady_clock::now();
    if (!report_ || now - taken_at_ > kReportMaxAge) {
      report_ = snapshot();
      taken_at_ = now;
    }
    return *report_;
  }

 private:
  std::optional<Report> report_;
  std::chrono::steady_clock::time_point taken_at_;
};

struct Server {
  httplib::Server http;
  std::thread thread;
  int listening_socket = -1;
  std::string token;
  ReportCache reports;
};

std::mutex g_mutex;
Server* g_server = nullptr;  // guarded by g_mutex

void answer(const LiveResponse& response, httplib::Response& out) {
  out.status = response.status;
  out.set_content(response.body, response.content_type.c_str());
}

void configure(Server& server, void (*background_work)() noexcept) {
  httplib::Server& http = server.http;
  http.new_task_queue = [background_work] { return new InlineQueue(background_work); };
  http.set_idle_interval(kIdleInterval);
  // Not the library's default options, which also set SO_REUSEPORT: two programs
  // would then share the port, each answering some of the requests.
  http.set_socket_options([&server](socket_t socket) {
    const int yes = 1;
    ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    server.listening_socket = socket;
  });
  http.set_keep_alive_max_count(1);
  http.set_read_timeout(kReadTimeoutSeconds, 0);
  http.set_write_timeout(kReadTimeoutSeconds, 0);
  http.set_payload_max_length(kMaxRequestBody);
  http.set_pre_routing_handler(
      [&server](const httplib::Request& request, httplib::Response& response) {
        if (server.token.empty() ||
            request.get_header_value("Authorization") == "Bearer " + server.token)
          return httplib::Server::HandlerResponse::Unhandled;
        response.set_header("WWW-Authenticate", "Bearer");
        answer({401, error_body("missing or wrong bearer token (Authorization: Bearer <token>)")},
               response);
        return httplib::Server::HandlerResponse::Handled;
      });
  http.Get(".*", [&server](const httplib::Request& request, httplib::Response& response) {
    QueryParameters parameters;
    for (const auto& [name, value] : request.params) parameters.emplace(name, value);
    LiveData data;
    data.current_report = [&server]() -> const Report& { return server.reports.current(); };
    data.recent_calls = [](const std::string& name, std::vector<RecentCall>& calls) {
      return hotpath::recent_calls(name, calls);
    };
    answer(respond(request.path, parameters, data), response);
  });
  // What the library refuses by itself (a bad request line, headers too large, a
  // method other than GET) gets a JSON body too.
  http.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;
    if (response.status == 404 && request.method != "GET") {
      response.status = 405;
      response.set_header("Allow", "GET");
      response.set_content(error_body("only GET requests are answered"), kJson);
      return;
    }
    response.set_content(
        error_body("request refused (HTTP status " + std::to_string(response.status) + ")"), kJson);
  });
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& response, std::exception_ptr failure) {
        std::string why = "the report failed";
        try {
          if (failure) std::rethrow_exception(failure);
        } catch (const std::exception& exception) {
          why += std::string(": ") + exception.what();
        } catch (...) {
        }
        answer({500, error_body(why)}, response);
      });
}

/// In a forked child the server's thread does not exist: the child closes its copy
/// of the listening socket (the parent keeps serving) and never touches the rest.
void forget_server_in_child() {
  if (g_server == nullptr) return;
  ::close(g_server->listening_socket);
  g_server = nullptr;  // left allocated: its thread object cannot be destroyed here
}

void stop_at_exit() { stop_server(); }

}  // namespace

std::uint16_t start_server(const LiveSettings& settings, std::string& error) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_server != nullptr) {
    error = "the live server is already running";
    return 0;
  }
  auto server = std::make_unique<Server>();
  server->token = settings.token;
  configure(*server, settings.background_work);
  errno = 0;
  const int port = settings.port == 0 ? server->http.bind_to_any_port(settings.host)
                   : server->http.bind_to_port(settings.host, settings.port) ? settings.port
                                                                             : -1;
  if (port <= 0) {
    const int cause = errno;
    error = "cannot listen on " + settings.host + ":" + std::to_string(settings.port) +
            (cause != 0 ? std::string(": ") + std::strerror(cause) : std::string()) +
            " (HOTPATH_METRICS_PORT and HOTPATH_METRICS_HOST choose another address)";
    return 0;
  }
  ::listen(server->listening_socket, kListenBacklog);
  Server& running = *server;
  server->thread = std::thread([&running] {
    pthread_setname_np(pthread_self(), "hotpath-live");
    // The program's signals are for its own threads; a client gone mid-answer makes
    // a write fail with EPIPE, never a SIGPIPE that would end the program.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);
    running.http.listen_after_bind();
  });
  g_server = server.release();
  static const bool registered = [] {
    pthread_atfork(nullptr, nullptr, forget_server_in_child);
    return std::atexit(stop_at_exit) == 0;
  }();
  (void)registered;
  return static_cast<std::uint16_t>(port);
}

void stop_server() noexcept {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_server == nullptr) return;
  g_server->http.stop();
  if (g_server->thread.joinable()) g_server->thread.join();
  delete g_server;
  g_server = nullptr;
}

}  // namespace hotpath::live
