// The logical tree of coroutines of a report: each coroutine function under the
// coroutine that created it, from the paths the runtime interned (core/
// coroutine_paths.hpp). Paths of sites that share a row are merged.
#ifndef HOTPATH_RUNTIME_REPORTING_COROUTINE_TREE_HPP
#define HOTPATH_RUNTIME_REPORTING_COROUTINE_TREE_HPP

#include <vector>

#include "core/clock_calibration.hpp"
#include "core/coroutine_paths.hpp"
#include "hotpath/report.hpp"
#include "reporting/lock_rows.hpp"

namespace hotpath::detail {

/// The nodes of Report::coroutine_tree, depth first, siblings by total
/// descending; paths without an ended instance under them are left out.
std::vector<CoroutineTreeNode> build_coroutine_tree(const CoroutinePathsSnapshot& paths,
                                                    const SiteNamer& name_of_site,
                                                    const TickConverter& ticks);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_REPORTING_COROUTINE_TREE_HPP
