// The live server on cpp-httplib. One thread accepts connections and a few others
// answer them, one request per connection, so that a client that sends its request
// slowly (or half of it, and stalls) holds one of them, for the read timeout at
// most, while the others answer everyone else. Each connection is closed after its
// answer, so an idle client holds nothing. Methods other than GET and HEAD are
// refused before a body is read: there is no body to wait for; only /mcp takes a
// POST (MCP's JSON-RPC, mcp_protocol.hpp), with a bounded body. Reports come from
// the runtime, which takes them on its own background thread; the answers made
// from them are made one at a time, and an answer made from one report is kept for
// the next client asking the same of the same report, so that many clients polling
// cost little more than one.
#include "live/live_server.hpp"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include "env_config.hpp"
#include "hotpath/session.hpp"
#include "live/live_routes.hpp"
#include "live/local_hosts.hpp"
#include "live/mcp_protocol.hpp"
#include "live/prometheus_text.hpp"
#include "value_parsers.hpp"

namespace hotpath::live {
namespace {

/// Connections waiting to be accepted: enough for many clients at once (the
/// library's own backlog is 5, past which a connection waits a second for a retry).
constexpr int kListenBacklog = 256;
constexpr time_t kReadTimeoutSeconds = 2;
constexpr std::size_t kMaxRequestBody = 64 * 1024;
constexpr const char* kJson = "application/json";
/// Threads that read requests and answer them: each client that stalls holds one.
constexpr std::size_t kAnsweringThreads = 4;

/// The answers made from one report, by request, until the next report.
class AnswerCache {
 public:
  /// The answer to `request` from `report`: the one made before, or `make()`.
  template <typename Make>
  std::shared_ptr<const LiveResponse> answer(const std::shared_ptr<const detail::ReportNow>& report,
                                             const std::string& request, Make&& make) {
    // Many different requests (a client trying every focus) must not hold memory.
    if (report != report_ || answers_.size() >= kMaxAnswers) {
      answers_.clear();
      report_ = report;
    }
    auto found = answers_.find(request);
    if (found == answers_.end())
      found = answers_.emplace(request, std::make_shared<const LiveResponse>(make())).first;
    return found->second;
  }

 private:
  static constexpr std::size_t kMaxAnswers = 64;
  std::shared_ptr<const detail::ReportNow> report_;
  std::unordered_map<std::string, std::shared_ptr<const LiveResponse>> answers_;
};

/// A request's path and parameters as one key.
std::string request_key(const std::string& path, const QueryParameters& parameters) {
  std::string key = path;
  for (const auto& [name, value] : parameters) {
    key += '\0';
    key += name;
    key += '\0';
    key += value;
  }
  return key;
}

struct Server {
  httplib::Server http;
  std::thread thread;
  int listening_socket = -1;
  std::string token;
  /// Bound to a loopback address: without a token, only requests that name a
  /// loopback host are answered, against DNS rebinding (a page of another site,
  /// its name made to resolve to 127.0.0.1, reading the server).
  bool loopback_only = false;
  detail::LiveRuntime runtime;
  std::mutex answers_mutex;  ///< answers from reports are made one at a time
  AnswerCache answers;       // guarded by answers_mutex
};

std::mutex g_mutex;
Server* g_server = nullptr;  // guarded by g_mutex

/// Sends `response` from a provider of its bytes, which the library neither copies
/// nor compresses. Given a body instead, the library compresses it for each client
/// that accepts it: the 3.4 MB report of 10,000 functions took 3 s with gzip and
/// 30 s with brotli (which browsers ask for) on a busy 2-core machine, while every
/// other client waited.
void answer(std::shared_ptr<const LiveResponse> response, httplib::Response& out) {
  out.status = response->status;
  const std::size_t size = response->body.size();
  const std::string content_type = response->content_type;
  out.set_content_provider(size, content_type,
                           [response = std::move(response)](std::size_t offset, std::size_t length,
                                                            httplib::DataSink& sink) {
                             const std::string& body = response->body;
                             return offset <= body.size() &&
                                    sink.write(body.data() + offset,
                                               std::min(length, body.size() - offset));
                           });
}

void answer(LiveResponse response, httplib::Response& out) {
  answer(std::make_shared<const LiveResponse>(std::move(response)), out);
}

/// The function of a /functions/{name}/`what` path, or "" for another path.
std::string function_of_path(const std::string& path, const std::string& what) {
  static const std::string kPrefix = "/functions/";
  const std::string suffix = "/" + what;
  if (path.size() <= kPrefix.size() + suffix.size() || path.rfind(kPrefix, 0) != 0 ||
      path.compare(path.size() - suffix.size(), suffix.size(), suffix) != 0)
    return "";
  return path.substr(kPrefix.size(), path.size() - kPrefix.size() - suffix.size());
}

/// The rows whose durations (percentiles, buckets) the runtime's reports read by
/// default: the session's row limit or /metrics' functions, whichever is more (0:
/// every row). The same as the runtime's (live_reports.hpp).
std::size_t rows_with_durations_by_default(const Report& report) {
  static const std::size_t metrics_rows =
      detail::env_metrics_limit().value_or(kDefaultMetricsLimit);
  if (report.limit == 0 || metrics_rows == 0) return 0;
  return std::max(report.limit, metrics_rows);
}

/// True when the request wants durations of rows beyond those a report has by
/// default: a larger limit, every row, or a focus (which may keep any row). Asked
/// for each such request, even when the latest report has every row's: the runtime
/// then keeps taking those.
bool wants_more_rows(const QueryParameters& parameters, const Report& report) {
  const std::size_t rows = rows_with_durations_by_default(report);
  if (rows == 0) return false;
  if (parameters.count("focus") != 0) return true;
  if (const auto limit = parameters.find("limit"); limit != parameters.end()) {
    // A limit that is not a number is the route's to refuse.
    const std::optional<std::uint64_t> asked =
        detail::parse_whole_number(limit->second, 0, ~std::uint64_t{0});
    if (asked && (*asked == 0 || *asked > rows)) return true;
  }
  return false;
}

/// A route of one function (its recent calls, its histogram): the function is found
/// by name in the latest report, however old (names do not change), and in a new
/// one only for a name it lacks (a function first called since); its figures are
/// read at once, never kept.
std::shared_ptr<const LiveResponse> function_answer(Server& server, const std::string& path,
                                                    const QueryParameters& parameters) {
  // Looks `name` up with `read`: in the latest report, then in a fresh one.
  const auto in_reports = [&server](const auto& read) {
    return read(*server.runtime.report(detail::ReportNeed::Names)) ||
           read(*server.runtime.report(detail::ReportNeed::Fresh));
  };
  LiveData data;
  data.recent_calls = [&](const std::string& name, std::vector<RecentCall>& calls) {
    return in_reports([&](const detail::ReportNow& report) {
      return server.runtime.recent_calls(report, name, calls);
    });
  };
  data.durations = [&](const std::string& name, std::uint64_t& calls, DurationBuckets& buckets) {
    return in_reports([&](const detail::ReportNow& report) {
      return server.runtime.durations(report, name, calls, buckets);
    });
  };
  return std::make_shared<const LiveResponse>(respond(path, parameters, data));
}

/// The answer of the route `path` with `parameters`: from the report of the moment
/// for the routes that need one, the same answer for the same request of the same
/// report.
std::shared_ptr<const LiveResponse> route_answer(Server& server, const std::string& path,
                                                 const QueryParameters& parameters) {
  if (!answers_from_report(path))
    return std::make_shared<const LiveResponse>(respond(path, parameters, LiveData{}));
  if (!function_of_path(path, "logs").empty() || !function_of_path(path, "histogram").empty())
    return function_answer(server, path, parameters);
  std::lock_guard<std::mutex> lock(server.answers_mutex);
  std::shared_ptr<const detail::ReportNow> report =
      server.runtime.report(detail::ReportNeed::Recent);
  if (wants_more_rows(parameters, report->report))
    report = server.runtime.report(detail::ReportNeed::EveryRow);
  return server.answers.answer(report, request_key(path, parameters), [&] {
    LiveData data;
    data.current_report = [&]() -> const Report& { return report->report; };
    data.recent_calls = [&](const std::string& name, std::vector<RecentCall>& calls) {
      return server.runtime.recent_calls(*report, name, calls);
    };
    return respond(path, parameters, data);
  });
}

/// The answer to a method other than GET and HEAD, given before any body is read.
void refuse_method(httplib::Response& response) {
  response.set_header("Allow", "GET, HEAD");
  answer({405, error_body("only GET and HEAD requests are answered")}, response);
}

void configure(Server& server) {
  httplib::Server& http = server.http;
  // The pool's threads are started by the server's thread, in listen_after_bind():
  // they inherit its name (hotpath-live) and its mask that blocks every signal.
  http.new_task_queue = [] { return new httplib::ThreadPool(kAnsweringThreads); };
  // Not the library's default options, which also set SO_REUSEPORT: two programs
  // would then share the port, each answering some of the requests.
  http.set_socket_options([&server](socket_t socket) {
    const int yes = 1;
    ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    server.listening_socket = socket;
  });
  http.set_keep_alive_max_count(1);
  // How long a connection may stay silent before its request begins (5 s by default).
  http.set_keep_alive_timeout(kReadTimeoutSeconds);
  http.set_read_timeout(kReadTimeoutSeconds, 0);
  http.set_write_timeout(kReadTimeoutSeconds, 0);
  http.set_payload_max_length(kMaxRequestBody);
  http.set_pre_routing_handler(
      [&server](const httplib::Request& request, httplib::Response& response) {
        // Here, before the library reads a body (which may never come).
        // Without a token, which such a page cannot know, the Host decides.
        if (server.loopback_only && server.token.empty() && request.has_header("Host") &&
            !is_loopback_authority(request.get_header_value("Host"))) {
          answer({403, error_body("forbidden: Host '" + request.get_header_value("Host") +
                                  "' is not this machine (localhost, 127.0.0.1 or [::1]): the "
                                  "server listens on the loopback interface only, and without "
                                  "HOTPATH_METRICS_AUTH_TOKEN answers no page of another site")},
                 response);
          return httplib::Server::HandlerResponse::Handled;
        }
        if (!server.token.empty() &&
            request.get_header_value("Authorization") != "Bearer " + server.token) {
          response.set_header("WWW-Authenticate", "Bearer");
          answer({401, error_body("missing or wrong bearer token (Authorization: Bearer <token>)")},
                 response);
          return httplib::Server::HandlerResponse::Handled;
        }
        if (request.path == kMcpPath) {
          const std::optional<std::string> origin =
              request.has_header("Origin")
                  ? std::optional<std::string>(request.get_header_value("Origin"))
                  : std::nullopt;
          if (std::optional<LiveResponse> refusal = refuse_mcp_request(request.method, origin)) {
            if (refusal->status == 405) response.set_header("Allow", "POST");
            answer(std::move(*refusal), response);
            return httplib::Server::HandlerResponse::Handled;
          }
          return httplib::Server::HandlerResponse::Unhandled;
        }
        if (request.method != "GET" && request.method != "HEAD") {
          refuse_method(response);
          return httplib::Server::HandlerResponse::Handled;
        }
        return httplib::Server::HandlerResponse::Unhandled;
      });
  http.Get(".*", [&server](const httplib::Request& request, httplib::Response& response) {
    QueryParameters parameters;
    for (const auto& [name, value] : request.params) parameters.emplace(name, value);
    answer(route_answer(server, request.path, parameters), response);
  });
  // MCP: each tool asks its route as a GET would, from the same report and answers.
  http.Post(kMcpPath, [&server](const httplib::Request& request, httplib::Response& response) {
    const std::optional<std::string> version =
        request.has_header("MCP-Protocol-Version")
            ? std::optional<std::string>(request.get_header_value("MCP-Protocol-Version"))
            : std::nullopt;
    LiveResponse mcp = answer_mcp_post(
        request.body, version, [&server](const std::string& path, const QueryParameters& query) {
          return *route_answer(server, path, query);
        });
    // Nothing to answer (notifications only): 202 and no body, no content type.
    if (mcp.body.empty()) {
      response.status = mcp.status;
      return;
    }
    answer(std::move(mcp), response);
  });
  // What the library refuses by itself (a bad request line, headers too large) gets
  // a JSON body too.
  http.set_error_handler([](const httplib::Request&, httplib::Response& response) {
    // Answers of the routes have a content type; the library's own refusals none.
    if (response.has_header("Content-Type")) return;
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
  server->loopback_only = is_loopback_host(settings.host);
  server->runtime = settings.runtime;
  configure(*server);
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
  // The library's stop() does nothing before its thread has begun to listen, which
  // in a program that exits at once it may not have yet: it would then wait in
  // accept() forever. A shut-down socket makes that accept() fail and the thread end.
  if (g_server->listening_socket >= 0) ::shutdown(g_server->listening_socket, SHUT_RDWR);
  g_server->http.stop();
  if (g_server->thread.joinable()) g_server->thread.join();
  delete g_server;
  g_server = nullptr;
}

}  // namespace hotpath::live
