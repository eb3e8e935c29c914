// The locks table of a report (hotpath-wait), from the records of the contended
// locks: names given, derived or numbered, holders named after their rows.
#ifndef HOTPATH_RUNTIME_REPORTING_LOCK_ROWS_HPP
#define HOTPATH_RUNTIME_REPORTING_LOCK_ROWS_HPP

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/clock_calibration.hpp"
#include "hotpath/report.hpp"
#include "waits/lock_records.hpp"

namespace hotpath::detail {

/// The row name of a site id, or null for a site without a row.
using SiteNamer = std::function<const std::string*(std::uint32_t site)>;

/// One row per lock of `locks` (`descriptions` in the same order, or empty), by
/// total wait descending.
std::vector<LockRow> lock_rows(const std::vector<LockTotals>& locks,
                               const std::vector<LockDescription>& descriptions,
                               const SiteNamer& name_of_site, const TickConverter& ticks);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_REPORTING_LOCK_ROWS_HPP
