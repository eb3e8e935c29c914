// The live server under load: a program with 10,000 measured functions called by 8
// threads, served with HOTPATH_LIVE=1 while load.py's clients ask for its metrics.
//
//   workload SECONDS [--spread]
//
// Runs SECONDS (at most an hour), then exits. With --spread, it also makes the calls
// of 1 us to 60 s of prometheus_spread_calls.hpp, and says on stderr when they have
// all returned (bench/live_load/prometheus_scrape.sh).
#include <hotpath/hotpath.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "prometheus_spread_calls.hpp"

namespace {

constexpr int kFunctions = 10'000;
constexpr int kThreads = 8;

/// A few hundred nanoseconds of work.
std::uint64_t work(std::uint64_t seed) {
  for (int i = 0; i < 64; ++i) seed = seed * 6364136223846793005u + 1442695040888963407u;
  return seed;
}

}  // namespace

int main(int argc, char** argv) {
  const int seconds = argc > 1 ? std::atoi(argv[1]) : 0;
  const bool spread_calls = argc > 2 && std::string(argv[2]) == "--spread";
  if (seconds <= 0 || seconds > 3600 || argc > 3 || (argc > 2 && !spread_calls)) {
    std::fprintf(stderr, "usage: %s SECONDS (1 to 3600) [--spread]\n", argv[0]);
    return 2;
  }
  // One site per function, as the plugin would emit; they live as long as the program.
  std::vector<hotpath::Site*> sites;
  for (int i = 0; i < kFunctions; ++i) {
    auto* name = new std::string("load::function_" + std::to_string(i));
    sites.push_back(new hotpath::Site(name->c_str(), nullptr, __FILE__, __LINE__));
  }
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> sink{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 random(static_cast<unsigned>(t));
      std::uniform_int_distribution<int> pick(0, kFunctions - 1);
      std::uint64_t value = static_cast<std::uint64_t>(t);
      // Every function first, so that all 10,000 have rows from the start.
      for (int i = t; i < kFunctions; i += kThreads) {
        hotpath::ScopeGuard guard(*sites[static_cast<std::size_t>(i)]);
        value = work(value);
      }
      while (!stop.load(std::memory_order_relaxed)) {
        hotpath::ScopeGuard guard(*sites[static_cast<std::size_t>(pick(random))]);
        value = work(value);
      }
      sink += value;
    });
  }
  if (spread_calls) {
    threads.emplace_back([] {
      const long calls = spread::make_calls();
      std::fprintf(stderr, "workload: spread calls done: %ld calls\n", calls);
    });
  }
  std::this_thread::sleep_for(std::chrono::seconds(seconds));
  stop = true;
  for (std::thread& thread : threads) thread.join();
  return sink.load() == 42 ? 1 : 0;
}
