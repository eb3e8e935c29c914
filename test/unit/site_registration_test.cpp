// Site registration as a library that is unloaded and loaded again sees it: the
// registry keeps its own copy of each site, and a Site that takes the place of an
// unloaded one (same module, same place in it) is the same function.
#include <gtest/gtest.h>

#include <cstring>
#include <new>

#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"

namespace hotpath {
namespace {

// The place of a library's Site in its module, and the memory of its name: both
// are used again by the "next load" below.
alignas(Site) unsigned char g_site_place[sizeof(Site)];
char g_name[32];

/// Constructs a Site named `name` at g_site_place, as loading the library does.
Site& load_site(const char* name) {
  std::strcpy(g_name, name);
  return *new (g_site_place) Site(g_name, nullptr, "plugin.cpp", 12);
}

/// Unloads the library: its Site and its strings are gone.
void unload_site(Site& site) {
  site.~Site();
  std::memset(g_site_place, 0xff, sizeof g_site_place);
  std::memset(g_name, 0, sizeof g_name);
}

TEST(SiteRegistration, ASiteLoadedAgainKeepsItsIdAndItsRow) {
  Site& first = load_site("unload.plugin");
  for (int i = 0; i < 3; ++i) ScopeGuard guard(first);
  const std::uint32_t id = first.id();
  ASSERT_NE(id, 0u);
  unload_site(first);

  Site& again = load_site("unload.plugin");
  EXPECT_EQ(again.id(), 0u);
  for (int i = 0; i < 4; ++i) ScopeGuard guard(again);
  EXPECT_EQ(again.id(), id);
  EXPECT_EQ(test::totals_for(again).calls, 7u);
  unload_site(again);

  // The report reads the registry's copy: the name is there after the unload.
  const detail::RegistrySnapshot snapshot = detail::Registry::instance().snapshot();
  ASSERT_LE(id, snapshot.sites.size());
  const detail::SiteRecord& record = *snapshot.sites[id - 1];
  EXPECT_STREQ(record.explicit_name(), "unload.plugin");
  EXPECT_STREQ(record.file(), "plugin.cpp");
  EXPECT_EQ(record.line(), 12u);
  EXPECT_EQ(record.signature(), nullptr);
  EXPECT_NE(record.module().find("hotpath_unit_tests"), std::string::npos) << record.module();
}

TEST(SiteRegistration, TwoSitesOfOneModuleHaveTheirOwnIds) {
  static Site one("registration.one", nullptr, "a.cpp", 1);
  static Site two("registration.one", nullptr, "a.cpp", 1);
  { ScopeGuard guard(one); }
  { ScopeGuard guard(two); }
  EXPECT_NE(one.id(), 0u);
  EXPECT_NE(two.id(), 0u);
  EXPECT_NE(one.id(), two.id());
}

}  // namespace
}  // namespace hotpath
