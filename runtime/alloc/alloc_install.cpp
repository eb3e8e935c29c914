// Switches allocation tracking on when libhotpath-alloc is loaded. A constructor
// function, not a static object, so that it runs when the library is initialized:
// after libhotpath (a dependency, initialized first) has started its registry, and
// before the program's own static initializers, whose allocations then count.
#include "alloc/alloc_hooks.hpp"
#include "alloc/alloc_recording.hpp"

namespace {

__attribute__((constructor)) void start_alloc_tracking() noexcept {
  hotpath::detail::check_usable_size_from_header();
  hotpath::detail::install_alloc_tracking();
}

}  // namespace
