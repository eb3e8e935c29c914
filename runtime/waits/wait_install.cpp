// Loading hotpath-wait is the whole opt-in: the C library's functions are found
// before the program's threads start, and waits are recorded from then on.
#include <string>

#include "sample_log/stack_capture.hpp"
#include "waits/cpu_switches.hpp"
#include "waits/lock_contention.hpp"
#include "waits/offcpu_stacks.hpp"
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
  // Without libunwind, the locks table has no source locations; nothing else changes.
  std::string unwinder_error;
  hotpath::cpu::load_unwinder(unwinder_error);
  install_lock_descriptions();
  start_offcpu_stacks();
  hotpath::detail::install_wait_tracking();
}

}  // namespace
