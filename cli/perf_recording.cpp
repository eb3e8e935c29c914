// perf record, then perf script into memory, then folding. perf passes the recorded
// program's exit status through (and dies of the signal that killed it), so perf's
// status stands for the program's once perf.data holds data.
#include "perf_recording.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "perf_script_collapse.hpp"
#include "program_runner.hpp"

namespace hotpath::cli {
namespace {

bool is_non_empty_file(const std::string& path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
}

/// Runs `perf script` on `path` and folds its output into `recording`.
bool fold_perf_script(const std::string& perf, const std::string& path, bool keep_order,
                      const VerboseLog& log, Recording& recording, Failure& failure) {
  const std::vector<std::string> script = {perf, "script", "-i", path};
  log.say("running {}", shell_quoted(script));
  Stopwatch script_time;
  std::string text;
  int start_error = 0;
  const std::optional<ProgramExit> exit = run_filter(script, "", text, start_error);
  if (!exit) {
    failure = {"cannot run \"" + perf + "\": " + std::strerror(start_error), 1};
    return false;
  }
  if (exit->signaled || exit->code != 0) {
    failure = {shell_quoted(script) + " failed (" + describe_exit(*exit) + ")", 1};
    return false;
  }
  log.say("perf script printed {} bytes in {:.2f} s", text.size(), script_time.seconds());
  Stopwatch collapse_time;
  PerfCollapseOptions options;
  options.keep_order = keep_order;
  recording.stacks = collapse_perf_script(text, options);
  log.say("folded {} samples into {} stacks in {:.2f} s", recording.stacks.total(),
          recording.stacks.stacks().size(), collapse_time.seconds());
  return true;
}

}  // namespace

std::optional<std::string> find_perf(const std::string& option, std::string& error) {
  const char* from_environment = std::getenv("PERF");
  const std::string name =
      from_environment != nullptr && *from_environment != '\0' ? from_environment : "perf";
  if (std::optional<std::string> path = find_executable(name)) return path;
  error = option + " needs perf, which is not installed (Debian: apt-get install linux-perf)";
  return std::nullopt;
}

std::vector<std::string> perf_record_arguments(const PerfSettings& settings,
                                               const std::string& output) {
  std::vector<std::string> arguments = {settings.perf, "record"};
  if (!settings.verbose) arguments.push_back("-q");
  arguments.insert(arguments.end(), {"-F", std::to_string(settings.frequency_hz), "--call-graph",
                                     "dwarf", "-o", output});
  if (settings.pid) {
    arguments.insert(arguments.end(), {"-p", std::to_string(*settings.pid)});
  } else {
    arguments.push_back("--");
    arguments.insert(arguments.end(), settings.command.begin(), settings.command.end());
  }
  return arguments;
}

std::optional<Recording> record_with_perf(const PerfSettings& settings,
                                          const TemporaryDirectory& directory,
                                          const VerboseLog& log, Failure& failure) {
  Recording recording;
  if (settings.pid) {
    const std::string proc = "/proc/" + std::to_string(*settings.pid);
    if (::access(proc.c_str(), F_OK) != 0) {
      failure = {"no process has pid " + std::to_string(*settings.pid), 1};
      return std::nullopt;
    }
    recording.subject = "pid " + std::to_string(*settings.pid);
  } else {
    // perf would report a missing program as its own failure (status 255).
    if (!find_executable(settings.command.front())) {
      const int error_number = settings.command.front().find('/') != std::string::npos &&
                                       ::access(settings.command.front().c_str(), F_OK) == 0
                                   ? EACCES
                                   : ENOENT;
      failure = {"cannot run \"" + settings.command.front() + "\": " + std::strerror(error_number),
                 exit_status_for_start_error(error_number)};
      return std::nullopt;
    }
    recording.subject = std::filesystem::path(settings.command.front()).filename().string();
  }
  recording.frequency_hz = settings.frequency_hz;

  const std::string data = directory.path() + "/perf.data";
  ForegroundRun run;
  run.argv = perf_record_arguments(settings, data);
  // Attached to a pid, perf records until it gets SIGINT, however hotpath gets it.
  run.interrupts = settings.pid ? InterruptHandling::Forward : InterruptHandling::Ignore;
  log.say("running {}", shell_quoted(run.argv));
  if (settings.pid)
    fmt::print(stderr, "hotpath: recording pid {}; press Ctrl-C to stop\n", *settings.pid);
  Stopwatch record_time;
  int start_error = 0;
  const std::optional<ProgramExit> exit = run_in_foreground(run, start_error);
  if (!exit) {
    failure = {"cannot run \"" + settings.perf + "\": " + std::strerror(start_error), 1};
    return std::nullopt;
  }
  log.say("perf record ended ({}) after {:.2f} s", describe_exit(*exit), record_time.seconds());
  if (!is_non_empty_file(data)) {
    failure = {
        "perf record recorded nothing (" + describe_exit(*exit) + "): see perf's message above", 1};
    return std::nullopt;
  }
  if (!settings.pid) recording.exit = exit;
  if (!fold_perf_script(settings.perf, data, settings.keep_order, log, recording, failure))
    return std::nullopt;
  if (recording.stacks.empty())
    recording.why_empty = "perf recorded no samples of " + recording.subject;
  return recording;
}

std::optional<Recording> read_perf_data(const std::string& perf, const std::string& path,
                                        bool keep_order, const VerboseLog& log, Failure& failure) {
  if (::access(path.c_str(), R_OK) != 0) {
    failure = {"cannot read \"" + path + "\": " + std::strerror(errno), 1};
    return std::nullopt;
  }
  Recording recording;
  recording.subject = path;
  if (!fold_perf_script(perf, path, keep_order, log, recording, failure)) return std::nullopt;
  if (recording.stacks.empty()) recording.why_empty = "\"" + path + "\" holds no samples";
  return recording;
}

}  // namespace hotpath::cli
