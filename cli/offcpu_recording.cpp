// Recording waits with the preloaded libhotpath-wait. Each process writes its log
// (offcpu.<pid>, preloaded_run.hpp); its stacks weigh the nanoseconds waited, and
// are counted in microseconds, the unit of off-CPU flame graphs.
#include "offcpu_recording.hpp"

#include "preloaded_run.hpp"
#include "sample_log/log_outputs.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kLogPrefix = "offcpu.";

}  // namespace

Environment offcpu_environment(const Environment& base, const OffCpuSettings& settings,
                               const std::string& log_pattern) {
  Environment environment = with_preload(base, settings.wait_library);
  environment.set("HOTPATH_OFFCPU_LOG", log_pattern);
  if (settings.min_block_us)
    environment.set("HOTPATH_OFFCPU_MIN_US", std::to_string(*settings.min_block_us));
  return environment;
}

std::optional<Recording> record_off_cpu(const OffCpuSettings& settings,
                                        const TemporaryDirectory& directory, const VerboseLog& log,
                                        Failure& failure) {
  ForegroundRun run;
  run.argv = settings.command;
  run.environment =
      offcpu_environment(run.environment, settings, directory.path() + "/" + kLogPrefix + "%p");
  const std::optional<ProgramExit> exit = run_preloaded(
      run, {"LD_PRELOAD", "HOTPATH_OFFCPU_LOG", "HOTPATH_OFFCPU_MIN_US"}, log, failure);
  if (!exit) return std::nullopt;

  Recording recording;
  recording.exit = exit;
  recording.subject = program_name(settings.command);
  recording.count_name = "us";
  cpu::FoldOptions fold_options;
  fold_options.keep_order = settings.keep_order;
  flamegraph::FoldedStacks waited_ns;
  const FoldedLogs logs = fold_logs(directory, kLogPrefix, fold_options, "waits", log, waited_ns);
  recording.stacks = cpu::in_microseconds(std::move(waited_ns));

  if (logs.logs == 0) {
    recording.why_empty = why_no_log(*exit, recording.subject, "the wait library", "");
  } else if (logs.stacks == 0) {
    recording.why_empty = "\"" + recording.subject + "\" never waited as long as the threshold" +
                          (settings.min_block_us ? "" : " (10 us by default)") +
                          " in a call the wait library watches: try a lower --min-block";
  }
  return recording;
}

}  // namespace hotpath::cli
