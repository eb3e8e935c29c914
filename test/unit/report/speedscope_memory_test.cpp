// The memory a speedscope document takes to write: a program's thread rings hold
// millions of calls, and the document is written as the program exits, so the
// heap it needs must stay a small multiple of the text it makes. This executable
// replaces operator new and delete to count the heap in use (its own program:
// the counting would weigh on every other test).
#include <malloc.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "speedscope_document.hpp"

namespace {

std::atomic<bool> counting{false};
std::atomic<std::int64_t> in_use{0};
std::atomic<std::int64_t> most_in_use{0};

void* allocate(std::size_t size) {
  void* block = std::malloc(size == 0 ? 1 : size);
  if (block == nullptr) throw std::bad_alloc();
  if (counting.load(std::memory_order_relaxed)) {
    const std::int64_t now =
        in_use.fetch_add(static_cast<std::int64_t>(malloc_usable_size(block))) +
        static_cast<std::int64_t>(malloc_usable_size(block));
    std::int64_t most = most_in_use.load();
    while (now > most && !most_in_use.compare_exchange_weak(most, now)) {
    }
  }
  return block;
}

void release(void* block) noexcept {
  if (block == nullptr) return;
  // Blocks allocated before counting began count too: a free lowers the figure
  // below where it started, never the peak above it.
  if (counting.load(std::memory_order_relaxed))
    in_use.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(block)));
  std::free(block);
}

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void operator delete(void* block) noexcept { release(block); }
void operator delete[](void* block) noexcept { release(block); }
void operator delete(void* block, std::size_t) noexcept { release(block); }
void operator delete[](void* block, std::size_t) noexcept { release(block); }

namespace hotpath {
namespace {

// One thread of 100,000 calls, a caller and its 99 callees over and over: 200,000
// events of some 35 bytes of text each.
SpeedscopeInput many_calls() {
  SpeedscopeInput input;
  input.name = "program [1]";
  input.names = {"app::serve", "app::parse", "app::answer"};
  TimelineThread thread;
  thread.tid = 1;
  thread.name = "main";
  for (std::uint64_t caller = 0; caller < 1000; ++caller) {
    const std::uint64_t start = caller * 1000000;
    thread.calls.push_back({0, start, start + 999999});
    for (std::uint64_t callee = 0; callee < 99; ++callee) {
      const std::uint64_t at = start + 1 + callee * 10000;
      thread.calls.push_back({1 + callee % 2, at, at + 5000});
    }
  }
  input.threads.push_back(std::move(thread));
  return input;
}

TEST(SpeedscopeMemory, HeapStaysWithinAFewTimesTheText) {
  const SpeedscopeInput input = many_calls();
  in_use = 0;
  most_in_use = 0;
  counting = true;
  const std::string document = speedscope_document(input);
  counting = false;
  // The profile's text, then the document's: twice the text (2.0 measured), the
  // sorted copy of the calls besides. As JSON values the events took 14.5 times.
  EXPECT_LT(most_in_use.load(), static_cast<std::int64_t>(3 * document.size()))
      << "document of " << document.size() << " bytes";

  const nlohmann::json parsed = nlohmann::json::parse(document);
  const nlohmann::json& events = parsed["profiles"][0]["events"];
  ASSERT_EQ(events.size(), 200000u);
  EXPECT_EQ(events[0], (nlohmann::json{{"type", "O"}, {"frame", 0}, {"at", 0}}));
  EXPECT_EQ(events[1], (nlohmann::json{{"type", "O"}, {"frame", 1}, {"at", 1}}));
  EXPECT_EQ(events[2], (nlohmann::json{{"type", "C"}, {"frame", 1}, {"at", 5001}}));
  EXPECT_EQ(events[199999], (nlohmann::json{{"type", "C"}, {"frame", 0}, {"at", 999999999}}));
  EXPECT_EQ(parsed["shared"]["frames"].size(), 3u);
  EXPECT_EQ(parsed["profiles"][0]["endValue"], 999999999u);
}

}  // namespace
}  // namespace hotpath
