// Splitting canonical signatures into name, parameter list, qualifiers and the file
// of a function with internal linkage.
#include "signature.hpp"

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "syntax.hpp"

namespace hotpath::names {
namespace {

struct SplitCase {
  const char* signature;
  const char* name;
  const char* parameters;
  const char* qualifiers;
  const char* file;
};

TEST(NamesSignature, SplitsSignatures) {
  const std::vector<SplitCase> cases = {
      {"app::S::f(int) const &", "app::S::f", "(int)", "const &", ""},
      {"helper() [a.cpp]", "helper", "()", "", "a.cpp"},
      {"app::S::f()", "app::S::f", "()", "", ""},
      {"app::S::r() &&", "app::S::r", "()", "&&", ""},
      {"app::Q::cv() const volatile", "app::Q::cv", "()", "const volatile", ""},
      {"app::Q::crr() const &&", "app::Q::crr", "()", "const &&", ""},
      {"main", "main", "", "", ""},
      {"main()", "main", "()", "", ""},
      {"app::Map<int>::bucket(const int &) const", "app::Map<int>::bucket", "(const int &)",
       "const", ""},
      {"app::Map<int, std::string>::put<long>(long, const char *)",
       "app::Map<int, std::string>::put<long>", "(long, const char *)", "", ""},
      {"app::print<int, double>(const char *, int &&, double &&)", "app::print<int, double>",
       "(const char *, int &&, double &&)", "", ""},
      {"app::arr<3, int>(int (&)[3])", "app::arr<3, int>", "(int (&)[3])", "", ""},
      {"app::fp(void (*)(int), int (&)[4], const std::function<int (double)> &, "
       "std::unique_ptr<int[]>)",
       "app::fp",
       "(void (*)(int), int (&)[4], const std::function<int (double)> &, std::unique_ptr<int[]>)",
       "", ""},
      {"app::Op::operator()(int)", "app::Op::operator()", "(int)", "", ""},
      {"app::Op::operator[](int) const", "app::Op::operator[]", "(int)", "const", ""},
      {"app::Op::operator<<(int)", "app::Op::operator<<", "(int)", "", ""},
      {"app::Pt::operator<(const app::Pt &) const", "app::Pt::operator<", "(const app::Pt &)",
       "const", ""},
      {"app::Pt::operator<=>(const app::Pt &) const", "app::Pt::operator<=>", "(const app::Pt &)",
       "const", ""},
      {"app::operator< <int>(const Pt &, const int &)", "app::operator< <int>",
       "(const Pt &, const int &)", "", ""},
      {"app::Pt::operator new[](std::size_t)", "app::Pt::operator new[]", "(std::size_t)", "", ""},
      {"app::Op::operator const char *() const", "app::Op::operator const char *", "()", "const",
       ""},
      {"app::Pt::operator int *<int>() const", "app::Pt::operator int *<int>", "()", "const", ""},
      {"app::HMap<int>::~HMap()", "app::HMap<int>::~HMap", "()", "", ""},
      {"app::loc(int)::L::m()", "app::loc(int)::L::m", "()", "", ""},
      {"app::Host::m() const::L2::n()", "app::Host::m() const::L2::n", "()", "", ""},
      {"main()::(lambda)", "main()::(lambda)", "", "", ""},
      {"main()::(lambda)<int>", "main()::(lambda)<int>", "", "", ""},
      {"app::lam_free()::(lambda)::(lambda)", "app::lam_free()::(lambda)::(lambda)", "", "", ""},
      {"main::(lambda at a.cpp:41)<int>(int)", "main::(lambda at a.cpp:41)<int>", "(int)", "", ""},
      {"app::(anonymous namespace)::helper(unsigned long long) [cases.cpp]",
       "app::(anonymous namespace)::helper", "(unsigned long long)", "", "cases.cpp"},
      {"app::shelper() [cases.cpp]", "app::shelper", "()", "", "cases.cpp"},
      {"app::vf(int, ...)", "app::vf", "(int, ...)", "", ""},
      {"app::Tup<>::f()", "app::Tup<>::f", "()", "", ""},
      {"c_func()", "c_func", "()", "", ""},
      {"", "", "", "", ""},
  };
  for (const SplitCase& test : cases) {
    SCOPED_TRACE(test.signature);
    const SignatureParts parts = split_signature(test.signature);
    EXPECT_EQ(parts.name, test.name);
    EXPECT_EQ(parts.parameters, test.parameters);
    EXPECT_EQ(parts.qualifiers, test.qualifiers);
    EXPECT_EQ(parts.file, test.file);
  }
}

TEST(NamesSignature, FileTags) {
  std::string_view signature = "app::shelper() [/src/app/cases.cpp]";
  EXPECT_EQ(take_file_tag(signature), "cases.cpp");
  EXPECT_EQ(signature, "app::shelper()");

  signature = "helper() [a.cpp]";
  EXPECT_EQ(take_file_tag(signature), "a.cpp");
  EXPECT_EQ(signature, "helper()");

  for (const char* untagged : {"app::S::f() const", "app::Box<int[3]>::f()", "main", ""}) {
    SCOPED_TRACE(untagged);
    signature = untagged;
    EXPECT_EQ(take_file_tag(signature), "");
    EXPECT_EQ(signature, untagged);
  }

  const SignatureParts parts = split_signature("app::(anonymous namespace)::f(int) [/x/y/b.cpp]");
  EXPECT_EQ(parts.name, "app::(anonymous namespace)::f");
  EXPECT_EQ(parts.parameters, "(int)");
  EXPECT_EQ(parts.qualifiers, "");
  EXPECT_EQ(parts.file, "b.cpp");
}

TEST(NamesSignature, LayoutIndexes) {
  // app :: S :: f (int) const & [a.cpp]
  const Nodes nodes = parse("app::S::f(int) const & [a.cpp]");
  ASSERT_EQ(nodes.size(), 9u);
  const SignatureLayout layout = layout_of(nodes);
  EXPECT_EQ(layout.parameters, 5u);
  EXPECT_EQ(layout.qualifiers, 6u);
  EXPECT_EQ(layout.file, 8u);

  const Nodes name_only = parse("app::S");
  const SignatureLayout none = layout_of(name_only);
  EXPECT_EQ(none.parameters, name_only.size());
  EXPECT_EQ(none.qualifiers, name_only.size());
  EXPECT_EQ(none.file, name_only.size());

  // A lone `(int)` names nothing: it is no parameter list.
  const Nodes lone = parse("(int)");
  EXPECT_EQ(layout_of(lone).parameters, lone.size());
  EXPECT_EQ(layout_of(Nodes{}).parameters, 0u);
}

}  // namespace
}  // namespace hotpath::names
