// Demangled names as `perf script` prints them: full parameter lists, the demangler's
// own spelling of templates, C names untouched.
#include "demangle.hpp"

#include <gtest/gtest.h>

namespace hotpath::symbolize {
namespace {

TEST(Demangle, FunctionWithParameters) {
  EXPECT_EQ(demangle("_Z10heavy_workj"), "heavy_work(unsigned int)");
  EXPECT_EQ(demangle("_ZN3app5StackIiE4pushERKi"), "app::Stack<int>::push(int const&)");
}

TEST(Demangle, StandardLibraryTemplatesAsTheDemanglerSpellsThem) {
  EXPECT_EQ(demangle("_ZNSt6vectorIiSaIiEE9push_backERKi"),
            "std::vector<int, std::allocator<int> >::push_back(int const&)");
}

TEST(Demangle, CompilerClonesKeepTheirSuffix) {
  EXPECT_EQ(demangle("_Z3fooi.cold"), "foo(int) [clone .cold]");
}

TEST(Demangle, CNamesAreKept) {
  EXPECT_EQ(demangle("main"), "main");
  EXPECT_EQ(demangle("memcpy"), "memcpy");
  // A bare type encoding is not a symbol: "i" is not "int".
  EXPECT_EQ(demangle("i"), "i");
}

TEST(Demangle, InvalidMangledNamesAreKept) {
  EXPECT_EQ(demangle("_Z"), "_Z");
  EXPECT_EQ(demangle("_Zfoo"), "_Zfoo");
  EXPECT_EQ(demangle(nullptr), "");
}

}  // namespace
}  // namespace hotpath::symbolize
