// The short names of native frames in pprof profiles: the demangled symbol without
// return type, parameters and qualifiers, as the report names functions; and the
// names that are left as they are.
#include "function_names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace hotpath::pprof {
namespace {

TEST(ShortFunctionName, LeavesOutReturnTypeParametersAndQualifiers) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"heavy(int)", "heavy"},
      {"app::Parser::parse(char const*)", "app::Parser::parse"},
      {"int YAML::RegEx::MatchUnchecked<YAML::StreamCharSource>(YAML::StreamCharSource const&) "
       "const",
       "YAML::RegEx::MatchUnchecked<YAML::StreamCharSource>"},
      {"unsigned long std::max<unsigned long>(unsigned long const&, unsigned long const&)",
       "std::max<unsigned long>"},
      {"std::vector<int, std::allocator<int> >::push_back(int const&)",
       "std::vector<int, std::allocator<int> >::push_back"},
      {"(anonymous namespace)::start_locked(int) [clone .isra.0]",
       "(anonymous namespace)::start_locked"},
      {"app::(anonymous namespace)::helper() [clone .cold] [clone .constprop.0]",
       "app::(anonymous namespace)::helper"},
      {"main::{lambda(int)#1}::operator()(int) const", "main::{lambda(int)#1}::operator()"},
      {"bool std::operator< <char>(std::basic_string<char> const&, char const*)",
       "std::operator< <char>"},
      {"app::Stream::operator<<(int) &", "app::Stream::operator<<"},
      {"app::Big::operator new[](unsigned long)", "app::Big::operator new[]"},
      {"app::Id::operator unsigned long() const noexcept", "app::Id::operator unsigned long"},
      {"std::function<void (int)> app::make<int>(std::function<void (int)>)", "app::make<int>"},
      {"app::run(int)::Local::method() const volatile &&", "app::run(int)::Local::method"},
      {"std::__cxx11::basic_string<char> app::name[abi:cxx11]<int>(int)",
       "app::name[abi:cxx11]<int>"},
  };
  for (const auto& [demangled, expected] : cases) {
    EXPECT_EQ(short_function_name(demangled), expected) << demangled;
  }
}

TEST(ShortFunctionName, LeavesWhatIsNoPlainSignature) {
  for (const std::string name :
       {"main", "_int_malloc", "[unknown]", "libclang-cpp.so.14+0x2c8a1d0", "",
        "void (*app::pick<int>(int))(double)", "f(int", "broken)", "()", "x [clone .cold]"}) {
    EXPECT_EQ(short_function_name(name), name) << name;
  }
}

}  // namespace
}  // namespace hotpath::pprof
