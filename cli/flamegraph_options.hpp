// The command line of `hotpath flamegraph`: every option, its default, and the one-line
// error for each mistake. Options come first; the first argument that is not an option
// (or everything after `--`) is the program to run and its arguments.
#ifndef HOTPATH_CLI_FLAMEGRAPH_OPTIONS_HPP
#define HOTPATH_CLI_FLAMEGRAPH_OPTIONS_HPP

#include <optional>
#include <string>
#include <vector>

#include "options.hpp"

namespace hotpath::cli {

/// Where the stacks of the flame graph come from.
enum class StackSource {
  Sampler,   ///< run the program with libhotpath-cpu preloaded (the default)
  OffCpu,    ///< --off-cpu: run the program with libhotpath-wait preloaded
  Perf,      ///< run the program (or attach to --pid) under `perf record`
  PerfData,  ///< --perfdata: an existing perf.data file
  Folded,    ///< --folded: an existing folded stacks file
  Report,    ///< --report: the call tree of a JSON report
};

/// Everything `hotpath flamegraph` was asked to do.
struct FlamegraphOptions {
  StackSource source = StackSource::Sampler;
  std::vector<std::string> command;  ///< the program and its arguments
  std::optional<long> pid;           ///< --pid: attach perf to this process
  std::string input;                 ///< --perfdata, --folded or --report file
  std::string output = "flamegraph.svg";
  unsigned frequency_hz = 997;
  std::optional<unsigned> min_block_us;  ///< --min-block: the shortest wait kept (--off-cpu)
  bool open = false;
  bool reverse = false;
  bool verbose = false;
  bool children = false;     ///< forked children sample themselves (sampler only)
  bool follow_exec = false;  ///< executed programs keep the sampler (sampler only)
  std::vector<std::string> skip_after;
  std::string post_process;             ///< a shell command filtering the folded stacks
  std::optional<std::string> subtitle;  ///< unset: a summary of the recording
  flamegraph::Options render;           ///< title, notes, palette, sizes, inverted, flamechart
};

/// What the command line asks for.
enum class Request { Run, Help, Version, Error };

/// The result of parsing: the options to run with, or a help/version request, or an
/// error (a sentence naming the option and what it expected).
struct ParsedFlamegraphCommand {
  Request request = Request::Run;
  FlamegraphOptions options;
  std::string error;
};

/// Parses the arguments that follow `hotpath flamegraph`.
ParsedFlamegraphCommand parse_flamegraph_command(const std::vector<std::string>& arguments);

/// The text of `hotpath flamegraph --help`.
std::string flamegraph_help();

/// One line: how to call `hotpath flamegraph`.
std::string flamegraph_usage_line();

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_FLAMEGRAPH_OPTIONS_HPP
