// The `hotpath` command: picks the subcommand and hands it the rest of the command
// line.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "flamegraph_command.hpp"

namespace {

constexpr const char* kUsage =
    "Usage: hotpath <command> [options]\n"
    "\n"
    "Commands:\n"
    "  flamegraph   run a program and draw where it spends CPU time as a flame graph\n"
    "               (hotpath flamegraph --help)\n"
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
  if (command == "flamegraph")
    return hotpath::cli::run_flamegraph_command({arguments.begin() + 1, arguments.end()});
  std::fprintf(stderr, "hotpath: unknown command \"%s\"\n", arguments.front().c_str());
  std::fputs(kUsage, stderr);
  return 2;
}
