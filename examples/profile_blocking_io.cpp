// Blocking I/O, the C++ port of the reference profiler's profile_blocking_io, with
// two more ways a thread waits: asleep, and on a lock another thread holds. A 10 MB
// file is written in 8 KiB chunks and synced, then read back five times; a nap and
// a contended lock follow. Wall time (the timing table) counts every wait; CPU
// samples (the CPU table, with hotpath-cpu) only what runs on a CPU in user space,
// so the waits shrink to almost nothing there; the wait table (with hotpath-wait)
// says what each function waited for. docs/cpu-sampling.md compares the first two,
// docs/waits.md reads all three.
//
// Build: clang++-19 -std=c++17 -O2 profile_blocking_io.cpp \
//          $(pkg-config --cflags --libs hotpath-cpu hotpath-wait hotpath)
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace profile_blocking_io {

constexpr std::size_t kFileSize = 10 * 1024 * 1024;
constexpr std::size_t kChunkSize = 8 * 1024;

[[hotpath::measure]] void create_test_file(const std::string& path) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    std::perror("create");
    return;
  }
  const std::vector<char> chunk(kChunkSize, static_cast<char>(0xAB));
  for (std::size_t written = 0; written < kFileSize; written += kChunkSize) {
    if (write(fd, chunk.data(), chunk.size()) != static_cast<ssize_t>(chunk.size())) {
      std::perror("write");
      break;
    }
  }
  fsync(fd);
  close(fd);
}

[[hotpath::measure]] std::vector<char> read_file(const std::string& path) {
  std::vector<char> data;
  data.reserve(kFileSize);
  const int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return data;
  std::vector<char> chunk(kChunkSize);
  for (ssize_t got; (got = read(fd, chunk.data(), chunk.size())) > 0;)
    data.insert(data.end(), chunk.data(), chunk.data() + got);
  close(fd);
  return data;
}

[[hotpath::measure]] void nap() { std::this_thread::sleep_for(std::chrono::milliseconds(20)); }

// Waits for a lock that another thread holds for 30 ms.
[[hotpath::measure]] void wait_for_lock(std::mutex& lock) {
  std::lock_guard<std::mutex> held(lock);
}

}  // namespace profile_blocking_io

[[hotpath::main]] int main() {
  using namespace profile_blocking_io;
  const std::string path = "/tmp/hotpath_blocking_" + std::to_string(getpid()) + ".bin";
  create_test_file(path);
  std::size_t bytes = 0;
  for (int i = 0; i < 5; ++i) bytes += read_file(path).size();
  unlink(path.c_str());

  nap();
  std::mutex lock;
  std::unique_lock<std::mutex> holder(lock);
  std::thread releaser([&holder] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    holder.unlock();
  });
  wait_for_lock(lock);
  releaser.join();
  return bytes == 5 * kFileSize ? 0 : 1;
}
