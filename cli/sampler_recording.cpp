// Recording with the preloaded sampler. Each process names its log after its pid
// (samples.<pid>), so a forked child (--children) never writes into its parent's log,
// and a log stays readable up to its last complete sample when its process is killed.
// When more than one process may be sampled (--children, --follow-exec), each
// process's stacks start with its own root frame, `program [pid]`.
#include "sampler_recording.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "sample_log/sample_log_reader.hpp"
#include "sample_log/stack_folding.hpp"
#include "units.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kLogPrefix = "samples.";

long pid_of_log(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  return std::strtol(name.c_str() + std::strlen(kLogPrefix), nullptr, 10);
}

std::string program_name(const std::vector<std::string>& command) {
  return std::filesystem::path(command.front()).filename().string();
}

}  // namespace

Environment sampler_environment(const Environment& base, const SamplerSettings& settings,
                                const std::string& log_pattern) {
  Environment environment = base;
  const std::optional<std::string> preload = base.get("LD_PRELOAD");
  environment.set("LD_PRELOAD", preload && !preload->empty() ? settings.cpu_library + ":" + *preload
                                                             : settings.cpu_library);
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
  if (log.enabled()) {
    for (const char* name : {"LD_PRELOAD", "HOTPATH_CPU", "HOTPATH_CPU_LOG", "HOTPATH_CPU_FREQ",
                             "HOTPATH_CPU_CHILDREN", "HOTPATH_CPU_FOLLOW_EXEC"})
      log.say("{}={}", name, run.environment.get(name).value_or(""));
    log.say("running {}", shell_quoted(run.argv));
  }

  Stopwatch run_time;
  int start_error = 0;
  const std::optional<ProgramExit> exit = run_in_foreground(run, start_error);
  if (!exit) {
    failure = {"cannot run \"" + settings.command.front() + "\": " + std::strerror(start_error),
               exit_status_for_start_error(start_error)};
    return std::nullopt;
  }
  log.say("{} ended ({}) after {:.2f} s", program_name(settings.command), describe_exit(*exit),
          run_time.seconds());

  Recording recording;
  recording.exit = exit;
  recording.subject = program_name(settings.command);
  recording.frequency_hz = settings.frequency_hz;
  std::vector<std::string> logs = directory.files_starting_with(kLogPrefix);
  std::sort(logs.begin(), logs.end(), [](const std::string& a, const std::string& b) {
    return pid_of_log(a) < pid_of_log(b);
  });

  std::size_t samples = 0;
  std::string stopped_early;  // why a process's sampler stopped before it ended
  for (const std::string& path : logs) {
    Stopwatch fold_time;
    std::string error;
    const std::optional<cpu::SampleLog> samples_log = cpu::read_sample_log_file(path, error);
    if (!samples_log) {
      fmt::print(stderr, "hotpath: skipping the sample log {}: {}\n", path, error);
      continue;
    }
    cpu::FoldOptions fold_options;
    fold_options.keep_order = settings.keep_order;
    fold_options.process_root = settings.children || settings.follow_exec;
    const flamegraph::FoldedStacks stacks = cpu::fold_sample_log(*samples_log, fold_options);
    for (const flamegraph::Stack& stack : stacks.stacks())
      recording.stacks.add(stack.frames, stack.count);
    if (samples_log->frequency_hz > 0) recording.frequency_hz = samples_log->frequency_hz;
    samples += samples_log->stacks.size();
    if (!samples_log->stopped_early.empty() && stopped_early.empty())
      stopped_early = samples_log->stopped_early;
    if (log.enabled()) {
      std::set<std::uint32_t> threads;
      for (const cpu::LoggedStack& stack : samples_log->stacks) threads.insert(stack.tid);
      log.say("read {}: {} samples of pid {} ({}) in {} threads, symbolized in {:.2f} s", path,
              samples_log->stacks.size(), samples_log->pid, samples_log->program, threads.size(),
              fold_time.seconds());
    }
  }

  const std::string quoted_name = "\"" + recording.subject + "\"";
  // 127 is also what the dynamic loader exits with when the preload cannot load.
  const bool did_not_start = !exit->signaled && (exit->code == 127 || exit->code == 126);
  if (logs.empty() && did_not_start) {
    recording.why_empty = quoted_name + " ended with " + describe_exit(*exit) +
                          " before the sampler started: see the message above";
  } else if (logs.empty()) {
    recording.why_empty = "the sampler was not loaded into " + quoted_name +
                          " (a statically linked or setuid program ignores LD_PRELOAD): try --perf";
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
