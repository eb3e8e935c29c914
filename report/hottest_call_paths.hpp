// Which nodes of a call tree a report shows under its row limit: the same rule for
// the table at exit and for `hotpath report` in every format that draws the tree.
#ifndef HOTPATH_REPORT_HOTTEST_CALL_PATHS_HPP
#define HOTPATH_REPORT_HOTTEST_CALL_PATHS_HPP

#include <cstddef>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// For each node of `tree`, whether it is shown: the `limit` nodes of largest total
/// time (all when limit is 0; ties keep the tree's order), and their callers, so
/// that every shown node hangs from shown ones.
std::vector<bool> hottest_call_paths(const std::vector<CallTreeNode>& tree, std::size_t limit);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_HOTTEST_CALL_PATHS_HPP
