// Running a program with a library preloaded, and reading its logs. Each process
// names its log after its pid, so that a forked child never writes
// into its parent's log; a log stays readable up to its last complete record when
// its process is killed.
#include "preloaded_run.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "program_runner.hpp"
#include "sample_log/sample_log_reader.hpp"

namespace hotpath::cli {

Environment with_preload(const Environment& base, const std::string& library) {
  Environment environment = base;
  const std::optional<std::string> preload = base.get("LD_PRELOAD");
  environment.set("LD_PRELOAD", preload && !preload->empty() ? library + ":" + *preload : library);
  return environment;
}

std::string program_name(const std::vector<std::string>& command) {
  return std::filesystem::path(command.front()).filename().string();
}

std::optional<ProgramExit> run_preloaded(const ForegroundRun& run,
                                         std::initializer_list<const char*> variables,
                                         const VerboseLog& log, Failure& failure) {
  if (log.enabled()) {
    for (const char* name : variables)
      log.say("{}={}", name, run.environment.get(name).value_or(""));
    log.say("running {}", shell_quoted(run.argv));
  }
  Stopwatch run_time;
  int start_error = 0;
  const std::optional<ProgramExit> exit = run_in_foreground(run, start_error);
  if (!exit) {
    failure = {"cannot run \"" + run.argv.front() + "\": " + std::strerror(start_error),
               exit_status_for_start_error(start_error)};
    return std::nullopt;
  }
  log.say("{} ended ({}) after {:.2f} s", program_name(run.argv), describe_exit(*exit),
          run_time.seconds());
  return exit;
}

std::string why_no_log(const ProgramExit& exit, const std::string& subject, const char* library,
                       const char* instead) {
  const std::string quoted_name = "\"" + subject + "\"";
  // 127 is also what the dynamic loader exits with when the preload cannot load.
  if (!exit.signaled && (exit.code == 127 || exit.code == 126))
    return quoted_name + " ended with " + describe_exit(exit) + " before " + library +
           " started: see the message above";
  return std::string(library) + " was not loaded into " + quoted_name +
         " (a statically linked or setuid program ignores LD_PRELOAD)" + instead;
}

FoldedLogs fold_logs(const TemporaryDirectory& directory, const std::string& prefix,
                     const cpu::FoldOptions& options, const char* what, const VerboseLog& log,
                     flamegraph::FoldedStacks& stacks) {
  const auto pid_of_log = [&prefix](const std::string& path) {
    const std::string name = std::filesystem::path(path).filename().string();
    return std::strtol(name.c_str() + prefix.size(), nullptr, 10);
  };
  std::vector<std::string> paths = directory.files_starting_with(prefix);
  std::sort(paths.begin(), paths.end(), [&](const std::string& a, const std::string& b) {
    return pid_of_log(a) < pid_of_log(b);
  });
  FoldedLogs folded;
  folded.logs = paths.size();
  for (const std::string& path : paths) {
    Stopwatch fold_time;
    std::string error;
    const std::optional<cpu::SampleLog> read = cpu::read_sample_log_file(path, error);
    if (!read) {
      fmt::print(stderr, "hotpath: skipping the log {}: {}\n", path, error);
      continue;
    }
    const flamegraph::FoldedStacks folded_log = cpu::fold_sample_log(*read, options);
    for (const flamegraph::Stack& stack : folded_log.stacks())
      stacks.add(stack.frames, stack.count);
    if (read->frequency_hz > 0) folded.frequency_hz = read->frequency_hz;
    folded.stacks += read->stacks.size();
    if (!read->stopped_early.empty() && folded.stopped_early.empty())
      folded.stopped_early = read->stopped_early;
    if (log.enabled()) {
      std::set<std::uint32_t> threads;
      for (const cpu::LoggedStack& stack : read->stacks) threads.insert(stack.tid);
      log.say("read {}: {} {} of pid {} ({}) in {} threads, symbolized in {:.2f} s", path,
              read->stacks.size(), what, read->pid, read->program, threads.size(),
              fold_time.seconds());
    }
  }
  return folded;
}

}  // namespace hotpath::cli
