// What `hotpath console` asks a live server: the report, and one function's recent
// calls and histogram, over HTTP (cpp-httplib), with the bearer token of
// HOTPATH_METRICS_AUTH_TOKEN when it is set.
#ifndef HOTPATH_CLI_CONSOLE_CLIENT_HPP
#define HOTPATH_CLI_CONSOLE_CLIENT_HPP

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "console_view.hpp"
#include "hotpath/report.hpp"

namespace hotpath::cli {

class ConsoleClient {
 public:
  /// `url`: http://host:port of a program's live server.
  explicit ConsoleClient(const std::string& url);
  ~ConsoleClient();

  /// The report now; nothing with `error` saying why.
  std::optional<Report> report(std::string& error);
  /// `name`'s recent calls and histogram; false with `error` saying why.
  bool detail(const std::string& name, std::vector<ConsoleCall>& calls, ConsoleHistogram& histogram,
              std::string& error);

 private:
  struct Connection;
  std::unique_ptr<Connection> connection_;
};

/// `text` percent-encoded for a URL path segment.
std::string url_encoded(const std::string& text);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_CONSOLE_CLIENT_HPP
