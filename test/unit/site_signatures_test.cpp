// The signatures of a report's sites, resolved on several threads: each site gets
// the signature signature_of() gives it alone, whichever thread resolved it, and
// the sites not asked for get none.
#include "naming/site_signatures.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "hotpath/site.hpp"

namespace hotpath::detail {
namespace {

/// Sites whose strings live as long as the test.
class SiteSet {
 public:
  void add(std::string pattern, std::string pretty) {
    patterns_.push_back(std::move(pattern));
    pretties_.push_back(std::move(pretty));
    sites_.emplace_back(nullptr, patterns_.back().c_str(), "set.cpp",
                        static_cast<std::uint32_t>(sites_.size() + 1), pretties_.back().c_str());
    records_.push_back(SiteRecord::copy_of(sites_.back(), "app", sites_.size()));
    pointers_.push_back(records_.back().get());
  }
  const std::vector<const SiteRecord*>& records() const { return pointers_; }

 private:
  std::deque<std::string> patterns_;
  std::deque<std::string> pretties_;
  std::deque<Site> sites_;
  std::vector<std::unique_ptr<SiteRecord>> records_;
  std::vector<const SiteRecord*> pointers_;
};

TEST(SiteSignatures, EverySiteAskedForGetsItsOwnSignatureOnAnyThread) {
  // Enough sites for several threads, of a few class templates' members whose
  // binding lists recur, as a template library's do.
  SiteSet set;
  const char* const types[] = {"int", "long unsigned int", "std::__cxx11::basic_string<char>",
                               "app::v1::Token"};
  for (int i = 0; i < 1200; ++i) {
    const std::string type = types[i % 4];
    const std::string member = "f" + std::to_string(i % 300);
    set.add("${inline=app::v1}app::Reader<${T}>::" + member + "(const ${T} &)",
            "void app::v1::Reader<T>::" + member + "(const T&) [with T = " + type + "]");
  }
  std::vector<bool> wanted(set.records().size(), true);
  for (std::size_t i = 0; i < wanted.size(); i += 7) wanted[i] = false;
  const std::vector<SiteSignature> signatures = signatures_of_sites(set.records(), wanted);
  ASSERT_EQ(signatures.size(), set.records().size());
  for (std::size_t i = 0; i < signatures.size(); ++i) {
    if (!wanted[i]) {
      EXPECT_EQ(signatures[i].signature, "") << i;
      continue;
    }
    EXPECT_EQ(signatures[i].signature, signature_of(*set.records()[i]).signature) << i;
  }
  EXPECT_EQ(signatures[1].signature, "app::Reader<unsigned long>::f1(const unsigned long &)");
  EXPECT_EQ(signatures[3].signature, "app::Reader<app::Token>::f3(const app::Token &)");
}

TEST(SiteSignatures, NoSitesNoSignatures) { EXPECT_TRUE(signatures_of_sites({}, {}).empty()); }

}  // namespace
}  // namespace hotpath::detail
