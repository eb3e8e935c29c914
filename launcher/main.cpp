// hotpath-cxx: instrumented builds with any compiler, without a copy of the tree.
//
//   cmake -DCMAKE_CXX_COMPILER_LAUNCHER=hotpath-cxx -DCMAKE_CXX_LINKER_LAUNCHER=hotpath-cxx
//   make CXX=hotpath-g++          CXX=hotpath-g++ meson setup build
//
// Options of its own (--hotpath-measure-all=<regex>, ...) may stand anywhere among
// the compiler's arguments; launch_options.hpp lists them.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "instrumented_compile.hpp"
#include "launch_options.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> arguments(argv, argv + argc);
  std::string error;
  const std::optional<hotpath::launcher::Launch> launch =
      hotpath::launcher::read_launch(arguments, std::getenv("HOTPATH_CXX"), error);
  if (!launch) {
    std::fprintf(stderr, "hotpath-cxx: error: %s\n", error.c_str());
    return 2;
  }
  std::error_code ignored;
  const std::string executable = std::filesystem::read_symlink("/proc/self/exe", ignored).string();
  return hotpath::launcher::run_launch(*launch, executable);
}
