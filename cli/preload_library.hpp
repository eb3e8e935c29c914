// Finding the libraries `hotpath flamegraph` preloads into the profiled program:
// libhotpath-cpu (the sampler) and libhotpath-wait (off-CPU stacks, --off-cpu).
#ifndef HOTPATH_CLI_PRELOAD_LIBRARY_HPP
#define HOTPATH_CLI_PRELOAD_LIBRARY_HPP

#include <optional>
#include <string>

namespace hotpath::cli {

/// One library to preload.
struct PreloadLibrary {
  std::string file_name;    ///< libhotpath-cpu.so.<major version>
  std::string variable;     ///< the environment variable that names it: HOTPATH_CPU_LIBRARY
  std::string description;  ///< "the sampler library"
  std::string build_tree;   ///< the library this command was built with; empty when none
};

/// libhotpath-cpu.
PreloadLibrary cpu_library();
/// libhotpath-wait.
PreloadLibrary wait_library();

/// Where to look for a library, in order; an empty string skips a place.
struct LibraryPlaces {
  std::string from_environment;  ///< the library's variable: used as is, must exist
  std::string executable;        ///< the running `hotpath` (/proc/self/exe)
  std::string build_tree;        ///< the library this command was built with
};

/// The places of this build and process for `library`.
LibraryPlaces default_library_places(const PreloadLibrary& library);

/// The absolute path of `library` to preload: its variable's value when set, else
/// <dir of hotpath>/../<libdir>/<file name> (also ../lib) when it exists, else the
/// build tree's. Nothing and `error` set to a sentence when none exists or the path
/// cannot be used in LD_PRELOAD (which splits at spaces and colons).
std::optional<std::string> find_preload_library(const PreloadLibrary& library,
                                                const LibraryPlaces& places, std::string& error);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_PRELOAD_LIBRARY_HPP
