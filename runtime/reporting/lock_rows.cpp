// Rows of the locks table. A lock without a name of its own is numbered per kind
// in the order of the table ("mutex #1" waited longest): the table's "First
// contended" column tells where it is.
#include "reporting/lock_rows.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace hotpath::detail {
namespace {

const char* kind_name(LockKind kind) { return kind == LockKind::ReadWrite ? "rwlock" : "mutex"; }

std::string holder_name(std::uint32_t site, const SiteNamer& name_of_site) {
  if (site == kUnknownLockHolder) return "(unknown)";
  if (site == kOtherLockHolders) return "(others)";
  const std::string* name = site != 0 ? name_of_site(site) : nullptr;
  return name != nullptr ? *name : "(not measured)";
}

/// The holders of `lock` by name (sites of one row merged), longest first.
std::vector<LockHolderRow> holder_rows(const LockTotals& lock, const SiteNamer& name_of_site,
                                       const TickConverter& ticks) {
  std::map<std::string, LockHolderRow> by_name;
  for (const LockHolderTotals& holder : lock.holders) {
    LockHolderRow& row = by_name[holder_name(holder.site, name_of_site)];
    row.waits += holder.waits;
    row.total_ns += ticks.to_ns(holder.ticks);
  }
  std::vector<LockHolderRow> rows;
  for (auto& [name, row] : by_name) {
    row.function = name;
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end(), [](const LockHolderRow& a, const LockHolderRow& b) {
    return std::tie(b.total_ns, a.function) < std::tie(a.total_ns, b.function);
  });
  return rows;
}

}  // namespace

std::vector<LockRow> lock_rows(const std::vector<LockTotals>& locks,
                               const std::vector<LockDescription>& descriptions,
                               const SiteNamer& name_of_site, const TickConverter& ticks) {
  std::vector<LockRow> rows;
  for (std::size_t index = 0; index < locks.size(); ++index) {
    const LockTotals& lock = locks[index];
    const LockDescription* description =
        index < descriptions.size() ? &descriptions[index] : nullptr;
    LockRow row;
    row.name = !lock.name.empty()       ? lock.name
               : description != nullptr ? description->derived_name
                                        : std::string();
    row.kind = kind_name(lock.kind);
    row.waits = lock.waits;
    row.total_ns = ticks.to_ns(lock.ticks);
    row.max_ns = ticks.to_ns(lock.max_ticks);
    row.first_function = holder_name(lock.first_site, name_of_site);
    if (description != nullptr) row.first_location = description->location;
    row.holders = holder_rows(lock, name_of_site, ticks);
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end(), [](const LockRow& a, const LockRow& b) {
    return std::tie(b.total_ns, a.first_function, a.name) <
           std::tie(a.total_ns, b.first_function, b.name);
  });
  std::map<std::string, unsigned> unnamed_of_kind;
  for (LockRow& row : rows) {
    if (row.name.empty()) row.name = row.kind + " #" + std::to_string(++unnamed_of_kind[row.kind]);
  }
  return rows;
}

}  // namespace hotpath::detail
