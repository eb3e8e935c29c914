// The program the live page's Waits tab is tested with: app::nap sleeps 3 times,
// app::read_pipe reads 100 bytes 4 times from a pipe a writer fills 10 ms after
// each read starts, then joins the writer; app::take_lock waits once for the
// mutex named "jobs", which a thread outside measured calls holds 25 ms; app::add
// only computes. Then it waits for the file argv[1] names (at most a minute) while
// the test looks at it.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <thread>

#include "hotpath/hotpath.hpp"

namespace app {

HOTPATH_NOINLINE void nap() {
  HOTPATH_MEASURE();
  for (int i = 0; i < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

// Each read finds the pipe empty and waits for the writer: 4 I/O waits moving 400
// bytes, and 1 other wait, the join.
HOTPATH_NOINLINE void read_pipe() {
  HOTPATH_MEASURE();
  int fds[2];
  if (pipe(fds) != 0) std::abort();
  std::thread writer([&] {
    char block[100] = {};
    for (int i = 0; i < 4; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (write(fds[1], block, sizeof block) != sizeof block) std::abort();
    }
  });
  char buffer[100];
  for (int i = 0; i < 4; ++i)
    if (read(fds[0], buffer, sizeof buffer) != sizeof buffer) std::abort();
  writer.join();
  close(fds[0]);
  close(fds[1]);
}

HOTPATH_NOINLINE void take_lock() {
  HOTPATH_MEASURE();
  std::mutex jobs;
  hotpath::name_lock(&jobs, "jobs");
  std::atomic<bool> held{false};
  std::thread holder([&] {
    std::lock_guard<std::mutex> guard(jobs);
    held = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  });
  while (!held) std::this_thread::yield();
  jobs.lock();  // the lock call of the locks table
  jobs.unlock();
  holder.join();
}

HOTPATH_NOINLINE unsigned add(unsigned n) {
  HOTPATH_MEASURE();
  unsigned sum = 0;
  for (unsigned i = 0; i < n; ++i) sum += i * i;
  return sum;
}

}  // namespace app

// argv[1]: the file whose existence ends the program.
int main(int, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  app::nap();
  app::read_pipe();
  app::take_lock();
  if (app::add(1000) == 42) return 1;
  for (int i = 0; i < 6000 && !std::ifstream(argv[1]).good(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}
