// Starts CPU sampling when libhotpath-cpu is loaded (linked or preloaded). A
// constructor function runs after libhotpath (a dependency) has started, and
// before the program's own static initializers, which are then sampled too.
#include <cstdlib>

#include "cpu/cpu_recording.hpp"
#include "cpu/sampler.hpp"
#include "cpu/sampler_outputs.hpp"

namespace {

void stop_at_exit() { hotpath::cpu::stop_sampling(); }

__attribute__((constructor)) void start_cpu_sampling() noexcept {
  hotpath::cpu::start_sampling();
  if (!hotpath::cpu::sampling_running()) return;
  hotpath::detail::install_cpu_sampling({hotpath::cpu::stop_sampling, hotpath::cpu::sampling_totals,
                                         hotpath::cpu::request_outputs,
                                         hotpath::cpu::kept_native_samples});
  // Registered after libhotpath's report at exit, so it runs first: a program
  // without a report still gets its flame graph.
  std::atexit(stop_at_exit);
}

}  // namespace
