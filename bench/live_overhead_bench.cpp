// What live metrics cost the measured code: one measured call with the live server
// idle, and with 20 clients asking it for /functions_timing every 100 ms, in the
// same run. Both run with the server on (and so with recent calls logged); the
// clients are threads of this program speaking HTTP over 127.0.0.1.
//
//   build/bench/hotpath_live_overhead_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
//
// The bar (docs/live.md): BM_MeasuredCallPolled within 5% of BM_MeasuredCallIdle.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "bench_main.hpp"
#include "hotpath/hotpath.hpp"

namespace {

constexpr int kClients = 20;
constexpr auto kPollPeriod = std::chrono::milliseconds(100);

int g_port = 0;

HOTPATH_NOINLINE void measured_call(std::uint64_t& value) {
  HOTPATH_MEASURE();
  benchmark::DoNotOptimize(value);
}

/// A port nothing listens on now (the server binds it right after).
int free_port() {
  const int probe = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(probe, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(probe, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(probe);
  return ntohs(address.sin_port);
}

/// One GET /functions_timing, its answer read to the end.
void poll_once() {
  const int connection = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(g_port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(connection, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
    const std::string request =
        "GET /functions_timing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if (::send(connection, request.data(), request.size(), 0) > 0) {
      char buffer[4096];
      while (::recv(connection, buffer, sizeof buffer, 0) > 0) {
      }
    }
  }
  ::close(connection);
}

/// kClients threads polling every kPollPeriod while it lives.
class PollingClients {
 public:
  PollingClients() {
    for (int i = 0; i < kClients; ++i) {
      threads_.emplace_back([this] {
        while (!stop_.load()) {
          poll_once();
          std::this_thread::sleep_for(kPollPeriod);
        }
      });
    }
  }
  ~PollingClients() {
    stop_ = true;
    for (std::thread& thread : threads_) thread.join();
  }

 private:
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
};

void BM_MeasuredCallIdle(benchmark::State& state) {
  std::uint64_t value = 0;
  for (auto _ : state) measured_call(value);
}
BENCHMARK(BM_MeasuredCallIdle);

void BM_MeasuredCallPolled(benchmark::State& state) {
  PollingClients clients;
  std::uint64_t value = 0;
  for (auto _ : state) measured_call(value);
}
BENCHMARK(BM_MeasuredCallPolled);

}  // namespace

int main(int argc, char** argv) {
  g_port = free_port();
  setenv("HOTPATH_METRICS_PORT", std::to_string(g_port).c_str(), 1);
  setenv("HOTPATH_OUTPUT_FORMAT", "none", 0);
  auto session = hotpath::GuardBuilder("bench").live().build();
  return run_benchmarks(argc, argv);
}
