// hotpath-alloc in its default (exclusive) mode: what each allocation function
// counts, attribution to the innermost measured call, thread totals, many threads,
// and fork. Every figure is exact: a test checks only the rows of its own sites, and
// keeps gtest's own allocations out of its measured functions.
#include <gtest/gtest.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

#include "alloc_test_support.hpp"
#include "hotpath/scope_guard.hpp"

namespace hotpath {
namespace {

using test::alloc_row;
using test::escape;
using test::report_of;
using test::thread_row;

/// Objects of known sizes: `delete` of a complete type is a sized delete.
struct Bytes10 {
  char data[10];
};
struct Bytes100 {
  char data[100];
};
struct alignas(64) CacheLines {
  unsigned char data[192];
};

std::uintptr_t address(const void* pointer) { return reinterpret_cast<std::uintptr_t>(pointer); }

// --- new and delete ----------------------------------------------------------------

Site g_new_array_site("alloc.new_array", nullptr, __FILE__, __LINE__);

std::size_t new_array(std::size_t bytes) {
  ScopeGuard guard(g_new_array_site);
  char* block = new char[bytes];
  escape(block);
  const std::size_t usable = malloc_usable_size(block);
  delete[] block;  // unsized: char has no destructor, so no array cookie
  return usable;
}

TEST(AllocTest, NewArrayCountsTheRequestedBytesAndUnsizedDeleteTheUsableSize) {
  std::size_t usable = 0;
  const Report report = report_of("new-array", [&] { usable = new_array(1000); });
  ASSERT_TRUE(report.alloc_tracked);
  EXPECT_EQ(report.alloc_mode, AllocMode::Exclusive);
  const AllocRow* row = alloc_row(report, "alloc.new_array");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->calls, 1u);
  EXPECT_EQ(row->alloc_bytes, 1000u);
  EXPECT_EQ(row->alloc_count, 1u);
  EXPECT_GE(usable, 1000u);
  EXPECT_EQ(row->dealloc_bytes, usable);
  EXPECT_EQ(row->dealloc_count, 1u);
  EXPECT_EQ(row->avg_bytes, 1000u);
  EXPECT_EQ(row->percentile_bytes, (std::vector<std::uint64_t>{1000, 1000, 1000}));
}

Site g_sized_delete_site("alloc.sized_delete", nullptr, __FILE__, __LINE__);

void sized_delete() {
  ScopeGuard guard(g_sized_delete_site);
  Bytes100* object = new Bytes100;
  escape(object);
  delete object;
  ::operator delete(::operator new(48), 48);
}

TEST(AllocTest, SizedDeleteCountsTheSizeTheProgramGives) {
  const Report report = report_of("sized-delete", [] { sized_delete(); });
  const AllocRow* row = alloc_row(report, "alloc.sized_delete");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 148u);
  EXPECT_EQ(row->alloc_count, 2u);
  EXPECT_EQ(row->dealloc_bytes, 148u);
  EXPECT_EQ(row->dealloc_count, 2u);
}

Site g_vector_site("alloc.vector_growth", nullptr, __FILE__, __LINE__);

void vector_growth(int count, std::vector<std::size_t>& capacities) {
  ScopeGuard guard(g_vector_site);
  std::vector<int> values;
  for (int i = 0; i < count; ++i) {
    values.push_back(i);
    if (capacities.empty() || capacities.back() != values.capacity())
      capacities.push_back(values.capacity());
  }
}

TEST(AllocTest, VectorGrowthCountsEveryCapacity) {
  std::vector<std::size_t> capacities;
  capacities.reserve(64);  // no allocation of its own inside the measured call
  const Report report = report_of("vector", [&] { vector_growth(100, capacities); });
  std::uint64_t expected_bytes = 0;
  for (std::size_t capacity : capacities) expected_bytes += capacity * sizeof(int);
  ASSERT_FALSE(capacities.empty());
  EXPECT_EQ(capacities.front(), 1u);  // libstdc++ grows 1, 2, 4, ...
  const AllocRow* row = alloc_row(report, "alloc.vector_growth");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, expected_bytes);
  EXPECT_EQ(row->alloc_count, capacities.size());
  // std::allocator frees with a sized delete: every block, the last one included.
  EXPECT_EQ(row->dealloc_bytes, expected_bytes);
  EXPECT_EQ(row->dealloc_count, capacities.size());
}

Site g_aligned_site("alloc.aligned_new", nullptr, __FILE__, __LINE__);

struct AlignedFigures {
  std::uintptr_t misalignment = 1;
  std::size_t array_usable = 0;
};

void aligned_new(AlignedFigures& figures) {
  ScopeGuard guard(g_aligned_site);
  CacheLines* one = new CacheLines;                   // operator new(192, align 64)
  CacheLines* many = new CacheLines[4];               // operator new[](768, align 64)
  CacheLines* maybe = new (std::nothrow) CacheLines;  // the nothrow form
  escape(one);
  escape(many);
  escape(maybe);
  figures.misalignment = (address(one) | address(many) | address(maybe)) % 64;
  figures.array_usable = malloc_usable_size(many);
  delete one;     // sized: operator delete(p, 192, align 64)
  delete[] many;  // unsized: no array cookie
  delete maybe;
}

TEST(AllocTest, AlignedNewIsAlignedAndCounted) {
  AlignedFigures figures;
  const Report report = report_of("aligned", [&] { aligned_new(figures); });
  EXPECT_EQ(figures.misalignment, 0u);
  const AllocRow* row = alloc_row(report, "alloc.aligned_new");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 192u + 768u + 192u);
  EXPECT_EQ(row->alloc_count, 3u);
  EXPECT_EQ(row->dealloc_bytes, 192u + figures.array_usable + 192u);
  EXPECT_EQ(row->dealloc_count, 3u);
}

Site g_failed_new_site("alloc.failed_new", nullptr, __FILE__, __LINE__);

struct FailedFigures {
  bool nothrow_null = false;
  bool nothrow_array_null = false;
  bool nothrow_aligned_null = false;
};

void failed_new(std::size_t huge, FailedFigures& figures) {
  ScopeGuard guard(g_failed_new_site);
  void* blocks[] = {::operator new(huge, std::nothrow), ::operator new[](huge, std::nothrow),
                    ::operator new (huge, std::align_val_t{64}, std::nothrow)};
  for (void* block : blocks) escape(block);
  figures.nothrow_null = blocks[0] == nullptr;
  figures.nothrow_array_null = blocks[1] == nullptr;
  figures.nothrow_aligned_null = blocks[2] == nullptr;
  ::operator delete(nullptr);
  ::operator delete (nullptr, std::size_t{16});
}

TEST(AllocTest, AFailedAllocationAndADeleteOfNullCountNothing) {
  volatile std::size_t huge = SIZE_MAX / 2;
  FailedFigures figures;
  const Report report = report_of("failed-new", [&] { failed_new(huge, figures); });
  EXPECT_TRUE(figures.nothrow_null);
  EXPECT_TRUE(figures.nothrow_array_null);
  EXPECT_TRUE(figures.nothrow_aligned_null);
  const AllocRow* row = alloc_row(report, "alloc.failed_new");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 0u);
  EXPECT_EQ(row->alloc_count, 0u);
  EXPECT_EQ(row->dealloc_bytes, 0u);
  EXPECT_EQ(row->dealloc_count, 0u);
}

int g_handler_calls = 0;

void give_up_on_second_call() {
  if (++g_handler_calls == 2) std::set_new_handler(nullptr);
}

void throw_bad_alloc() { throw std::bad_alloc(); }

// Outside any measured call: throwing allocates the exception object.
TEST(AllocTest, NewCallsTheNewHandlerUntilItIsRemoved) {
  volatile std::size_t huge = SIZE_MAX / 2;
  g_handler_calls = 0;
  std::set_new_handler(give_up_on_second_call);
  EXPECT_THROW(::operator delete(::operator new(huge)), std::bad_alloc);
  EXPECT_EQ(g_handler_calls, 2);
  EXPECT_EQ(std::get_new_handler(), nullptr);

  // A handler that throws makes the nothrow forms return null.
  std::set_new_handler(throw_bad_alloc);
  EXPECT_EQ(::operator new(huge, std::nothrow), nullptr);
  EXPECT_EQ(::operator new[](huge, std::align_val_t{32}, std::nothrow), nullptr);
  EXPECT_THROW(::operator delete[](::operator new[](huge)), std::bad_alloc);
  std::set_new_handler(nullptr);
}

// --- the C family ------------------------------------------------------------------

Site g_c_family_site("alloc.c_family", nullptr, __FILE__, __LINE__);

struct CFigures {
  std::size_t malloc_usable = 0;
  std::size_t calloc_usable = 0;
  std::size_t realloc_usable = 0;
  std::size_t realloc_null_usable = 0;
  bool realloc_zero_null = false;
  bool calloc_overflow_null = false;
  int calloc_overflow_errno = 0;
  bool zeroed = false;
};

void c_family(std::size_t huge, CFigures& figures) {
  ScopeGuard guard(g_c_family_site);
  void* a = std::malloc(100);  // +100
  escape(a);
  auto* b = static_cast<unsigned char*>(std::calloc(10, 30));  // +300
  escape(b);
  figures.zeroed = b != nullptr && b[0] == 0 && b[299] == 0;
  figures.malloc_usable = malloc_usable_size(a);
  void* c = std::realloc(a, 5000);  // -usable(a), +5000
  escape(c);
  void* d = std::realloc(nullptr, 64);  // +64
  escape(d);
  figures.realloc_null_usable = malloc_usable_size(d);
  figures.realloc_zero_null = std::realloc(d, 0) == nullptr;  // -usable(d)
  figures.calloc_usable = malloc_usable_size(b);
  std::free(b);  // -usable(b)
  figures.realloc_usable = malloc_usable_size(c);
  std::free(c);  // -usable(c)
  std::free(nullptr);
  errno = 0;
  void* overflow = std::calloc(huge, 4);  // count * size overflows
  escape(overflow);
  figures.calloc_overflow_null = overflow == nullptr;
  figures.calloc_overflow_errno = errno;
}

TEST(AllocTest, MallocCallocReallocAndFreeCountAsGlibcAllocates) {
  volatile std::size_t huge = SIZE_MAX / 2;
  CFigures figures;
  const Report report = report_of("c-family", [&] { c_family(huge, figures); });
  EXPECT_TRUE(figures.zeroed);
  EXPECT_TRUE(figures.realloc_zero_null);
  EXPECT_TRUE(figures.calloc_overflow_null);
  EXPECT_EQ(figures.calloc_overflow_errno, ENOMEM);
  const AllocRow* row = alloc_row(report, "alloc.c_family");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 100u + 300u + 5000u + 64u);
  EXPECT_EQ(row->alloc_count, 4u);  // the realloc that moved counts as one
  EXPECT_EQ(row->dealloc_bytes, figures.malloc_usable + figures.realloc_null_usable +
                                    figures.calloc_usable + figures.realloc_usable);
  EXPECT_EQ(row->dealloc_count, 4u);
}

Site g_c_aligned_site("alloc.c_aligned", nullptr, __FILE__, __LINE__);

struct CAlignedFigures {
  std::uintptr_t misalignment = 1;
  std::size_t usable = 0;
  int bad_alignment_result = 0;
  int posix_memalign_errno = 0;
};

void c_aligned(CAlignedFigures& figures) {
  ScopeGuard guard(g_c_aligned_site);
  void* blocks[5] = {};
  blocks[0] = aligned_alloc(64, 256);
  void* posix = nullptr;
  errno = 0;
  figures.posix_memalign_errno = posix_memalign(&posix, 128, 300) == 0 ? errno : -1;
  blocks[1] = posix;
  blocks[2] = memalign(32, 50);
  blocks[3] = valloc(1000);
  blocks[4] = pvalloc(100);
  void* refused = nullptr;
  figures.bad_alignment_result = posix_memalign(&refused, 24, 10);  // not a power of two
  figures.misalignment = address(blocks[0]) % 64 | address(blocks[1]) % 128 |
                         address(blocks[2]) % 32 | address(blocks[3]) % 4096 |
                         address(blocks[4]) % 4096;
  figures.usable = 0;
  for (void* block : blocks) {
    figures.usable += malloc_usable_size(block);
    std::free(block);
  }
}

TEST(AllocTest, AlignedCAllocationsAreAlignedAndCounted) {
  CAlignedFigures figures;
  const Report report = report_of("c-aligned", [&] { c_aligned(figures); });
  EXPECT_EQ(figures.misalignment, 0u);
  EXPECT_EQ(figures.bad_alignment_result, EINVAL);
  EXPECT_EQ(figures.posix_memalign_errno, 0);
  const AllocRow* row = alloc_row(report, "alloc.c_aligned");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 256u + 300u + 50u + 1000u + 100u);  // requested, not rounded
  EXPECT_EQ(row->alloc_count, 5u);
  EXPECT_EQ(row->dealloc_bytes, figures.usable);
  EXPECT_EQ(row->dealloc_count, 5u);
}

Site g_mapped_site("alloc.mapped", nullptr, __FILE__, __LINE__);

std::size_t mapped_blocks() {
  ScopeGuard guard(g_mapped_site);
  // Above glibc's mmap threshold (128 KiB by default): blocks of their own mapping,
  // whose chunk header differs from that of the heap's blocks.
  void* block = std::malloc(1 << 20);
  escape(block);
  void* aligned = aligned_alloc(4096, 1 << 20);
  escape(aligned);
  const std::size_t usable = malloc_usable_size(block) + malloc_usable_size(aligned);
  std::free(block);
  std::free(aligned);
  return usable;
}

TEST(AllocTest, BlocksMappedWithMmapCountTheirUsableSize) {
  std::size_t usable = 0;
  const Report report = report_of("mapped", [&] { usable = mapped_blocks(); });
  const AllocRow* row = alloc_row(report, "alloc.mapped");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 2u << 20);
  EXPECT_EQ(row->dealloc_bytes, usable);
  EXPECT_EQ(row->dealloc_count, 2u);
}

// --- attribution -------------------------------------------------------------------

Site g_outer_site("alloc.outer", nullptr, __FILE__, __LINE__);
Site g_inner_site("alloc.inner", nullptr, __FILE__, __LINE__);

void inner() {
  ScopeGuard guard(g_inner_site);
  Bytes10* first = new Bytes10;
  Bytes10* second = new Bytes10;
  escape(first);
  escape(second);
  delete first;
  delete second;
}

void outer() {
  ScopeGuard guard(g_outer_site);
  Bytes100* object = new Bytes100;
  escape(object);
  inner();
  inner();
  delete object;
}

TEST(AllocTest, ACallerDoesNotCountItsMeasuredCalleesAllocations) {
  const Report report = report_of("exclusive", [] { outer(); });
  const AllocRow* outer_row = alloc_row(report, "alloc.outer");
  const AllocRow* inner_row = alloc_row(report, "alloc.inner");
  ASSERT_NE(outer_row, nullptr);
  ASSERT_NE(inner_row, nullptr);
  EXPECT_EQ(outer_row->calls, 1u);
  EXPECT_EQ(outer_row->alloc_bytes, 100u);
  EXPECT_EQ(outer_row->alloc_count, 1u);
  EXPECT_EQ(outer_row->dealloc_bytes, 100u);
  EXPECT_EQ(inner_row->calls, 2u);
  EXPECT_EQ(inner_row->alloc_bytes, 40u);
  EXPECT_EQ(inner_row->alloc_count, 4u);
  EXPECT_EQ(inner_row->dealloc_bytes, 40u);
  EXPECT_EQ(inner_row->percentile_bytes, (std::vector<std::uint64_t>{20, 20, 20}));
}

Site g_recursive_site("alloc.recursive", nullptr, __FILE__, __LINE__);

void recursive(int depth) {
  ScopeGuard guard(g_recursive_site);
  Bytes10* object = new Bytes10;
  escape(object);
  if (depth > 1) recursive(depth - 1);
  delete object;
}

TEST(AllocTest, ARecursiveCallCountsOnlyItsOwnAllocations) {
  const Report report = report_of("recursive", [] { recursive(3); });
  const AllocRow* row = alloc_row(report, "alloc.recursive");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->calls, 3u);
  EXPECT_EQ(row->alloc_bytes, 30u);
  EXPECT_EQ(row->alloc_count, 3u);
  EXPECT_EQ(row->percentile_bytes, (std::vector<std::uint64_t>{10, 10, 10}));
}

// --- threads -----------------------------------------------------------------------

Site g_thread_inside_site("alloc.thread_inside", nullptr, __FILE__, __LINE__);

struct ThreadFigures {
  std::size_t malloc_usable = 0;
  std::size_t array_usable = 0;
};

void thread_inside() {
  ScopeGuard guard(g_thread_inside_site);
  Bytes100* object = new Bytes100;
  escape(object);
  delete object;
}

// Runs on a thread of its own, made with pthread_create: std::thread would free
// its start-up state on the new thread, which this test would then count.
void* exact_thread(void* argument) {
  auto& figures = *static_cast<ThreadFigures*>(argument);
  pthread_setname_np(pthread_self(), "alloc-exact");
  // The first measured call registers the thread: the runtime's own allocations.
  thread_inside();
  // Outside any measured call: the thread's totals only.
  void* block = std::malloc(777);
  escape(block);
  figures.malloc_usable = malloc_usable_size(block);
  std::free(block);
  char* array = new char[50];
  escape(array);
  figures.array_usable = malloc_usable_size(array);
  delete[] array;
  return nullptr;
}

TEST(AllocTest, AThreadsTotalsAreExactAndIncludeAllocationsOutsideMeasuredCalls) {
  ThreadFigures figures;
  const Report report = report_of("thread-totals", [&] {
    pthread_t thread;
    ASSERT_EQ(pthread_create(&thread, nullptr, exact_thread, &figures), 0);
    ASSERT_EQ(pthread_join(thread, nullptr), 0);
  });
  const AllocRow* row = alloc_row(report, "alloc.thread_inside");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 100u);
  EXPECT_EQ(row->dealloc_bytes, 100u);
  const ThreadAllocRow* thread = thread_row(report, "alloc-exact");
  ASSERT_NE(thread, nullptr);
  EXPECT_EQ(thread->alloc_bytes, 100u + 777u + 50u);
  EXPECT_EQ(thread->alloc_count, 3u);
  EXPECT_EQ(thread->dealloc_bytes, 100u + figures.malloc_usable + figures.array_usable);
  EXPECT_EQ(thread->dealloc_count, 3u);
  EXPECT_GE(report.alloc_total_bytes, thread->alloc_bytes);
}

Site g_before_session_site("alloc.before_session", nullptr, __FILE__, __LINE__);

void allocate_measured(std::size_t bytes) {
  ScopeGuard guard(g_before_session_site);
  void* block = std::malloc(bytes);
  escape(block);
  std::free(block);
}

/// A thread that allocates before the session opens and while it is open.
struct BeforeAndDuring {
  std::atomic<int> step{0};
};

void* allocate_before_and_during(void* argument) {
  auto& thread = *static_cast<BeforeAndDuring*>(argument);
  pthread_setname_np(pthread_self(), "alloc-during");
  allocate_measured(3000);  // registers the thread; before the session
  void* before = std::malloc(500);
  escape(before);
  std::free(before);
  thread.step.store(1);
  while (thread.step.load() != 2) std::this_thread::yield();
  void* during = std::malloc(40);
  escape(during);
  std::free(during);
  allocate_measured(200);
  return nullptr;
}

TEST(AllocTest, ASessionCountsOnlyTheAllocationsMadeWhileItWasOpen) {
  BeforeAndDuring figures;
  pthread_t thread;
  ASSERT_EQ(pthread_create(&thread, nullptr, allocate_before_and_during, &figures), 0);
  while (figures.step.load() != 1) std::this_thread::yield();
  const Report report = report_of("during", [&] {
    figures.step.store(2);
    ASSERT_EQ(pthread_join(thread, nullptr), 0);
  });
  const AllocRow* row = alloc_row(report, "alloc.before_session");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, 200u);
  EXPECT_EQ(row->alloc_count, 1u);
  const ThreadAllocRow* during = thread_row(report, "alloc-during");
  ASSERT_NE(during, nullptr);
  EXPECT_EQ(during->alloc_bytes, 40u + 200u);
  EXPECT_EQ(during->alloc_count, 2u);
}

Site g_parallel_site("alloc.parallel", nullptr, __FILE__, __LINE__);

constexpr int kThreads = 8;
constexpr int kCallsPerThread = 1000;

void parallel_work() {
  ScopeGuard guard(g_parallel_site);
  char* array = new char[48];
  escape(array);
  void* block = std::malloc(16);
  escape(block);
  std::free(block);
  delete[] array;
}

TEST(AllocTest, EightThreadsInTheSameFunctionAddUpExactly) {
  const Report report = report_of("parallel", [] {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([] {
        for (int i = 0; i < kCallsPerThread; ++i) parallel_work();
      });
    }
    for (std::thread& thread : threads) thread.join();
  });
  const AllocRow* row = alloc_row(report, "alloc.parallel");
  ASSERT_NE(row, nullptr);
  constexpr std::uint64_t kCalls = kThreads * kCallsPerThread;
  EXPECT_EQ(row->calls, kCalls);
  EXPECT_EQ(row->alloc_bytes, kCalls * (48 + 16));
  EXPECT_EQ(row->alloc_count, kCalls * 2);
  EXPECT_EQ(row->dealloc_count, kCalls * 2);
  EXPECT_EQ(row->avg_bytes, 64u);
}

Site g_short_thread_site("alloc.short_thread", nullptr, __FILE__, __LINE__);

void short_thread_work() {
  ScopeGuard guard(g_short_thread_site);
  Bytes10* object = new Bytes10;
  escape(object);
  delete object;
}

TEST(AllocTest, ManyThreadsStartAllocateAndExit) {
  constexpr int kRounds = 16;
  const Report report = report_of("thread-churn", [] {
    for (int round = 0; round < kRounds; ++round) {
      std::vector<std::thread> threads;
      for (int t = 0; t < kThreads; ++t) threads.emplace_back(short_thread_work);
      for (std::thread& thread : threads) thread.join();
    }
  });
  const AllocRow* row = alloc_row(report, "alloc.short_thread");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->calls, std::uint64_t{kRounds * kThreads});
  EXPECT_EQ(row->alloc_bytes, std::uint64_t{kRounds * kThreads * 10});
  EXPECT_EQ(row->dealloc_bytes, std::uint64_t{kRounds * kThreads * 10});
}

// --- fork --------------------------------------------------------------------------

Site g_forked_site("alloc.forked", nullptr, __FILE__, __LINE__);

void forked_work() {
  ScopeGuard guard(g_forked_site);
  void* block = std::malloc(100);
  escape(block);
  std::free(block);
  std::vector<int> values(1000, 1);
  escape(values.data());
}

/// Waits up to `timeout` for `child`; kills it if it is still running.
int wait_for(pid_t child, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int status = 0;
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) return status;
    if (done < 0 || std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

TEST(AllocTest, AForkedChildAllocatesOnItsThreadsAndExitsCleanly) {
  int status = -1;
  const Report report = report_of("fork", [&] {
    // Threads that allocate while the fork happens: the child must not inherit a
    // lock held by one of them.
    std::atomic<bool> stop{false};
    std::vector<std::thread> busy;
    for (int t = 0; t < 2; ++t) {
      busy.emplace_back([&stop] {
        while (!stop.load(std::memory_order_relaxed)) forked_work();
      });
    }
    std::fflush(nullptr);  // the child's exit flushes stdio: nothing twice
    const pid_t child = fork();
    if (child == 0) {
      forked_work();
      std::thread thread(forked_work);
      thread.join();
      std::exit(0);  // the exit report runs in the child too
    }
    status = child > 0 ? wait_for(child, std::chrono::seconds(30)) : -1;
    stop.store(true);
    for (std::thread& thread : busy) thread.join();
  });
  ASSERT_NE(status, -1) << "the child hung or fork failed";
  EXPECT_TRUE(WIFEXITED(status)) << "status " << status;
  EXPECT_EQ(WEXITSTATUS(status), 0);
  const AllocRow* row = alloc_row(report, "alloc.forked");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->alloc_bytes, row->calls * (100 + 1000 * sizeof(int)));
}

}  // namespace
}  // namespace hotpath
