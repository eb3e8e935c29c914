// The installed layout is <prefix>/bin/hotpath and <prefix>/<libdir>/libhotpath-*.so.N;
// a build tree has the libraries at paths fixed when the command was built.
#include "preload_library.hpp"

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

bool usable_in_preload(const PreloadLibrary& library, const std::string& path, std::string& error) {
  if (path.find_first_of(": \t") == std::string::npos) return true;
  error = "cannot preload \"" + path + "\": LD_PRELOAD splits paths at spaces and colons (set " +
          library.variable + " to a copy elsewhere)";
  return false;
}

}  // namespace

PreloadLibrary cpu_library() {
  return {HOTPATH_CPU_LIBRARY_NAME, "HOTPATH_CPU_LIBRARY", "the sampler library",
          HOTPATH_BUILD_CPU_LIBRARY};
}

PreloadLibrary wait_library() {
  return {HOTPATH_WAIT_LIBRARY_NAME, "HOTPATH_WAIT_LIBRARY", "the off-CPU library",
          HOTPATH_BUILD_WAIT_LIBRARY};
}

LibraryPlaces default_library_places(const PreloadLibrary& library) {
  LibraryPlaces places;
  if (const char* value = std::getenv(library.variable.c_str())) places.from_environment = value;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) places.executable = self.string();
  places.build_tree = library.build_tree;
  return places;
}

std::optional<std::string> find_preload_library(const PreloadLibrary& library,
                                                const LibraryPlaces& places, std::string& error) {
  if (!places.from_environment.empty()) {
    if (!is_file(places.from_environment)) {
      error = library.variable + " is \"" + places.from_environment + "\", which is not a file";
      return std::nullopt;
    }
    const std::string path = absolute(places.from_environment);
    if (!usable_in_preload(library, path, error)) return std::nullopt;
    return path;
  }
  std::vector<std::string> candidates;
  if (!places.executable.empty()) {
    const std::filesystem::path prefix =
        std::filesystem::path(places.executable).parent_path().parent_path();
    const std::filesystem::path libdir = HOTPATH_INSTALL_LIBDIR;
    if (libdir.is_absolute()) {
      candidates.push_back((libdir / library.file_name).string());
    } else {
      candidates.push_back((prefix / libdir / library.file_name).string());
    }
    candidates.push_back((prefix / "lib" / library.file_name).string());
  }
  if (!places.build_tree.empty()) candidates.push_back(places.build_tree);
  for (const std::string& candidate : candidates) {
    if (!is_file(candidate)) continue;
    const std::string path = absolute(candidate);
    if (!usable_in_preload(library, path, error)) return std::nullopt;
    return path;
  }
  error = "cannot find " + library.description + " " + library.file_name;
  if (!candidates.empty()) {
    error += " (looked for";
    const char* separator = " ";
    for (const std::string& candidate : candidates) {
      error += separator + candidate;
      separator = ", ";
    }
    error += ")";
  }
  error += ": set " + library.variable + " to its path";
  return std::nullopt;
}

}  // namespace hotpath::cli
