// Helpers shared by the runtime's unit tests.
#ifndef HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP
#define HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP

#include "histogram_snapshot.hpp"
#include "hotpath/site.hpp"
#include "registry.hpp"
#include "scoped_env.hpp"

namespace hotpath::test {

/// Everything recorded for `site` so far, over all threads.
inline detail::FunctionTotals totals_for(const Site& site) {
  detail::RegistrySnapshot snapshot = detail::Registry::instance().snapshot();
  detail::FunctionTotals result;
  if (site.id() != 0) result.merge(snapshot.totals[site.id() - 1]);
  return result;
}

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP
