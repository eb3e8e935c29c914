// Counts the hotpath attributes the attribute handlers have accepted, so that the
// consumer can skip all work in a translation unit that has none (the common case
// for most files of a project built with the plugin everywhere).
#ifndef HOTPATH_CLANG_PLUGIN_ATTRIBUTETRACKER_H
#define HOTPATH_CLANG_PLUGIN_ATTRIBUTETRACKER_H

#include <cstdint>

namespace hotpath {

/// Called by the attribute handlers for every attribute they apply.
void noteAttributeApplied();
/// How many attributes were applied in this process so far.
std::uint64_t appliedAttributeCount();

}  // namespace hotpath

#endif  // HOTPATH_CLANG_PLUGIN_ATTRIBUTETRACKER_H
