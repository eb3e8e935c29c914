// The program the MCP tests serve: app::run called 3 times, each calling
// app::parse 4 times (which sleeps, and allocates 4 KiB); app::take waiting once
// for the lock that app::hold holds for 20 ms on another thread; a gauge and a
// counter. Then, its measured calls done, a line on stderr and a wait for the file
// argv[1] names (at most a minute) while the tests ask it.
#include <hotpath/hotpath.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <thread>

namespace app {

/// Where parse() keeps its allocation, so that the compiler keeps it too.
void* volatile kept = nullptr;

HOTPATH_NOINLINE void parse() {
  HOTPATH_MEASURE();
  kept = std::malloc(4096);
  std::free(kept);
  std::this_thread::sleep_for(std::chrono::microseconds(200));
}

HOTPATH_NOINLINE void run() {
  HOTPATH_MEASURE();
  for (int i = 0; i < 4; ++i) parse();
}

std::mutex jobs;
std::atomic<bool> held{false};

HOTPATH_NOINLINE void hold() {
  HOTPATH_MEASURE();
  std::lock_guard<std::mutex> lock(jobs);
  held = true;
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

HOTPATH_NOINLINE void take() {
  HOTPATH_MEASURE();
  std::lock_guard<std::mutex> lock(jobs);
}

}  // namespace app

// argv[1]: the file whose existence ends the program.
int main(int, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  for (int i = 0; i < 3; ++i) app::run();
  std::thread holder(app::hold);
  while (!app::held) std::this_thread::yield();
  app::take();
  holder.join();
  hotpath::gauge("queue_depth").set(5);
  hotpath::counter("jobs").add(3);
  std::fputs("mcp_program: work done\n", stderr);
  for (int i = 0; i < 6000 && !std::ifstream(argv[1]).good(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}
