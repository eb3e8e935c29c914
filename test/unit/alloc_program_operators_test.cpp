// A program that replaces operator new(size_t) and operator delete(void*) itself,
// as code written before C++14 often does, linked with hotpath-alloc. The forms it
// did not replace must reach its own, as the standard library's do (new[] and
// nothrow new call new; delete[], nothrow and sized delete call delete), and what
// its operators allocate with malloc is counted by the malloc hooks. Its operators
// put a header in front of each block, so a block from elsewhere reaching its
// delete, or one of its blocks reaching glibc's free, ends the program.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "alloc_test_support.hpp"
#include "hotpath/scope_guard.hpp"

namespace {

constexpr std::size_t kHeaderBytes = 16;
constexpr std::uint64_t kMagic = 0x6f70657261746f72;
std::atomic<std::uint64_t> g_program_news{0};
std::atomic<std::uint64_t> g_program_deletes{0};

}  // namespace

void* operator new(std::size_t size) {
  auto* block = static_cast<unsigned char*>(std::malloc(size + kHeaderBytes));
  if (block == nullptr) throw std::bad_alloc();
  std::memcpy(block, &kMagic, sizeof kMagic);
  g_program_news.fetch_add(1, std::memory_order_relaxed);
  return block + kHeaderBytes;
}

// Without a sized delete on purpose: that is the case to test.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wsized-deallocation"
#endif
void operator delete(void* pointer) noexcept {
  if (pointer == nullptr) return;
  unsigned char* block = static_cast<unsigned char*>(pointer) - kHeaderBytes;
  std::uint64_t magic = 0;
  std::memcpy(&magic, block, sizeof magic);
  if (magic != kMagic) {
    std::fputs("operator delete: a block that did not come from this program's new\n", stderr);
    std::abort();
  }
  g_program_deletes.fetch_add(1, std::memory_order_relaxed);
  std::free(block);
}

namespace hotpath {
namespace {

using test::alloc_row;
using test::escape;
using test::report_of;

struct Bytes100 {
  char data[100];
};
struct alignas(64) CacheLines {
  unsigned char data[192];
};

struct Counts {
  std::uint64_t news = 0;
  std::uint64_t deletes = 0;
};

Site g_every_form_site("program.every_form", nullptr, __FILE__, __LINE__);

void use_every_form(Counts& counts) {
  ScopeGuard guard(g_every_form_site);
  const std::uint64_t news = g_program_news.load();
  const std::uint64_t deletes = g_program_deletes.load();
  char* array = new char[10];
  escape(array);
  delete[] array;
  Bytes100* object = new Bytes100;  // deleted with a sized delete
  escape(object);
  delete object;
  int* maybe = new (std::nothrow) int(1);
  escape(maybe);
  delete maybe;
  ::operator delete(::operator new(5), std::nothrow);
  char* maybe_array = new (std::nothrow) char[20];
  escape(maybe_array);
  delete[] maybe_array;
  ::operator delete[](::operator new[](30), std::size_t{30});
  // The program did not replace the aligned forms: hotpath-alloc's are used.
  CacheLines* aligned = new CacheLines;
  escape(aligned);
  delete aligned;
  counts.news = g_program_news.load() - news;
  counts.deletes = g_program_deletes.load() - deletes;
}

TEST(AllocProgramOperatorsTest, FormsTheProgramDidNotReplaceCallTheOnesItDid) {
  Counts counts;
  const Report report = report_of("program-operators", [&] { use_every_form(counts); });
  EXPECT_EQ(counts.news, 6u);
  EXPECT_EQ(counts.deletes, 6u);
  const AllocRow* row = alloc_row(report, "program.every_form");
  ASSERT_NE(row, nullptr);
  // The program's new asks malloc for its header too; the aligned new is counted
  // by hotpath-alloc's operator.
  EXPECT_EQ(row->alloc_bytes, (10u + 100u + 4u + 5u + 20u + 30u) + 6 * kHeaderBytes + 192u);
  EXPECT_EQ(row->alloc_count, 7u);
  EXPECT_EQ(row->dealloc_count, 7u);
}

}  // namespace
}  // namespace hotpath
