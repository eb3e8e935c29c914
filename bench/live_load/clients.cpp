// The clients of the live server under load (load.py starts the program): each of
// CLIENTS threads asks ROUTE of 127.0.0.1:PORT again and again for SECONDS, a new
// connection each time, then the requests, failures and latencies are printed.
//
//   clients PORT ROUTE CLIENTS SECONDS
//
// Exits 1 when a request failed or the p99 latency reached 50 ms. Written in C++
// so that the clients themselves (a Python client holds a global lock among its
// threads) add as little as possible to the latency measured.
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kLatencyBarMs = 50;

struct Results {
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::map<std::string, int> failures;  ///< by status or error
  std::size_t response_bytes = 0;
};

void ask_until(int port, const std::string& route, Clock::time_point deadline, Results& results) {
  std::vector<double> latencies_ms;
  std::map<std::string, int> failures;
  std::size_t bytes = 0;
  while (Clock::now() < deadline) {
    httplib::Client client("127.0.0.1", port);
    client.set_connection_timeout(10, 0);
    client.set_read_timeout(10, 0);
    const Clock::time_point started = Clock::now();
    const httplib::Result result = client.Get(route);
    latencies_ms.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - started).count());
    if (!result)
      ++failures[httplib::to_string(result.error())];
    else if (result->status != 200)
      ++failures["HTTP " + std::to_string(result->status)];
    else
      bytes = result->body.size();
  }
  std::lock_guard<std::mutex> lock(results.mutex);
  results.latencies_ms.insert(results.latencies_ms.end(), latencies_ms.begin(), latencies_ms.end());
  for (const auto& [why, count] : failures) results.failures[why] += count;
  results.response_bytes = std::max(results.response_bytes, bytes);
}

double percentile(const std::vector<double>& sorted, double p) {
  const auto rank = static_cast<std::size_t>(p / 100 * static_cast<double>(sorted.size()));
  return sorted[std::min(sorted.size() - 1, rank)];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s PORT ROUTE CLIENTS SECONDS\n", argv[0]);
    return 2;
  }
  const int port = std::atoi(argv[1]);
  const std::string route = argv[2];
  const int clients = std::atoi(argv[3]);
  const int seconds = std::atoi(argv[4]);
  if (port <= 0 || port > 65535 || route.empty() || route[0] != '/' || clients <= 0 ||
      clients > 1000 || seconds <= 0 || seconds > 3600) {
    std::fprintf(stderr,
                 "%s: expected a port, a route starting with '/', 1 to 1000 clients and 1 to "
                 "3600 seconds\n",
                 argv[0]);
    return 2;
  }
  Results results;
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(seconds);
  std::vector<std::thread> threads;
  for (int i = 0; i < clients; ++i)
    threads.emplace_back(ask_until, port, route, deadline, std::ref(results));
  for (std::thread& thread : threads) thread.join();

  std::vector<double>& latencies = results.latencies_ms;
  std::sort(latencies.begin(), latencies.end());
  int failed = 0;
  std::string why;
  for (const auto& [reason, count] : results.failures) {
    failed += count;
    why += (why.empty() ? " (" : ", ") + reason + ": " + std::to_string(count);
  }
  if (!why.empty()) why += ")";
  std::printf("%s: %d clients for %d s\n", route.c_str(), clients, seconds);
  std::printf("requests %zu (%.0f/s), failed %d%s\n", latencies.size(),
              static_cast<double>(latencies.size()) / seconds, failed, why.c_str());
  if (latencies.empty()) return 1;
  const double p99 = percentile(latencies, 99);
  std::printf("latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; response %zu bytes\n",
              percentile(latencies, 50), p99, latencies.back(), results.response_bytes);
  return failed != 0 || p99 >= kLatencyBarMs ? 1 : 0;
}
