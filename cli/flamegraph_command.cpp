// The flame graph pipeline. Every failure is one line on stderr prefixed with
// "hotpath flamegraph: "; nothing is written to stdout, which belongs to the program.
#include "flamegraph_command.hpp"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <exception>
#include <filesystem>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "call_tree_folding.hpp"
#include "flamegraph_options.hpp"
#include "input_file.hpp"
#include "offcpu_recording.hpp"
#include "output_file.hpp"
#include "perf_recording.hpp"
#include "preload_library.hpp"
#include "report_reader.hpp"
#include "sampler_recording.hpp"
#include "svg_renderer.hpp"
#include "temporary_directory.hpp"
#include "verbose_log.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kPrefix = "hotpath flamegraph: ";
// A file given to draw that is not what it should be.
constexpr int kBadInputStatus = 2;

/// Checked before the program runs, so that a long run is not lost to a typo.
bool output_is_writable(const std::string& output, Failure& failure) {
  std::filesystem::path directory = std::filesystem::path(output).parent_path();
  if (directory.empty()) directory = ".";
  std::error_code error;
  if (!std::filesystem::is_directory(directory, error)) {
    failure = {
        "cannot write \"" + output + "\": there is no directory \"" + directory.string() + "\"", 1};
    return false;
  }
  if (::access(directory.c_str(), W_OK) != 0) {
    failure = {"cannot write \"" + output + "\": " + std::strerror(errno), 1};
    return false;
  }
  if (std::filesystem::is_directory(output, error)) {
    failure = {"cannot write \"" + output + "\": it is a directory", 1};
    return false;
  }
  return true;
}

std::optional<Recording> read_folded_file(const std::string& path, Failure& failure) {
  std::string error;
  const std::optional<std::string> text = detail::read_input_file(path, error);
  if (!text) {
    failure = {error, kBadInputStatus};
    return std::nullopt;
  }
  std::optional<flamegraph::FoldedStacks> stacks = flamegraph::parse_folded(*text, error);
  if (!stacks) {
    failure = {path + ": " + error, kBadInputStatus};
    return std::nullopt;
  }
  Recording recording;
  recording.stacks = std::move(*stacks);
  recording.subject = path;
  if (recording.stacks.empty()) recording.why_empty = "\"" + path + "\" holds no stacks";
  return recording;
}

/// The call tree of a saved JSON report, as stacks weighed in nanoseconds.
std::optional<Recording> read_report_call_tree(const std::string& path, Failure& failure) {
  std::string error;
  std::optional<SavedReport> saved = read_report_file(path, error);
  if (!saved) {
    failure = {error, kBadInputStatus};
    return std::nullopt;
  }
  Recording recording;
  recording.stacks = detail::fold_call_tree(saved->report.call_tree);
  recording.subject = path;
  recording.count_name = "ns";
  if (recording.stacks.empty())
    recording.why_empty = "\"" + path + "\" has no call tree (no measured call)";
  return recording;
}

/// Pipes the folded text through `sh -c command` and parses what it prints.
std::optional<flamegraph::FoldedStacks> post_process(const flamegraph::FoldedStacks& stacks,
                                                     const std::string& command,
                                                     const VerboseLog& log, Failure& failure) {
  const std::vector<std::string> shell = {"/bin/sh", "-c", command};
  log.say("running {}", shell_quoted(shell));
  Stopwatch time;
  std::string output;
  int start_error = 0;
  const std::optional<ProgramExit> exit =
      run_filter(shell, flamegraph::to_folded(stacks), output, start_error);
  const std::string named = "--post-process command \"" + command + "\"";
  if (!exit) {
    failure = {"cannot run " + named + ": " + std::strerror(start_error), 1};
    return std::nullopt;
  }
  if (exit->signaled || exit->code != 0) {
    failure = {named + " failed (" + describe_exit(*exit) + ")", 1};
    return std::nullopt;
  }
  std::string error;
  std::optional<flamegraph::FoldedStacks> result = flamegraph::parse_folded(output, error);
  if (!result) {
    failure = {named + " printed no folded stacks: " + error, 1};
    return std::nullopt;
  }
  log.say("post-processed in {:.2f} s", time.seconds());
  return result;
}

void open_in_viewer(const std::string& path, const VerboseLog& log) {
  const std::optional<std::string> viewer = find_executable("xdg-open");
  if (!viewer) {
    fmt::print(stderr, "hotpath: open {} in a web browser (xdg-open is not installed)\n", path);
    return;
  }
  ForegroundRun run;
  run.argv = {*viewer, path};
  run.stdout_to_stderr = true;
  log.say("running {}", shell_quoted(run.argv));
  int start_error = 0;
  const std::optional<ProgramExit> exit = run_in_foreground(run, start_error);
  if (!exit || exit->signaled || exit->code != 0)
    fmt::print(stderr, "hotpath: xdg-open could not open {}: open it in a web browser\n", path);
}

/// One run of the command.
class FlamegraphCommand {
 public:
  explicit FlamegraphCommand(FlamegraphOptions options)
      : options_(std::move(options)), log_(options_.verbose) {}

  int run();

 private:
  std::optional<Recording> record(Failure& failure);
  int fail(const Failure& failure, const std::optional<ProgramExit>& program) const {
    fmt::print(stderr, "{}{}\n", kPrefix, failure.message);
    return program ? failure_exit_status(program) : failure.exit_status;
  }

  FlamegraphOptions options_;
  VerboseLog log_;
  std::optional<TemporaryDirectory> directory_;
};

std::optional<Recording> FlamegraphCommand::record(Failure& failure) {
  const bool keep_order = options_.render.flamechart;
  if (options_.source == StackSource::Folded) return read_folded_file(options_.input, failure);
  if (options_.source == StackSource::Report) return read_report_call_tree(options_.input, failure);

  if (options_.source == StackSource::PerfData) {
    std::string error;
    const std::optional<std::string> perf = find_perf("--perfdata", error);
    if (!perf) {
      failure = {error, 1};
      return std::nullopt;
    }
    return read_perf_data(*perf, options_.input, keep_order, log_, failure);
  }

  std::string error;
  const PreloadLibrary library =
      options_.source == StackSource::OffCpu ? wait_library() : cpu_library();
  std::optional<std::string> tool =
      options_.source == StackSource::Perf
          ? find_perf("--perf", error)
          : find_preload_library(library, default_library_places(library), error);
  if (!tool) {
    failure = {error, 1};
    return std::nullopt;
  }
  directory_ = TemporaryDirectory::create(error);
  if (!directory_) {
    failure = {error, 1};
    return std::nullopt;
  }
  log_.say("temporary directory {}", directory_->path());

  if (options_.source == StackSource::Perf) {
    PerfSettings settings;
    settings.perf = *tool;
    settings.command = options_.command;
    settings.pid = options_.pid;
    settings.frequency_hz = options_.frequency_hz;
    settings.keep_order = keep_order;
    settings.verbose = options_.verbose;
    return record_with_perf(settings, *directory_, log_, failure);
  }
  if (options_.source == StackSource::OffCpu) {
    OffCpuSettings settings;
    settings.command = options_.command;
    settings.wait_library = *tool;
    settings.min_block_us = options_.min_block_us;
    settings.keep_order = keep_order;
    return record_off_cpu(settings, *directory_, log_, failure);
  }
  SamplerSettings settings;
  settings.command = options_.command;
  settings.cpu_library = *tool;
  settings.frequency_hz = options_.frequency_hz;
  settings.children = options_.children;
  settings.follow_exec = options_.follow_exec;
  settings.keep_order = keep_order;
  return record_with_sampler(settings, *directory_, log_, failure);
}

int FlamegraphCommand::run() {
  Failure failure;
  if (!output_is_writable(options_.output, failure)) return fail(failure, std::nullopt);

  std::optional<Recording> recording = record(failure);
  if (!recording) return fail(failure, std::nullopt);
  const std::optional<ProgramExit> program = recording->exit;

  flamegraph::FoldedStacks stacks = std::move(recording->stacks);
  if (!options_.skip_after.empty()) stacks = flamegraph::skip_after(stacks, options_.skip_after);
  if (!options_.post_process.empty()) {
    std::optional<flamegraph::FoldedStacks> processed =
        post_process(stacks, options_.post_process, log_, failure);
    if (!processed) return fail(failure, program);
    if (processed->empty() && !stacks.empty())
      recording->why_empty =
          "--post-process command \"" + options_.post_process + "\" printed no stacks";
    stacks = std::move(*processed);
  }
  if (options_.reverse) stacks = flamegraph::reversed(stacks);
  if (!options_.render.flamechart) stacks = stacks.merged();

  if (stacks.empty()) {
    const std::string why =
        recording->why_empty.empty() ? "nothing was recorded" : recording->why_empty;
    const std::string nothing = options_.source == StackSource::OffCpu ? "no waits" : "no samples";
    if (!program) return fail({nothing + ": " + why, 1}, program);
    // The program ran as it would have without hotpath: nothing to draw is news, not
    // a failure, and the status is the program's.
    fmt::print(stderr, "hotpath: {}, so no flame graph was written: {}\n", nothing, why);
    return shell_exit_status(*program);
  }

  flamegraph::Options render = options_.render;
  render.count_name = recording->count_name;
  if (options_.source == StackSource::Report && render.title == flamegraph::Options{}.title)
    render.title = "Wall-Clock Flame Graph";
  if (options_.source == StackSource::OffCpu && render.title == flamegraph::Options{}.title)
    render.title = "Off-CPU Flame Graph";
  render.subtitle =
      options_.subtitle ? *options_.subtitle : default_subtitle(*recording, stacks.total());
  Stopwatch render_time;
  const std::string svg = flamegraph::render_svg(stacks, render);
  log_.say("rendered {} stacks into {} bytes of SVG in {:.2f} s", stacks.stacks().size(),
           svg.size(), render_time.seconds());

  std::string error;
  if (!detail::write_output_file(options_.output, svg, error))
    return fail({"cannot write \"" + options_.output + "\": " + error, 1}, program);
  const std::uint64_t count = stacks.total();
  fmt::print(stderr, "hotpath: wrote {} ({} {})\n", options_.output, with_thousands(count),
             count == 1 && recording->count_name == "samples" ? "sample" : recording->count_name);
  directory_.reset();

  if (options_.open) open_in_viewer(options_.output, log_);
  return program ? shell_exit_status(*program) : 0;
}

}  // namespace

std::string with_thousands(std::uint64_t count) {
  std::string digits = std::to_string(count);
  for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

std::string default_subtitle(const Recording& recording, std::uint64_t samples) {
  if (recording.count_name != "samples")
    return recording.subject + " \u2014 " + with_thousands(samples) + " " + recording.count_name;
  std::string subtitle = recording.subject + " \u2014 " + with_thousands(samples) +
                         (samples == 1 ? " sample" : " samples");
  if (recording.frequency_hz > 0) {
    const double hz = recording.frequency_hz;
    subtitle += std::floor(hz) == hz ? fmt::format(" at {} Hz", static_cast<std::uint64_t>(hz))
                                     : fmt::format(" at {:.1f} Hz", hz);
  }
  return subtitle;
}

int failure_exit_status(const std::optional<ProgramExit>& program) {
  if (program && (program->signaled || program->code != 0)) return shell_exit_status(*program);
  return 1;
}

int run_flamegraph_command(const std::vector<std::string>& arguments) {
  ParsedFlamegraphCommand parsed = parse_flamegraph_command(arguments);
  switch (parsed.request) {
    case Request::Help:
      fmt::print("{}", flamegraph_help());
      return 0;
    case Request::Version:
      fmt::print("hotpath {}\n", HOTPATH_VERSION);
      return 0;
    case Request::Error:
      fmt::print(stderr, "{}{}\n", kPrefix, parsed.error);
      return 2;
    case Request::Run:
      break;
  }
  try {
    return FlamegraphCommand(std::move(parsed.options)).run();
  } catch (const std::exception& failure) {
    fmt::print(stderr, "{}{}\n", kPrefix, failure.what());
    return 1;
  }
}

}  // namespace hotpath::cli
