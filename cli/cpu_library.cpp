// The installed layout is <prefix>/bin/hotpath and <prefix>/<libdir>/libhotpath-cpu.so.N;
// a build tree has the library at a path fixed when the command was built.
#include "cpu_library.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

namespace hotpath::cli {
namespace {

bool is_file(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

std::string absolute(const std::string& path) {
  std::error_code error;
  const std::filesystem::path result = std::filesystem::absolute(path, error);
  return error ? path : result.lexically_normal().string();
}

bool usable_in_preload(const std::string& path, std::string& error) {
  if (path.find_first_of(": \t") == std::string::npos) return true;
  error = "cannot preload \"" + path +
          "\": LD_PRELOAD splits paths at spaces and colons (set HOTPATH_CPU_LIBRARY to a "
          "copy elsewhere)";
  return false;
}

}  // namespace

std::string cpu_library_file_name() { return HOTPATH_CPU_LIBRARY_NAME; }

CpuLibraryPlaces default_cpu_library_places() {
  CpuLibraryPlaces places;
  if (const char* value = std::getenv("HOTPATH_CPU_LIBRARY")) places.from_environment = value;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) places.executable = self.string();
  places.build_tree = HOTPATH_BUILD_CPU_LIBRARY;
  return places;
}

std::optional<std::string> find_cpu_library(const CpuLibraryPlaces& places, std::string& error) {
  if (!places.from_environment.empty()) {
    if (!is_file(places.from_environment)) {
      error = "HOTPATH_CPU_LIBRARY is \"" + places.from_environment + "\", which is not a file";
      return std::nullopt;
    }
    const std::string path = absolute(places.from_environment);
    if (!usable_in_preload(path, error)) return std::nullopt;
    return path;
  }
  std::vector<std::string> candidates;
  if (!places.executable.empty()) {
    const std::filesystem::path prefix =
        std::filesystem::path(places.executable).parent_path().parent_path();
    const std::filesystem::path libdir = HOTPATH_INSTALL_LIBDIR;
    if (libdir.is_absolute()) {
      candidates.push_back((libdir / HOTPATH_CPU_LIBRARY_NAME).string());
    } else {
      candidates.push_back((prefix / libdir / HOTPATH_CPU_LIBRARY_NAME).string());
    }
    candidates.push_back((prefix / "lib" / HOTPATH_CPU_LIBRARY_NAME).string());
  }
  if (!places.build_tree.empty()) candidates.push_back(places.build_tree);
  for (const std::string& candidate : candidates) {
    if (!is_file(candidate)) continue;
    const std::string path = absolute(candidate);
    if (!usable_in_preload(path, error)) return std::nullopt;
    return path;
  }
  error = "cannot find the sampler library " HOTPATH_CPU_LIBRARY_NAME;
  if (!candidates.empty()) {
    error += " (looked for";
    const char* separator = " ";
    for (const std::string& candidate : candidates) {
      error += separator + candidate;
      separator = ", ";
    }
    error += ")";
  }
  error += ": set HOTPATH_CPU_LIBRARY to its path";
  return std::nullopt;
}

}  // namespace hotpath::cli
