// A program whose own code takes locks where hotpath-wait must not deadlock or
// recurse: its operator new and delete take a mutex (so do the allocations of
// hotpath's own code, and of the C++ library, made while hotpath-wait records a
// wait or keeps a stack), and a SIGALRM handler, run every millisecond on whichever
// thread the kernel picks, takes a mutex of its own and writes to a pipe. Four
// threads in a measured function allocate, contend for a counter's mutex and
// sleep. It prints how many times the handler ran; the report goes where
// HOTPATH_OUTPUT_PATH says.
#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "hotpath/hotpath.hpp"

std::mutex g_allocator_mutex;
std::size_t g_allocations = 0;

void* operator new(std::size_t bytes) {
  std::lock_guard<std::mutex> guard(g_allocator_mutex);
  ++g_allocations;
  if (void* block = std::malloc(bytes != 0 ? bytes : 1)) return block;
  throw std::bad_alloc();
}
void operator delete(void* block) noexcept {
  std::lock_guard<std::mutex> guard(g_allocator_mutex);
  std::free(block);
}
void operator delete(void* block, std::size_t) noexcept { operator delete(block); }

namespace {

std::mutex g_handler_mutex;
int g_pipe[2];
volatile sig_atomic_t g_ticks = 0;

void on_alarm(int) {
  std::lock_guard<std::mutex> guard(g_handler_mutex);
  if (write(g_pipe[1], "t", 1) == 1) g_ticks = g_ticks + 1;
}

}  // namespace

namespace app {

std::mutex g_counter_mutex;
long g_counter = 0;

void worker(int rounds) {
  HOTPATH_MEASURE();
  for (int i = 0; i < rounds; ++i) {
    auto values = std::make_unique<std::vector<int>>(64, i);
    {
      std::lock_guard<std::mutex> guard(g_counter_mutex);
      g_counter += values->back();
      if (i % 100 == 0) usleep(200);
    }
    if (i % 50 == 0) usleep(100);
  }
}

}  // namespace app

int main() {
  HOTPATH_MEASURE();
  if (pipe(g_pipe) != 0) return 1;
  struct sigaction action = {};
  action.sa_handler = on_alarm;
  action.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &action, nullptr);
  const itimerval every_ms{{0, 1000}, {0, 1000}};
  setitimer(ITIMER_REAL, &every_ms, nullptr);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back(app::worker, 2000);
  for (std::thread& thread : threads) thread.join();
  const itimerval off{};
  setitimer(ITIMER_REAL, &off, nullptr);
  std::printf("counter %ld, handler ran %s\n", app::g_counter, g_ticks > 0 ? "yes" : "no");
  return 0;
}
