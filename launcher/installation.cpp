// The installed layout first: a build tree's paths are compiled in, and would name
// a tree that may be gone by the time an installed copy runs.
#include "installation.hpp"

#include <filesystem>
#include <system_error>

namespace hotpath::launcher {
namespace {

bool path_exists(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::exists(path, error);
}

}  // namespace

std::optional<Installation> find_installation(const std::string& executable, std::string& error) {
  const std::filesystem::path bin = std::filesystem::path(executable).parent_path();
  const std::filesystem::path prefix = bin.parent_path();
  const std::filesystem::path libdir = prefix / HOTPATH_INSTALL_LIBDIR;
  Installation found;
  if (path_exists(bin / "clang-hotpath-rewrite") &&
      path_exists(prefix / "include/hotpath/hotpath.hpp")) {
    found.rewriter = (bin / "clang-hotpath-rewrite").string();
    found.include_directory = (prefix / "include").string();
    found.runtime_directory = libdir.string();
    found.alloc_directory = libdir.string();
    found.cpu_directory = libdir.string();
    return found;
  }
  if (path_exists(HOTPATH_BUILD_REWRITER)) {
    found.rewriter = HOTPATH_BUILD_REWRITER;
    found.include_directory = HOTPATH_SOURCE_INCLUDE_DIR;
    found.runtime_directory = HOTPATH_BUILD_RUNTIME_DIR;
    found.alloc_directory = HOTPATH_BUILD_ALLOC_DIR;
    found.cpu_directory = HOTPATH_BUILD_CPU_DIR;
    return found;
  }
  error = "cannot find clang-hotpath-rewrite: neither next to " + executable + " nor at " +
          HOTPATH_BUILD_REWRITER;
  return std::nullopt;
}

}  // namespace hotpath::launcher
