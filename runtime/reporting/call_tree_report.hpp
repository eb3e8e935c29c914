// The call tree of a report: the merged tree of site paths turned into a tree of
// row names, in nanoseconds, ordered for reading.
#ifndef HOTPATH_RUNTIME_CALL_TREE_REPORT_HPP
#define HOTPATH_RUNTIME_CALL_TREE_REPORT_HPP

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/clock_calibration.hpp"
#include "hotpath/report.hpp"
#include "totals/call_tree_totals.hpp"

namespace hotpath::detail {

/// By site id - 1, whether a site has a node on the path of a call in `tree`: a
/// call still running has no count of its own, yet its node leads to its callees.
std::vector<bool> sites_on_called_paths(const CallTreeTotals& tree, std::size_t site_count);

/// The report's call tree. `row_name(site)` is the row name of a site id, or null
/// for a site without a row (its nodes are left out). Paths of sites that share a
/// row merge; nodes without any call in their subtree are dropped (a call still
/// running keeps its node, with 0 calls, for the calls it made). Depth first,
/// siblings by total time descending, then by name.
std::vector<CallTreeNode> build_call_tree(
    const CallTreeTotals& tree, const std::function<const std::string*(std::uint32_t)>& row_name,
    const TickConverter& ticks);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CALL_TREE_REPORT_HPP
