// Finding libhotpath-cpu, the sampler that `hotpath flamegraph` preloads into the
// profiled program.
#ifndef HOTPATH_CLI_CPU_LIBRARY_HPP
#define HOTPATH_CLI_CPU_LIBRARY_HPP

#include <optional>
#include <string>

namespace hotpath::cli {

/// Where to look for the library, in order; an empty string skips a place.
struct CpuLibraryPlaces {
  std::string from_environment;  ///< $HOTPATH_CPU_LIBRARY: used as is, must exist
  std::string executable;        ///< the running `hotpath` (/proc/self/exe)
  std::string build_tree;        ///< the library this command was built with
};

/// The library's file name: libhotpath-cpu.so.<major version>.
std::string cpu_library_file_name();

/// The places of this build and process.
CpuLibraryPlaces default_cpu_library_places();

/// The absolute path of the library to preload: $HOTPATH_CPU_LIBRARY when set, else
/// <dir of hotpath>/../<libdir>/libhotpath-cpu.so.N (also ../lib) when it exists, else
/// the build tree's. Nothing and `error` set to a sentence when none exists or the path
/// cannot be used in LD_PRELOAD (which splits at spaces and colons).
std::optional<std::string> find_cpu_library(const CpuLibraryPlaces& places, std::string& error);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_CPU_LIBRARY_HPP
