// The console's HTTP side (see the header).
#include "console_client.hpp"

#include <httplib.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "report_reader.hpp"

namespace hotpath::cli {

struct ConsoleClient::Connection {
  explicit Connection(const std::string& url) : client(url) {}
  httplib::Client client;
};

namespace {

/// The body of a 200 answer to GET `path`; nothing with `error` otherwise.
std::optional<std::string> get(httplib::Client& client, const std::string& path,
                               std::string& error) {
  const httplib::Result result = client.Get(path);
  if (!result) {
    error = "cannot reach the program (" + httplib::to_string(result.error()) + ")";
    return std::nullopt;
  }
  if (result->status != 200) {
    std::string why;
    try {
      why = nlohmann::json::parse(result->body).at("error").get<std::string>();
    } catch (const std::exception&) {
      why = result->body;
    }
    error = "HTTP " + std::to_string(result->status) + " for " + path + ": " + why;
    return std::nullopt;
  }
  return result->body;
}

}  // namespace

ConsoleClient::ConsoleClient(const std::string& url) : connection_(new Connection(url)) {
  httplib::Client& client = connection_->client;
  client.set_connection_timeout(2, 0);
  client.set_read_timeout(5, 0);
  if (const char* token = std::getenv("HOTPATH_METRICS_AUTH_TOKEN"); token && *token)
    client.set_bearer_token_auth(token);
}

ConsoleClient::~ConsoleClient() = default;

std::optional<Report> ConsoleClient::report(std::string& error) {
  const std::optional<std::string> body = get(connection_->client, "/report?limit=0", error);
  if (!body) return std::nullopt;
  ReportReadError problem;
  std::optional<SavedReport> saved = read_report_json(*body, problem);
  if (!saved) {
    error = "the program's report is not one: " + problem.describe("/report");
    return std::nullopt;
  }
  return std::move(saved->report);
}

bool ConsoleClient::detail(const std::string& name, std::vector<ConsoleCall>& calls,
                           ConsoleHistogram& histogram, std::string& error) {
  const std::string base = "/functions/" + url_encoded(name);
  const std::optional<std::string> logs = get(connection_->client, base + "/logs", error);
  const std::optional<std::string> buckets =
      logs ? get(connection_->client, base + "/histogram", error) : std::nullopt;
  if (!logs || !buckets) return false;
  try {
    calls.clear();
    const nlohmann::json recent = nlohmann::json::parse(*logs);
    for (const nlohmann::json& call : recent.at("logs")) {
      calls.push_back({call.at("duration_ns").get<std::uint64_t>(),
                       call.at("end_ns").get<std::uint64_t>(),
                       call.at("tid").get<std::uint64_t>()});
    }
    const nlohmann::json parsed = nlohmann::json::parse(*buckets);
    histogram = ConsoleHistogram{};
    for (const nlohmann::json& bound : parsed.at("bounds_ns")) {
      histogram.bounds_ns.push_back(bound.is_null() ? std::nullopt
                                                    : std::optional(bound.get<std::uint64_t>()));
    }
    histogram.counts = parsed.at("counts").get<std::vector<std::uint64_t>>();
  } catch (const std::exception& failure) {
    error = std::string("unexpected answer about ") + name + ": " + failure.what();
    return false;
  }
  return true;
}

std::string url_encoded(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '_' || c == '.' || c == '~' || c == ':') {
      encoded += c;
    } else {
      encoded += '%';
      encoded += kHex[byte >> 4];
      encoded += kHex[byte & 15];
    }
  }
  return encoded;
}

}  // namespace hotpath::cli
