// Loading hotpath-wait is the whole opt-in: the C library's functions are found
// before the program's threads start, and waits are recorded from then on.
#include "waits/cpu_switches.hpp"
#include "waits/real_functions.hpp"
#include "waits/wait_recording.hpp"

namespace {

__attribute__((constructor)) void install() {
  using namespace hotpath::waits;
  resolve_lock_functions();
  resolve_condition_functions();
  resolve_io_functions();
  resolve_sleep_functions();
  resolve_other_functions();
  resolve_descriptor_functions();
  find_switch_watching();
  hotpath::detail::install_wait_tracking();
}

}  // namespace
