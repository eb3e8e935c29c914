// How hotpath-cxx was called: as a compiler launcher (`hotpath-cxx <compiler>
// <arguments>`, CMake's CMAKE_CXX_COMPILER_LAUNCHER) or in a compiler's place
// (`hotpath-g++ <arguments>`, CXX=hotpath-g++), and the --hotpath-* options that
// choose what is measured, taken out of the compiler's arguments.
#ifndef HOTPATH_LAUNCHER_LAUNCH_OPTIONS_HPP
#define HOTPATH_LAUNCHER_LAUNCH_OPTIONS_HPP

#include <optional>
#include <string>
#include <vector>

namespace hotpath::launcher {

/// The --hotpath-* options: clang-hotpath-rewrite's selection, and the libraries
/// a link adds.
struct MeasureOptions {
  /// --hotpath-measure-all[=<regex>]: unset without it, "" for every file.
  std::optional<std::string> measure_all;
  std::string measure_all_root;        ///< --hotpath-measure-all-root=<dir>
  std::optional<unsigned> min_tokens;  ///< --hotpath-min-tokens=<n>
  std::string filter;                  ///< --hotpath-filter=<file>
  /// --hotpath-header-filter=<regex>: the headers that may get guards (every header
  /// but the system's by default, as with the plugin).
  std::string header_filter = ".*";
  bool alloc = false;  ///< --hotpath-alloc: links libhotpath-alloc too
  bool cpu = false;    ///< --hotpath-cpu: links libhotpath-cpu too
};

/// One invocation, read from argv.
struct Launch {
  /// The real compiler (a name looked up in PATH, or a path), after the compiler
  /// launcher it runs under when there is one (ccache /usr/bin/g++).
  std::vector<std::string> compiler;
  std::vector<std::string> arguments;  ///< the compiler's, --hotpath-* options removed
  MeasureOptions options;
};

/// Reads argv. The program's name decides: `hotpath-cxx` takes the compiler as its
/// first argument that is not a --hotpath-* option; `hotpath-<compiler>` runs
/// <compiler> (g++, c++, clang++, g++-12...), or $HOTPATH_CXX when it is set
/// (`cxx_from_environment`). A compiler launcher as the compiler (ccache, sccache,
/// distcc, icecc) takes the compiler after it along. Nothing, with `error` set to a sentence, for
/// an unknown --hotpath-* option, an invalid value, or no compiler.
std::optional<Launch> read_launch(const std::vector<std::string>& argv,
                                  const char* cxx_from_environment, std::string& error);

}  // namespace hotpath::launcher

#endif  // HOTPATH_LAUNCHER_LAUNCH_OPTIONS_HPP
