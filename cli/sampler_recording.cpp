// Recording with the preloaded sampler. Each process writes its log (samples.<pid>,
// preloaded_run.hpp). When more than one process may be sampled (--children, --follow-exec), each
// process's stacks start with its own root frame, `program [pid]`.
#include "sampler_recording.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "preloaded_run.hpp"
#include "units.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kLogPrefix = "samples.";

}  // namespace

Environment sampler_environment(const Environment& base, const SamplerSettings& settings,
                                const std::string& log_pattern) {
  Environment environment = with_preload(base, settings.cpu_library);
  environment.set("HOTPATH_CPU", "1");
  environment.set("HOTPATH_CPU_LOG", log_pattern);
  environment.set("HOTPATH_CPU_FREQ", std::to_string(settings.frequency_hz));
  environment.set("HOTPATH_CPU_CHILDREN", settings.children ? "1" : "0");
  environment.set("HOTPATH_CPU_FOLLOW_EXEC", settings.follow_exec ? "1" : "0");
  return environment;
}

std::optional<Recording> record_with_sampler(const SamplerSettings& settings,
                                             const TemporaryDirectory& directory,
                                             const VerboseLog& log, Failure& failure) {
  const std::string log_pattern = directory.path() + "/" + kLogPrefix + "%p";
  ForegroundRun run;
  run.argv = settings.command;
  run.environment = sampler_environment(run.environment, settings, log_pattern);
  const std::optional<ProgramExit> exit =
      run_preloaded(run,
                    {"LD_PRELOAD", "HOTPATH_CPU", "HOTPATH_CPU_LOG", "HOTPATH_CPU_FREQ",
                     "HOTPATH_CPU_CHILDREN", "HOTPATH_CPU_FOLLOW_EXEC"},
                    log, failure);
  if (!exit) return std::nullopt;

  Recording recording;
  recording.exit = exit;
  recording.subject = program_name(settings.command);
  recording.frequency_hz = settings.frequency_hz;
  cpu::FoldOptions fold_options;
  fold_options.keep_order = settings.keep_order;
  fold_options.process_root = settings.children || settings.follow_exec;
  const FoldedLogs logs =
      fold_logs(directory, kLogPrefix, fold_options, "samples", log, recording.stacks);
  if (logs.frequency_hz > 0) recording.frequency_hz = logs.frequency_hz;
  const std::size_t samples = logs.stacks;
  const std::string& stopped_early = logs.stopped_early;

  const std::string quoted_name = "\"" + recording.subject + "\"";
  if (logs.logs == 0) {
    recording.why_empty = why_no_log(*exit, recording.subject, "the sampler", ": try --perf");
  } else if (samples == 0 && !stopped_early.empty()) {
    recording.why_empty =
        "sampling stopped before the first sample: " + stopped_early + "; try --perf";
  } else if (samples == 0) {
    recording.why_empty = fmt::format(
        "{} used less than one sampling period of CPU time ({} at {} Hz) in its own "
        "code: try a higher --freq, or --children and --follow-exec if its work runs in other "
        "processes, or --perf to see time spent in the kernel",
        quoted_name, detail::format_duration(1'000'000'000u / settings.frequency_hz),
        settings.frequency_hz);
  }
  return recording;
}

}  // namespace hotpath::cli
