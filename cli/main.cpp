// The `hotpath` command: picks the subcommand and hands it the rest of the command
// line.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "console_command.hpp"
#include "diff_command.hpp"
#include "filter_command.hpp"
#include "flamegraph_command.hpp"
#include "mcp_command.hpp"
#include "pprof_command.hpp"
#include "report_command.hpp"
#include "speedscope_command.hpp"

namespace {

constexpr const char* kUsage =
    "Usage: hotpath <command> [options]\n"
    "\n"
    "Commands:\n"
    "  flamegraph   run a program and draw where it spends CPU time as a flame graph\n"
    "               (hotpath flamegraph --help)\n"
    "  report       show a saved JSON report again: as a table, Markdown, CSV or JSON,\n"
    "               sorted, limited or focused (hotpath report --help)\n"
    "  diff         compare two saved JSON reports: regressions, improvements, new and\n"
    "               removed functions; or draw two profiles as a differential flame\n"
    "               graph (hotpath diff --help)\n"
    "  pprof        write a saved JSON report as a pprof profile, for go tool pprof and\n"
    "               continuous profilers (hotpath pprof --help)\n"
    "  speedscope   write a saved trace or JSON report in speedscope's format\n"
    "               (hotpath speedscope --help)\n"
    "  filter       list the functions whose guards distort saved JSON reports, as a\n"
    "               filter file for the next measure-all build (hotpath filter --help)\n"
    "  console      the live metrics of a running program, in the terminal\n"
    "               (hotpath console --help)\n"
    "  mcp          connect an AI assistant (an MCP client over stdio) to the live\n"
    "               metrics of a running program (hotpath mcp --help)\n"
    "\n"
    "Options:\n"
    "  -h, --help     this help\n"
    "  -V, --version  hotpath's version\n";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if (arguments.empty()) {
    std::fputs("hotpath: no command given\n", stderr);
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string_view command = arguments.front();
  if (command == "-h" || command == "--help" || command == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (command == "-V" || command == "--version") {
    std::printf("hotpath %s\n", HOTPATH_VERSION);
    return 0;
  }
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  if (command == "flamegraph") return hotpath::cli::run_flamegraph_command(rest);
  if (command == "report") return hotpath::cli::run_report_command(rest);
  if (command == "diff") return hotpath::cli::run_diff_command(rest);
  if (command == "pprof") return hotpath::cli::run_pprof_command(rest);
  if (command == "speedscope") return hotpath::cli::run_speedscope_command(rest);
  if (command == "filter") return hotpath::cli::run_filter_command(rest);
  if (command == "console") return hotpath::cli::run_console_command(rest);
  if (command == "mcp") return hotpath::cli::run_mcp_command(rest);
  std::fprintf(stderr, "hotpath: unknown command \"%s\"\n", arguments.front().c_str());
  std::fputs(kUsage, stderr);
  return 2;
}
