// The settings of a session after the environment's overrides.
#include "session/session_settings.hpp"

#include <errno.h>

#include "env_config.hpp"

namespace hotpath::detail {

std::string program_name() {
  const char* name = ::program_invocation_short_name;  // glibc, from <errno.h>
  return name != nullptr && *name != '\0' ? name : "main";
}

void apply_environment(SessionSettings& settings) {
  if (auto format = env_output_format()) {
    settings.format = *format;
    settings.custom_reporter.reset();  // the person running the program decides
  }
  if (auto path = env_output_path()) settings.output_path = *path;
  if (auto limit = env_limit()) settings.limit = *limit;
  if (auto width = env_name_width()) settings.name_width = *width;
  if (auto percentiles = env_percentiles()) settings.percentiles = *percentiles;
  if (auto sections = env_report_sections()) {
    settings.sections = *sections;
    settings.monitor_threads = sections->threads;
  }
  if (auto path = env_wall_flamegraph_path()) settings.wall_flamegraph_path = *path;
  if (auto path = env_wall_folded_path()) settings.wall_folded_path = *path;
  if (auto path = env_coroutine_flamegraph_path()) settings.coroutine_flamegraph_path = *path;
  if (auto path = env_coroutine_folded_path()) settings.coroutine_folded_path = *path;
  if (auto path = env_pprof_path()) settings.pprof_path = *path;
  if (auto path = env_trace_path()) settings.trace_path = *path;
  if (auto path = env_speedscope_path()) settings.speedscope_path = *path;
  if (auto rate = env_time_sampling_rate()) settings.time_sampling_rate = *rate;
  if (auto live = env_live()) settings.live = *live;
}

}  // namespace hotpath::detail
